/**
 * Turns a parsed request into one SQL statement. Identifiers are only ever real column names from
 * the schema cache, quoted; every value from the request is a bind parameter. Postgres formats
 * the JSON (json_agg), so dates and timestamps come out exactly as PostgREST writes them.
 */
import type { EmbedItem, Embeds } from './embedding.ts';
import type { Condition, JsonStep, OrderTerm, SelectItem } from './query-parser.ts';
import { RestError, unknownColumn } from './rest-error.ts';
import type { FunctionInfo, TableInfo } from './schema-cache.ts';

export interface Statement {
  sql: string;
  params: string[];
  /**
   * A plain write that returns no rows: its result is the driver's affected-row count. Cheaper
   * for Postgres to plan than the CTE that hands rows back, and the common case (a guest's insert).
   */
  plain?: true;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

class Params {
  readonly values: string[];
  constructor(initial: string[] = []) {
    this.values = [...initial];
  }
  add(value: string): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function tableRef(table: TableInfo): string {
  return `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
}

function column(table: TableInfo, name: string, qualifier: string): string {
  if (!table.columns.has(name)) throw unknownColumn(table.name, name);
  return `${qualifier}.${quoteIdent(name)}`;
}

/** A JSON key as SQL: a number indexes an array (`->0`), anything else is a string literal. */
function jsonKey(key: string): string {
  return /^-?\d{1,9}$/.test(key) ? key : `'${key.replaceAll("'", "''")}'`;
}

/** A column and its JSON path (`data->a->>b`), checked against the table. */
function fieldSql(table: TableInfo, name: string, path: JsonStep[] | undefined, qualifier: string): string {
  let sql = column(table, name, qualifier);
  for (const step of path ?? []) sql += `${step.arrow}${jsonKey(step.key)}`;
  return path && path.length > 0 ? `(${sql})` : sql;
}

const comparison = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
const patternMatch = { like: 'like', ilike: 'ilike', match: '~', imatch: '~*' } as const;
/** Array, range and jsonb operators: contains, contained in, overlap, and the range positions. */
const containment = {
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
} as const;
const textSearch = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;
const isSql = { null: 'is null', not_null: 'is not null', true: 'is true', false: 'is false', unknown: 'is unknown' };

/** The maximum rows of one embedded list: the read's row cap applies at every level. */
export const maxEmbeddedRows = 1000;

/**
 * Where a select, filter or order is evaluated: a table (or a function's rows) under a qualifier,
 * with the embeds already joined to it (for `rel=is.null` and `!inner`).
 */
interface Scope {
  table: TableInfo;
  qualifier: string;
  /** By embed alias or name: the lateral join's alias, whose `body` is the JSON (null: no rows). */
  embeds: Map<string, { alias: string; toOne: boolean }>;
  /** `left join lateral (…) as _pgrst_eN on true`, in select order. */
  laterals: { alias: string; sql: string }[];
  /** Conditions the joins add to the WHERE (`!inner`). */
  joinConditions: string[];
  /** Laterals the WHERE reads, which a count must join too. */
  usedLaterals: Set<string>;
}

function scopeOf(table: TableInfo, qualifier: string): Scope {
  return { table, qualifier, embeds: new Map(), laterals: [], joinConditions: [], usedLaterals: new Set() };
}

class Builder {
  readonly params: Params;
  readonly embeds: Embeds;
  readonly aggregates: boolean;
  private counter = 0;
  constructor(params: Params, embeds: Embeds, aggregates: boolean) {
    this.params = params;
    this.embeds = embeds;
    this.aggregates = aggregates;
  }
  next(): number {
    this.counter += 1;
    return this.counter;
  }

