/**
 * Resource embedding: which relationship each `rel(…)` of a select follows, decided by PostgREST's
 * rules from the foreign keys in the schema cache, before any SQL is built. The builder then only
 * reads the answers (sql-builder.ts).
 */
import type { EmbedParams, ParsedQuery, SelectItem } from './query-parser.ts';
import { RestError } from './rest-error.ts';
import type { Relationship, SchemaCache, TableInfo } from './schema-cache.ts';

export type EmbedItem = Extract<SelectItem, { kind: 'embed' }>;

export interface ResolvedEmbed {
  table: TableInfo;
  relationship: Relationship;
  /** `tables.limit=2` and friends, when given. */
  params: EmbedParams | undefined;
  /** An object (many-to-one, one-to-one) or an array (one-to-many, many-to-many). */
  toOne: boolean;
}

/** Every embed of a select, by its item (the builder walks the same tree). */
export type Embeds = Map<EmbedItem, ResolvedEmbed>;

/** The single column of a direct relationship's source and target side, if it has just one. */
function singleColumns(rel: Relationship): { source: string; target: string } | undefined {
  if (rel.kind === 'many-to-many' || rel.pairs.length !== 1) return undefined;
  return rel.pairs[0];
}

function constraintOf(rel: Relationship): string | undefined {
  return rel.kind === 'many-to-many' ? undefined : rel.foreignKey.name;
}

/**
 * PostgREST's matching: the target is a table or view name, a foreign key's name or (without a
 * hint) the source's column of a one-column foreign key; a hint names the foreign key, a column
 * of a one-column foreign key on either side, or the junction table. A table referencing itself
 * has two relationships over one key: its name gives the one-to-many, the column the many-to-one.
 */
function matches(rel: Relationship, target: string, hint: string | undefined): boolean {
  const single = singleColumns(rel);
  const self = rel.kind !== 'many-to-many' && rel.source === rel.target;
  if (self) {
    if (hint === undefined) {
      return (
        (rel.target === target && rel.kind === 'one-to-many') ||
        (single?.source === target && rel.kind === 'many-to-one')
      );
    }
    return rel.target === target && rel.kind !== 'many-to-one' && single?.target === hint;
  }
  if (hint === undefined) {
    return rel.target === target || constraintOf(rel) === target || single?.source === target;
  }
  return (
    rel.target === target &&
    (constraintOf(rel) === hint ||
      single?.source === hint ||
      single?.target === hint ||
      (rel.kind === 'many-to-many' && rel.junction === hint))
  );
}

function describe(rel: Relationship): Record<string, string> {
  if (rel.kind === 'many-to-many') {
    return {
      cardinality: rel.kind,
      embedding: `${rel.source} with ${rel.target}`,
      relationship: `${rel.junction} using ${rel.sourceKey.name}(${rel.sourceKey.columns.join(', ')}) and ${rel.targetKey.name}(${rel.targetKey.columns.join(', ')})`,
    };
  }
  return {
    cardinality: rel.kind,
    embedding: `${rel.source} with ${rel.target}`,
    relationship: `${rel.foreignKey.name} using ${rel.source}(${rel.pairs.map((p) => p.source).join(', ')}) and ${rel.target}(${rel.pairs.map((p) => p.target).join(', ')})`,
  };
}

function noRelationship(schema: string, source: string, target: string, hint: string | undefined): RestError {
  const using = hint === undefined ? '' : ` using the hint '${hint.slice(0, 100)}'`;
  return new RestError(400, {
    code: 'PGRST200',
    message: `Could not find a relationship between '${source}' and '${target.slice(0, 100)}' in the schema cache`,
    details: `Searched for a foreign key relationship between '${source}' and '${target.slice(0, 100)}'${using} in the schema '${schema}', but no matches were found.`,
  });
}

function ambiguous(source: string, target: string, candidates: Relationship[]): RestError {
  const options = candidates.map(
    (rel) => `'${target}!${rel.kind === 'many-to-many' ? rel.junction : rel.foreignKey.name}'`,
  );
  return new RestError(300, {
    code: 'PGRST201',
    message: `Could not embed because more than one relationship was found for '${source}' and '${target}'`,
    details: candidates.map(describe),
    hint: `Try changing '${target}' to one of the following: ${options.join(', ')}. Find the desired relationship in the 'details' key.`,
  });
}

/** The key of an embed in `tables.order=…`: its alias, or its name, after its parents'. */
export function embedKey(prefix: string, item: EmbedItem): string {
  const own = item.alias ?? item.name;
  return prefix === '' ? own : `${prefix}.${own}`;
}

/**
 * Resolves every embed of `select` (and theirs, recursively) from `table`. Parameters given for
 * an embed that the select does not have are refused, as PostgREST does (PGRST108).
 */
export async function resolveEmbeds(
  schema: SchemaCache,
  table: TableInfo,
  select: SelectItem[] | undefined,
  embedded: ParsedQuery['embedded'],
): Promise<Embeds> {
  const out: Embeds = new Map();
  const used = new Set<string>();
  async function walk(source: TableInfo, items: SelectItem[], prefix: string): Promise<void> {
    for (const item of items) {
      if (item.kind !== 'embed') continue;
      const candidates = (await schema.relationships(source.name, source.schema)).filter((rel) =>
        matches(rel, item.name, item.hint),
      );
      const [only, ...others] = candidates;
      if (!only) throw noRelationship(source.schema, source.name, item.name, item.hint);
      if (others.length > 0) throw ambiguous(source.name, item.name, candidates);
      const target = await schema.table(only.target, source.schema);
      if (!target) throw noRelationship(source.schema, source.name, item.name, item.hint);
      const toOne = only.kind === 'many-to-one' || only.kind === 'one-to-one';
      if (item.spread && !toOne) {
        throw new RestError(400, {
          code: 'PGRST119',
          message: `A spread operation on '${item.name}' is not possible`,
          details: `'${source.name}' and '${item.name}' do not form a many-to-one or one-to-one relationship`,
        });
      }
      const key = embedKey(prefix, item);
      used.add(key);
      out.set(item, { table: target, relationship: only, params: embedded.get(key), toOne });
      await walk(target, item.select, key);
    }
  }
  await walk(table, select ?? [], '');
  for (const key of embedded.keys()) {
    if (!used.has(key)) {
      throw new RestError(400, {
        code: 'PGRST108',
        message: `'${key.slice(0, 100)}' is not an embedded resource in this request`,
        hint: `Verify that '${key.slice(0, 100)}' is included in the 'select' query parameter.`,
      });
    }
  }
  return out;
}