  condition(scope: Scope, condition: Condition): string {
    const { params } = this;
    let sql: string;
    if (condition.kind === 'group') {
      const parts = condition.conditions.map((c) => this.condition(scope, c));
      sql = `(${parts.join(condition.combinator === 'and' ? ' and ' : ' or ')})`;
      return condition.negated ? `not ${sql}` : sql;
    }
    const lateral = scope.table.columns.has(condition.column) ? undefined : scope.embeds.get(condition.column)?.alias;
    if (lateral !== undefined && !condition.path) {
      // `rel=is.null` / `rel=not.is.null`: rows without (or with) a related row that passes its filters.
      if (condition.op !== 'is' || (condition.value !== 'null' && condition.value !== 'not_null')) {
        throw new RestError(400, {
          code: 'PGRST100',
          message: `failed to parse filter on the embedded resource '${condition.column}'`,
          details: 'Only is.null and not.is.null apply to an embedded resource',
        });
      }
      scope.usedLaterals.add(lateral);
      sql = `${lateral}.body ${isSql[condition.value]}`;
      return condition.negated ? `not ${sql}` : sql;
    }
    const col = fieldSql(scope.table, condition.column, condition.path, scope.qualifier);
    switch (condition.op) {
      case 'in':
        // PostgREST: an empty list matches nothing.
        sql =
          condition.value.length === 0
            ? 'false'
            : `${col} in (${condition.value.map((v) => params.add(v)).join(', ')})`;
        break;
      case 'is':
        sql = `${col} ${isSql[condition.value]}`;
        break;
      case 'isdistinct':
        sql = `${col} is distinct from ${params.add(condition.value)}`;
        break;
      case 'like':
      case 'ilike':
      case 'match':
      case 'imatch': {
        // PostgREST lets `*` stand for `%` in like patterns, which is awkward to write in a URL.
        const pattern =
          condition.op === 'like' || condition.op === 'ilike' ? condition.value.replaceAll('*', '%') : condition.value;
        sql = condition.quantifier
          ? `${col} ${patternMatch[condition.op]} ${condition.quantifier}(${params.add(pattern)}::text[])`
          : `${col} ${patternMatch[condition.op]} ${params.add(pattern)}`;
        break;
      }
      case 'cs':
      case 'cd':
      case 'ov':
      case 'sl':
      case 'sr':
      case 'nxl':
      case 'nxr':
      case 'adj':
        sql = `${col} ${containment[condition.op]} ${params.add(condition.value)}`;
        break;
      case 'fts':
      case 'plfts':
      case 'phfts':
      case 'wfts': {
        const config = condition.language === undefined ? '' : `${params.add(condition.language)}::regconfig, `;
        const type = scope.table.columns.get(condition.column)?.type;
        // A text (or JSON) column is searched as the document it holds, as PostgREST does.
        const document = type === 'tsvector' && !condition.path ? col : `to_tsvector(${config}${col})`;
        sql = `${document} @@ ${textSearch[condition.op]}(${config}${params.add(condition.value)})`;
        break;
      }
      default:
        sql = condition.quantifier
          ? `${col} ${comparison[condition.op]} ${condition.quantifier}(${params.add(condition.value)})`
          : `${col} ${comparison[condition.op]} ${params.add(condition.value)}`;
    }
    return condition.negated ? `not ${sql}` : sql;
  }

  where(scope: Scope, where: Condition[]): string[] {
    return where.map((c) => this.condition(scope, c));
  }

  order(scope: Scope, order: OrderTerm[]): string {
    if (order.length === 0) return '';
    const terms = order.map((term) => {
      let sql = this.related(scope, term) ?? fieldSql(scope.table, term.column, term.path, scope.qualifier);
      if (term.direction) sql += ` ${term.direction}`;
      if (term.nulls) sql += ` nulls ${term.nulls}`;
      return sql;
    });
    return ` order by ${terms.join(', ')}`;
  }

  /**
   * `order=clients(name).desc`: a column of a to-one embed, taken from its JSON (as jsonb, so that
   * numbers order as numbers). The column must be among the embed's selected ones.
   */
  private related(scope: Scope, term: OrderTerm): string | undefined {
    const match = /^([^()]+)\(([^()]+)\)$/.exec(term.column);
    if (!match?.[1] || !match[2]) return undefined;
    const embed = scope.embeds.get(match[1]);
    if (!embed?.toOne) {
      throw new RestError(400, {
        code: 'PGRST118',
        message: `A related order on '${match[1].slice(0, 100)}' is not possible`,
        details: `'${scope.table.name}' and '${match[1].slice(0, 100)}' do not form a many-to-one or one-to-one relationship in this request`,
      });
    }
    let sql = `(${embed.alias}.body::jsonb->${jsonKey(match[2])}`;
    for (const step of term.path ?? []) sql += `${step.arrow}${jsonKey(step.key)}`;
    return `${sql})`;
  }

  /** The select list (`*` when absent), joining each embed to `scope`; also checks every name. */
  selectList(scope: Scope, select: SelectItem[] | undefined, depth = 0): { list: string[]; groupBy: string[] } {
    if (!select) return { list: [`${scope.qualifier}.*`], groupBy: [] };
    const list: string[] = [];
    const plain: string[] = [];
    let aggregated = false;
    for (const item of select) {
      if (item.kind === 'star') {
        list.push(`${scope.qualifier}.*`);
        plain.push(`${scope.qualifier}.*`);
      } else if (item.kind === 'column') {
        let sql = fieldSql(scope.table, item.column, item.path, scope.qualifier);
        if (item.cast) sql += `::${item.cast}`;
        const name = item.alias ?? item.path?.at(-1)?.key ?? item.column;
        list.push(`${sql} as ${quoteIdent(name)}`);
        plain.push(sql);
      } else if (item.kind === 'aggregate') {
        if (!this.aggregates) {
          throw new RestError(400, { code: 'PGRST123', message: 'Use of aggregate functions is not allowed' });
        }
        aggregated = true;
        const argument =
          item.column === undefined ? '*' : fieldSql(scope.table, item.column, item.path, scope.qualifier);
        list.push(`${item.fn}(${argument}) as ${quoteIdent(item.alias ?? item.fn)}`);
      } else {
        list.push(...this.embed(scope, item, depth));
      }
    }
    return { list, groupBy: aggregated ? plain : [] };
  }

  /** Joins one embed to `scope` laterally; returns what the parent's select list shows of it. */
  private embed(scope: Scope, item: EmbedItem, depth: number): string[] {
    const resolved = this.embeds.get(item);
    if (!resolved) throw new RestError(400, { code: 'PGRST200', message: `Could not embed '${item.name}' here` });
    const n = this.next();
    const alias = `_pgrst_e${n}`;
    const target = resolved.table;
    const child = scopeOf(target, `_pgrst_t${n}`);
    const rel = resolved.relationship;
    const { list } = this.selectList(child, item.select.length > 0 ? item.select : [], depth + 1);
    const links: string[] = [];
    let from = `${tableRef(target)} as ${child.qualifier}`;
    if (rel.kind === 'many-to-many') {
      const junction = `_pgrst_j${n}`;
      const on = rel.targetPairs.map(
        (p) => `${junction}.${quoteIdent(p.junction)} = ${child.qualifier}.${quoteIdent(p.target)}`,
      );
      from += ` join ${quoteIdent(rel.schema)}.${quoteIdent(rel.junction)} as ${junction} on ${on.join(' and ')}`;
      for (const p of rel.sourcePairs) {
        links.push(`${junction}.${quoteIdent(p.junction)} = ${column(scope.table, p.source, scope.qualifier)}`);
      }
    } else {
      for (const p of rel.pairs) {
        links.push(`${column(target, p.target, child.qualifier)} = ${column(scope.table, p.source, scope.qualifier)}`);
      }
    }
    const params = resolved.params;
    const conditions = [...links, ...this.where(child, params?.where ?? []), ...child.joinConditions];
    for (const lateral of child.laterals) from += ` left join lateral (${lateral.sql}) as ${lateral.alias} on true`;
    let inner = `select ${list.length > 0 ? list.join(', ') : 'null as _pgrst_none'} from ${from} where ${conditions.join(' and ')}`;
    inner += this.order(child, params?.order ?? []);
    let sql: string;
    if (resolved.toOne) {
      sql = `select row_to_json(_pgrst_r) as body from (${inner} limit 1) as _pgrst_r`;
    } else {
      inner += ` limit ${this.params.add(String(Math.min(params?.limit ?? maxEmbeddedRows, maxEmbeddedRows)))}`;
      if (params?.offset !== undefined) inner += ` offset ${this.params.add(String(params.offset))}`;
      sql = `select json_agg(_pgrst_r) as body from (${inner}) as _pgrst_r`;
    }
    scope.laterals.push({ alias, sql });
    const key = item.alias ?? item.name;
    scope.embeds.set(key, { alias, toOne: resolved.toOne });
    if (item.join === 'inner') {
      scope.joinConditions.push(`${alias}.body is not null`);
      scope.usedLaterals.add(alias);
    }
    if (item.select.length === 0) return [];
    if (item.spread) {
      return outputNames(item.select, target, this.embeds).map(
        (name) => `${alias}.body->${jsonKey(name)} as ${quoteIdent(name)}`,
      );
    }
    return [
      resolved.toOne
        ? `${alias}.body as ${quoteIdent(key)}`
        : `coalesce(${alias}.body, '[]'::json) as ${quoteIdent(key)}`,
    ];
  }
}

/** The keys a select gives each object: what a spread lifts into its parent. */
function outputNames(select: SelectItem[], table: TableInfo, embeds: Embeds): string[] {
  return select.flatMap((item) => {
    if (item.kind === 'star') return [...table.columns.keys()];
    if (item.kind === 'column') return [item.alias ?? item.path?.at(-1)?.key ?? item.column];
    if (item.kind === 'aggregate') return [item.alias ?? item.fn];
    if (item.select.length === 0) return [];
    const resolved = embeds.get(item);
    if (item.spread && resolved) return outputNames(item.select, resolved.table, embeds);
    return [item.alias ?? item.name];
  });
}

function fromWithLaterals(from: string, laterals: Scope['laterals'], only?: Set<string>): string {
  return laterals
    .filter((lateral) => !only || only.has(lateral.alias))
    .reduce((sql, lateral) => `${sql} left join lateral (${lateral.sql}) as ${lateral.alias} on true`, from);
}

/**
 * The rows of `_pgrst_t` as the body: a JSON array, or CSV as PostgREST writes it — a header of
 * the first row's keys, then each row as Postgres prints a record without its parentheses
 * (values quoted only where needed, NULL empty, arrays as `{a,b}`); nothing for no rows.
 */
function rowsBody(csv: boolean): string {
  if (!csv) return `coalesce(json_agg(_pgrst_t), '[]')::text`;
  const header = `(select string_agg(_pgrst_k, ',') from json_object_keys(json_agg(_pgrst_t)->0) as _pgrst_k)`;
  const lines = `string_agg(substring(_pgrst_t::text, 2, length(_pgrst_t::text) - 2), chr(10))`;
  return `case when count(*) = 0 then '' else ${header} || chr(10) || ${lines} end`;
}

export interface ReadOptions {
  select: SelectItem[] | undefined;
  where: Condition[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number | undefined;
  /**
   * Also count the matching rows (Prefer: count=…): every one, or at most `cap` + 1 of them
   * (count=estimated, which asks the planner beyond the cap).
   */
  count: boolean | { cap: number };
  /** HEAD: only the counts are needed. */
  bodyless: boolean;
  /** Accept: text/csv — the body is CSV (rowsBody) instead of a JSON array. */
  csv?: boolean;
  /** The relationships of the select's embeds (embedding.ts). */
  embeds: Embeds;
  /** Aggregate functions in select (PostgREST's db-aggregates-enabled). */
  aggregates: boolean;
  /**
   * Read from this query (a function's rows) instead of the table: it becomes a CTE named after
   * `table`, whose columns `table` describes; its parameters come first.
   */
  source?: { sql: string; params: string[] };
}

/** One row: `n` rows in this page, `body` (a JSON array as text) and, if asked, `total`. */
export function buildRead(table: TableInfo, options: ReadOptions): Statement {
  const params = new Params(options.source?.params);
  const builder = new Builder(params, options.embeds, options.aggregates);
  const self = quoteIdent(table.name);
  const from = options.source ? self : tableRef(table);
  // Materialized, so the count and the page read the function's rows once.
  const prefix = options.source ? `with ${self} as materialized (${options.source.sql}) ` : '';
  const scope = scopeOf(table, self);
  const { list, groupBy } = builder.selectList(scope, options.select);
  const conditions = [...builder.where(scope, options.where), ...scope.joinConditions];
  const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
  const group = groupBy.length > 0 ? ` group by ${groupBy.join(', ')}` : '';
  let page = `select ${list.join(', ')} from ${fromWithLaterals(from, scope.laterals)}${where}${group}${builder.order(scope, options.order)}`;
  if (options.limit !== undefined) page += ` limit ${params.add(String(options.limit))}`;
  if (options.offset !== undefined) page += ` offset ${params.add(String(options.offset))}`;
  const body = options.bodyless ? `'[]'` : rowsBody(options.csv === true);
  // The count reuses the filter's parameters (same numbers, bound once) and joins only the embeds
  // the filter reads.
  const countFrom = fromWithLaterals(from, scope.laterals, scope.usedLaterals);
  const cap = typeof options.count === 'object' ? ` limit ${options.count.cap + 1}` : '';
  const total = !options.count
    ? 'null::bigint'
    : group || cap
      ? `(select count(*) from (select 1 from ${countFrom}${where}${group}${cap}) _pgrst_g)`
      : `(select count(*) from ${countFrom}${where})`;
  return {
    sql: `${prefix}select count(_pgrst_t) as n, ${body} as body, ${total} as total from (${page}) _pgrst_t`,
    params: params.values,
  };
}

/**
 * The planner's estimate of the rows a read matches (Prefer: count=planned), as PostgREST takes
 * it: EXPLAIN of the matching rows, without paging, with the same parameters.
 */
export function buildPlannedCount(table: TableInfo, options: ReadOptions): Statement {
  const params = new Params(options.source?.params);
  const builder = new Builder(params, options.embeds, options.aggregates);
  const self = quoteIdent(table.name);
  const from = options.source ? self : tableRef(table);
  const prefix = options.source ? `with ${self} as materialized (${options.source.sql}) ` : '';
  const scope = scopeOf(table, self);
  // The select list is built only for the joins of its embeds (`!inner` filters rows).
  builder.selectList(scope, options.select);
  const conditions = [...builder.where(scope, options.where), ...scope.joinConditions];
  const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
  // Every embed joined, so that every parameter is read (EXPLAIN only plans: nothing runs).
  const all = fromWithLaterals(from, scope.laterals);
  return { sql: `explain (format json) ${prefix}select 1 from ${all}${where}`, params: params.values };
}

/** What a write hands back: nothing (`minimal`), some columns, or the primary key (for Location). */
export type Returning =
  | { kind: 'minimal' }
  | { kind: 'select'; select: SelectItem[] | undefined; embeds: Embeds; csv?: boolean }
  | { kind: 'key' };

/** The table's columns a select reads, joins included: what the write must hand back. */
function columnsRead(table: TableInfo, select: SelectItem[], embeds: Embeds): string[] {
  const names = new Set<string>();
  for (const item of select) {
    if (item.kind === 'column' || (item.kind === 'aggregate' && item.column !== undefined)) {
      if (item.column !== undefined) names.add(item.column);
    } else if (item.kind === 'embed') {
      const rel = embeds.get(item)?.relationship;
      if (rel?.kind === 'many-to-many') for (const p of rel.sourcePairs) names.add(p.source);
      else for (const p of rel?.pairs ?? []) names.add(p.source);
    }
  }
  for (const name of names) if (!table.columns.has(name)) throw unknownColumn(table.name, name);
  return [...names];
}

/**
 * `bodyCheck`, a query over the request body, is made part of the result so Postgres always
 * evaluates it: an update that matches no rows must still refuse a body of the wrong types.
 * Embeds read the related rows as they were before the write, in the same statement.
 */
function mutationSql(
  table: TableInfo,
  mutation: string,
  returning: Returning,
  params: Params,
  bodyCheck?: string,
): string {
  const self = quoteIdent(table.name);
  const check = bodyCheck ? `_pgrst_body as (${bodyCheck}), ` : '';
  const checked = bodyCheck ? ', (select count(*) from _pgrst_body) as checked' : '';
  if (returning.kind === 'minimal') {
    return `with ${check}_pgrst_source as (${mutation} returning 1) select count(*) as n, '[]' as body, null::bigint as total${checked} from _pgrst_source`;
  }
  const select: SelectItem[] | undefined =
    returning.kind === 'key'
      ? table.primaryKey.map((name) => ({ kind: 'column', column: name, alias: undefined }))
      : returning.select;
  const embeds = returning.kind === 'select' ? returning.embeds : new Map();
  // Hand back only the columns asked for (and those the embeds join on): column privileges then
  // apply exactly as they would to a SELECT of those columns.
  const wanted =
    !select || select.some((item) => item.kind === 'star')
      ? `${self}.*`
      : columnsRead(table, select, embeds)
          .map((name) => `${self}.${quoteIdent(name)}`)
          .join(', ') || '1 as _pgrst_none';
  const builder = new Builder(params, embeds, false);
  const scope = scopeOf(table, '_pgrst_source');
  const { list } = builder.selectList(scope, select);
  const conditions = scope.joinConditions.length > 0 ? ` where ${scope.joinConditions.join(' and ')}` : '';
  return (
    `with ${check}_pgrst_source as (${mutation} returning ${wanted}) ` +
    `select count(*) as n, ${rowsBody(returning.kind === 'select' && returning.csv === true)} as body, null::bigint as total${checked} ` +
    `from (select ${list.join(', ') || 'null as _pgrst_none'} from ${fromWithLaterals('_pgrst_source', scope.laterals)}${conditions}) _pgrst_t`
  );
}

function whereSql(table: TableInfo, where: Condition[], params: Params, qualifier: string): string {
  if (where.length === 0) return '';
  const builder = new Builder(params, new Map(), false);
  return ` where ${builder.where(scopeOf(table, qualifier), where).join(' and ')}`;
}

export interface InsertOptions {
  /** The body's rows (each a plain JSON object). */
  rows: Record<string, unknown>[];
  /** Columns to insert: from `columns=`, or the body's keys. */
  columns: string[];
  /** Prefer: missing=default — a column a row leaves out gets its default, not NULL. */
  missingDefault: boolean;
  returning: Returning;
  /** Prefer: resolution=…, with the conflict target (on_conflict, or the primary key). */
  upsert: { resolution: 'merge' | 'ignore'; target: string[] } | undefined;
}

export function buildInsert(table: TableInfo, options: InsertOptions): Statement {
  const params = new Params();
  const target = tableRef(table);
  const columns = options.columns.map((name) => column(table, name, '_pgrst_r'));
  const columnList = options.columns.map(quoteIdent).join(', ');
  const recordType = `null::${target}`;
  let insert: string;
  if (options.missingDefault && options.columns.length > 0 && options.rows.length > 0) {
    // One parameter per row, so Postgres parses each row's JSON on its own; DEFAULT where a row
    // leaves a column out.
    const values = options.rows.map((row) => {
      const record = `json_populate_record(${recordType}, ${params.add(JSON.stringify(row))}::text::json)`;
      const cells = options.columns.map((name) =>
        Object.hasOwn(row, name) ? `(${record}).${quoteIdent(name)}` : 'default',
      );
      return `(${cells.join(', ')})`;
    });
    insert = `insert into ${target} (${columnList}) values ${values.join(', ')}`;
  } else {
    const source = `json_populate_recordset(${recordType}, ${params.add(JSON.stringify(options.rows))}::text::json) _pgrst_r`;
    insert =
      options.columns.length > 0
        ? `insert into ${target} (${columnList}) select ${columns.join(', ')} from ${source}`
        : `insert into ${target} select from ${source}`;
  }
  if (options.upsert) {
    const conflictTarget = options.upsert.target.map((name) =>
      column(table, name, '_pgrst_r').slice('_pgrst_r.'.length),
    );
    if (conflictTarget.length === 0) {
      throw new RestError(400, {
        code: 'PGRST100',
        message: 'An upsert needs on_conflict or a primary key',
      });
    }
    const updates = options.columns.map((name) => `${quoteIdent(name)} = excluded.${quoteIdent(name)}`);
    insert +=
      options.upsert.resolution === 'ignore' || updates.length === 0
        ? ` on conflict (${conflictTarget.join(', ')}) do nothing`
        : ` on conflict (${conflictTarget.join(', ')}) do update set ${updates.join(', ')}`;
  }
  if (options.returning.kind === 'minimal') return { sql: insert, params: params.values, plain: true };
  return { sql: mutationSql(table, insert, options.returning, params), params: params.values };
}

export interface UpdateOptions {
  values: Record<string, unknown>;
  where: Condition[];
  returning: Returning;
}

export function buildUpdate(table: TableInfo, options: UpdateOptions): Statement {
  const params = new Params();
  const self = quoteIdent(table.name);
  const names = Object.keys(options.values);
  const body = params.add(JSON.stringify(options.values));
  const sets = names.map(
    (name) => `${column(table, name, '_pgrst_b').slice('_pgrst_b.'.length)} = _pgrst_b.${quoteIdent(name)}`,
  );
  const record = `select * from json_populate_record(null::${tableRef(table)}, ${body}::text::json)`;
  const update =
    `update ${tableRef(table)} set ${sets.join(', ')} from (${record}) _pgrst_b` +
    whereSql(table, options.where, params, self);
  return { sql: mutationSql(table, update, options.returning, params, record), params: params.values };
}

export interface DeleteOptions {
  where: Condition[];
  returning: Returning;
}

export function buildDelete(table: TableInfo, options: DeleteOptions): Statement {
  const params = new Params();
  const self = quoteIdent(table.name);
  const del = `delete from ${tableRef(table)}${whereSql(table, options.where, params, self)}`;
  if (options.returning.kind === 'minimal') return { sql: del, params: params.values, plain: true };
  return { sql: mutationSql(table, del, options.returning, params), params: params.values };
}

/** The call of a function with the named arguments given (the others keep their defaults). */
export interface Call {
  /** FROM items that provide the arguments (empty when there are none), to be joined laterally. */
  from: string;
  /** `"public"."fn"("a" => _pgrst_args."a", …)` */
  expression: string;
  params: string[];
}

/**
 * Arguments travel as one JSON parameter, turned into typed values by json_to_record with the
 * parameters' own types from the catalog, as PostgREST does: a value of the wrong type is refused
 * by Postgres (22P02 and friends), never spliced into SQL.
 */
export function buildCall(fn: FunctionInfo, args: Record<string, unknown>): Call {
  const given = fn.params.filter((param) => Object.hasOwn(args, param.name));
  const callee = `${quoteIdent(fn.schema)}.${quoteIdent(fn.name)}`;
  if (given.length === 0) return { from: '', expression: `${callee}()`, params: [] };
  const record = given.map((param) => `${quoteIdent(param.name)} ${param.type}`).join(', ');
  const named = given.map((param) => `${quoteIdent(param.name)} => _pgrst_args.${quoteIdent(param.name)}`);
  const values = Object.fromEntries(given.map((param) => [param.name, args[param.name]]));
  return {
    from: `json_to_record($1::json) as _pgrst_args(${record})`,
    expression: `${callee}(${named.join(', ')})`,
    params: [JSON.stringify(values)],
  };
}

/** void: the call alone. One row whatever it did. */
export function buildVoidCall(call: Call): Statement {
  const from = call.from ? ` from ${call.from}` : '';
  return {
    sql: `select 1::bigint as n, '' as body, null::bigint as total from (select ${call.expression}${from}) _pgrst_v`,
    params: call.params,
  };
}

/** A scalar (or a set of them): the value itself as JSON, or a JSON array of the values. */
export function buildScalarCall(call: Call, set: boolean): Statement {
  const lateral = call.from ? `${call.from}, lateral ` : '';
  if (!set) {
    return {
      sql: `select 1::bigint as n, coalesce(to_json(_pgrst_v.v), 'null'::json)::text as body, null::bigint as total from (select ${call.expression} as v${call.from ? ` from ${call.from}` : ''}) _pgrst_v`,
      params: call.params,
    };
  }
  return {
    sql: `select count(*) as n, coalesce(json_agg(_pgrst_f.v), '[]')::text as body, null::bigint as total from ${lateral}${call.expression} as _pgrst_f(v)`,
    params: call.params,
  };
}

/** Rows of a function, as the source of an ordinary read (select, filters, order, paging, count). */
export function callSource(call: Call): { sql: string; params: string[] } {
  const lateral = call.from ? `${call.from}, lateral ` : '';
  return { sql: `select _pgrst_f.* from ${lateral}${call.expression} as _pgrst_f`, params: call.params };
}
