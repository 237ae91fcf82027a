/**
 * The tables and views of schema `public`, their columns and foreign keys, and its functions with their parameters, read
 * from the catalog and kept in memory.
 * Every identifier the REST surface writes into SQL comes from here. A name we do not know makes
 * us read the catalog again (at most once a second), so a migration run by another server
 * instance shows up without a restart.
 */
import type { Queryable } from '../db/database.ts';

export interface ColumnInfo {
  name: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

export interface TableInfo {
  /** One of the exposed schemas (REST_SCHEMAS). */
  schema: string;
  name: string;
  /** Tables (and partitioned ones), views and materialized views: all readable where granted. */
  kind: 'table' | 'view' | 'materialized view';
  columns: Map<string, ColumnInfo>;
  primaryKey: string[];
}

/**
 * A foreign key as PostgREST sees it: `columns` of `table` reference `foreignColumns` of
 * `foreignTable`. Views inherit the foreign keys of the tables their columns come from (see
 * viewLineageSql), under the constraint's name.
 */
export interface ForeignKey {
  /** Both ends are in this schema: PostgREST embeds within the request's schema only. */
  schema: string;
  name: string;
  table: string;
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
  /** The referencing columns are unique (a primary key or unique constraint): one-to-one. */
  unique: boolean;
}

/** What an embed of `target` from `source` follows: one foreign key, or two through a junction. */
export type Relationship =
  | {
      kind: 'many-to-one' | 'one-to-many' | 'one-to-one';
      schema: string;
      source: string;
      target: string;
      foreignKey: ForeignKey;
      /** Column of the source = column of the target, pair by pair. */
      pairs: { source: string; target: string }[];
    }
  | {
      kind: 'many-to-many';
      schema: string;
      source: string;
      target: string;
      junction: string;
      sourceKey: ForeignKey;
      targetKey: ForeignKey;
      /** Column of the source = column of the junction. */
      sourcePairs: { source: string; junction: string }[];
      /** Column of the junction = column of the target. */
      targetPairs: { junction: string; target: string }[];
    };

export interface FunctionParam {
  name: string;
  type: string;
  hasDefault: boolean;
}

/** A function of an exposed schema that the REST surface may call (`/rpc/<name>`). */
export interface FunctionInfo {
  schema: string;
  name: string;
  /** Its input parameters, in order; all named (a function with an unnamed one is not exposed). */
  params: FunctionParam[];
  returnsSet: boolean;
  /** void: nothing; scalar: one value per row; rows: objects with `columns`. */
  returns: 'void' | 'scalar' | 'rows';
  columns: Map<string, ColumnInfo>;
  /** Stable and immutable functions may be called with GET (in a read-only transaction). */
  volatile: boolean;
}

export interface SchemaCache {
  table(name: string, schema?: string): Promise<TableInfo | undefined>;
  /** Every relationship from `source` (a table or view of `schema`) to another of that schema. */
  relationships(source: string, schema?: string): Promise<Relationship[]>;
  /** Reads the catalog now (NOTIFY pgrst, 'reload schema'), whenever it was last read. */
  reload(): Promise<void>;
  /** The overloads of a function of `schema` (empty when there is none). */
  functions(name: string, schema?: string): Promise<FunctionInfo[]>;
  /** Reads the catalog again if it was not read in the last second; true when it did. */
  refresh(): Promise<boolean>;
}

interface CatalogRow {
  schema_name: string;
  table_name: string;
  kind: string;
  column_name: string;
  type: string;
  not_null: boolean;
  has_default: boolean;
  primary_key: boolean;
}

// Tables (and partitioned ones), views and materialized views of the exposed schemas ($1).
const catalogSql = `
  select n.nspname as schema_name,
         c.relname as table_name,
         c.relkind::text as kind,
         a.attname as column_name,
         format_type(a.atttypid, a.atttypmod) as type,
         a.attnotnull as not_null,
         (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default,
         coalesce(a.attnum = any(pk.conkey), false) as primary_key
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    left join pg_catalog.pg_constraint pk on pk.conrelid = c.oid and pk.contype = 'p'
   where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'v', 'm')
   order by n.nspname, c.relname, a.attnum`;

interface ForeignKeyRow {
  schema_name: string;
  name: string;
  table_name: string;
  columns: string[];
  foreign_table: string;
  foreign_columns: string[];
  is_unique: boolean;
}

// Foreign keys between relations of public, columns in constraint order; `is_unique` when the
// referencing columns are exactly a primary key or unique constraint of their table.
const foreignKeysSql = `
  select n.nspname as schema_name,
         con.conname as name,
         c.relname as table_name,
         array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, i)
                 join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
                order by k.i) as columns,
         fc.relname as foreign_table,
         array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, i)
                 join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum
                order by k.i) as foreign_columns,
         exists (select 1 from pg_catalog.pg_constraint u
                  where u.conrelid = con.conrelid and u.contype in ('p', 'u')
                    and u.conkey::int2[] @> con.conkey::int2[] and u.conkey::int2[] <@ con.conkey::int2[]) as is_unique
    from pg_catalog.pg_constraint con
    join pg_catalog.pg_class c on c.oid = con.conrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_class fc on fc.oid = con.confrelid
    join pg_catalog.pg_namespace fn on fn.oid = fc.relnamespace
   where con.contype = 'f' and n.nspname = any($1::text[]) and fn.nspname = n.nspname
   order by n.nspname, con.conname`;

interface LineageRow {
  schema_name: string;
  view_name: string;
  table_name: string;
  column_name: string;
}

// The table columns each view of public reads (its rewrite rule depends on them) that the view
// also exposes under the same name: the lineage PostgREST follows to give views the foreign keys
// of their tables. A column renamed in the view is not followed.
const viewLineageSql = `
  select distinct vn.nspname as schema_name, v.relname as view_name, t.relname as table_name,
         ta.attname as column_name
    from pg_catalog.pg_class v
    join pg_catalog.pg_namespace vn on vn.oid = v.relnamespace
    join pg_catalog.pg_rewrite r on r.ev_class = v.oid
    join pg_catalog.pg_depend d on d.classid = 'pg_catalog.pg_rewrite'::regclass and d.objid = r.oid
                               and d.refclassid = 'pg_catalog.pg_class'::regclass and d.refobjsubid > 0
    join pg_catalog.pg_class t on t.oid = d.refobjid and t.oid <> v.oid
    join pg_catalog.pg_namespace tn on tn.oid = t.relnamespace
    join pg_catalog.pg_attribute ta on ta.attrelid = t.oid and ta.attnum = d.refobjsubid
    join pg_catalog.pg_attribute va on va.attrelid = v.oid and va.attname = ta.attname and va.attnum > 0
   where vn.nspname = any($1::text[]) and tn.nspname = vn.nspname and v.relkind in ('v', 'm')`;

/**
 * The foreign keys of the views: a view that shows every referencing column of a table's foreign
 * key (under the same names) references what that table references, and a view that shows every
 * referenced column is referenced as the table is. One level (views of tables), as is common.
 */
function viewForeignKeys(keys: ForeignKey[], lineage: LineageRow[]): ForeignKey[] {
  const shown = new Map<string, Set<string>>();
  for (const row of lineage) {
    const key = `${row.schema_name}\u0000${row.view_name}\u0000${row.table_name}`;
    shown.set(key, (shown.get(key) ?? new Set()).add(row.column_name));
  }
  const shows = (schema: string, view: string, table: string, columns: string[]) => {
    const set = shown.get(`${schema}\u0000${view}\u0000${table}`);
    return set !== undefined && columns.every((c) => set.has(c));
  };
  const out: ForeignKey[] = [];
  for (const key of keys) {
    const views = [...new Set(lineage.filter((row) => row.schema_name === key.schema).map((row) => row.view_name))];
    const sources = [key.table, ...views.filter((v) => shows(key.schema, v, key.table, key.columns))];
    const targets = [
      key.foreignTable,
      ...views.filter((v) => shows(key.schema, v, key.foreignTable, key.foreignColumns)),
    ];
    for (const table of sources) {
      for (const foreignTable of targets) {
        if (table === key.table && foreignTable === key.foreignTable) continue;
        out.push({ ...key, table, foreignTable, unique: table === key.table ? key.unique : false });
      }
    }
  }
  return out;
}

/** Every relationship the foreign keys give, by schema and source. */
function relationshipIndex(keys: ForeignKey[], tables: Map<string, TableInfo>): Map<string, Relationship[]> {
  const index = new Map<string, Relationship[]>();
  const add = (rel: Relationship) => {
    const key = `${rel.schema}\u0000${rel.source}`;
    index.set(key, [...(index.get(key) ?? []), rel]);
  };
  for (const fk of keys) {
    const pairs = fk.columns.map((column, i) => ({ source: column, target: fk.foreignColumns[i] ?? '' }));
    add({
      kind: fk.unique ? 'one-to-one' : 'many-to-one',
      schema: fk.schema,
      source: fk.table,
      target: fk.foreignTable,
      foreignKey: fk,
      pairs,
    });
    add({
      kind: fk.unique ? 'one-to-one' : 'one-to-many',
      schema: fk.schema,
      source: fk.foreignTable,
      target: fk.table,
      foreignKey: fk,
      pairs: pairs.map((p) => ({ source: p.target, target: p.source })),
    });
  }
  // A junction: a table with foreign keys to both sides whose columns are all in its primary key.
  const byTable = new Map<string, ForeignKey[]>();
  for (const fk of keys) {
    const key = `${fk.schema}\u0000${fk.table}`;
    byTable.set(key, [...(byTable.get(key) ?? []), fk]);
  }
  for (const [key, junctionKeys] of byTable) {
    const primaryKey = tables.get(key)?.primaryKey ?? [];
    const junction = junctionKeys[0]?.table ?? '';
    const eligible = junctionKeys.filter((fk) => fk.columns.every((c) => primaryKey.includes(c)));
    for (const sourceKey of eligible) {
      for (const targetKey of eligible) {
        if (sourceKey === targetKey) continue;
        add({
          kind: 'many-to-many',
          schema: sourceKey.schema,
          source: sourceKey.foreignTable,
          target: targetKey.foreignTable,
          junction,
          sourceKey,
          targetKey,
          sourcePairs: sourceKey.foreignColumns.map((column, i) => ({
            source: column,
            junction: sourceKey.columns[i] ?? '',
          })),
          targetPairs: targetKey.columns.map((column, i) => ({
            junction: column,
            target: targetKey.foreignColumns[i] ?? '',
          })),
        });
      }
    }
  }
  return index;
}

interface FunctionRow {
  schema_name: string;
  name: string;
  volatility: string;
  returns_set: boolean;
  return_type: string;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  defaults: number;
  composite_columns: { name: string; type: string }[] | null;
}

// Plain functions (no procedures, aggregates or window functions) of schema public, with their
// parameters and, for functions returning rows, the columns of those rows. Functions over
// pseudo-types (triggers, internal helpers) are left out: they cannot be called with JSON.
const functionsSql = `
  select n.nspname as schema_name,
         p.proname as name,
         p.provolatile::text as volatility,
         p.proretset as returns_set,
         format_type(p.prorettype, null) as return_type,
         p.proargnames::text[] as arg_names,
         p.proargmodes::text[] as arg_modes,
         array(select format_type(a.t, null)
                 from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as a(t, i)
                order by a.i) as arg_types,
         p.pronargdefaults::int as defaults,
         (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod))
                           order by a.attnum)
            from pg_catalog.pg_attribute a
           where a.attrelid = t.typrelid and t.typrelid <> 0 and a.attnum > 0 and not a.attisdropped) as composite_columns
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    join pg_catalog.pg_type t on t.oid = p.prorettype
   where n.nspname = any($1::text[]) and p.prokind = 'f'
     and format_type(p.prorettype, null) not in ('trigger', 'event_trigger', 'internal', 'language_handler')
     and not exists (
       select 1 from unnest(p.proargtypes::oid[]) as arg(t) join pg_catalog.pg_type at on at.oid = arg.t
        where at.typtype = 'p' and at.typname not in ('anyelement', 'anyarray')
     )`;

/** A catalog row as FunctionInfo, or undefined when it cannot be called with named JSON arguments. */
function toFunctionInfo(row: FunctionRow): FunctionInfo | undefined {
  const modes = row.arg_modes ?? row.arg_types.map(() => 'i');
  const names = row.arg_names ?? [];
  const inputs: { name: string; type: string }[] = [];
  const outputs: { name: string; type: string }[] = [];
  modes.forEach((mode, i) => {
    const arg = { name: names[i] ?? '', type: row.arg_types[i] ?? '' };
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push(arg);
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push(arg);
  });
  if (inputs.some((arg) => arg.name === '')) return undefined;
  const firstDefault = inputs.length - row.defaults;
  const params = inputs.map((arg, i) => ({ ...arg, hasDefault: i >= firstDefault }));
  const described = outputs.length > 0 ? outputs : (row.composite_columns ?? []);
  let returns: FunctionInfo['returns'] = 'scalar';
  if (row.return_type === 'void') returns = 'void';
  else if (described.length > 0) returns = 'rows';
  else if (row.return_type === 'record') return undefined; // rows of unknown columns
  const columns = new Map<string, ColumnInfo>(
    described.map((c) => [c.name, { name: c.name, type: c.type, nullable: true, hasDefault: false }]),
  );
  return {
    schema: row.schema_name,
    name: row.name,
    params,
    returnsSet: row.returns_set,
    returns,
    columns,
    volatile: row.volatility === 'v',
  };
}

/** Map keys: a name within its schema. */
const at = (schema: string, name: string) => `${schema}\u0000${name}`;

/**
 * `schemas`: the exposed ones (REST_SCHEMAS; public by default). Names are looked up in the
 * schema a request asks for (Accept-Profile / Content-Profile), public when none.
 */
export function createSchemaCache(
  db: Queryable,
  now: () => number = Date.now,
  schemas: readonly string[] = ['public'],
): SchemaCache {
  let tables: Map<string, TableInfo> | undefined;
  let relationships = new Map<string, Relationship[]>();
  let functions = new Map<string, FunctionInfo[]>();
  let loadedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | undefined;
  const exposed = [[...schemas]];

  async function load(): Promise<void> {
    loading ??= (async () => {
      try {
        const { rows } = await db.query<CatalogRow>(catalogSql, exposed);
        const functionRows = await db.query<FunctionRow>(functionsSql, exposed);
        const keyRows = await db.query<ForeignKeyRow>(foreignKeysSql, exposed);
        const lineage = await db.query<LineageRow>(viewLineageSql, exposed);
        const nextFunctions = new Map<string, FunctionInfo[]>();
        for (const row of functionRows.rows) {
          const info = toFunctionInfo(row);
          if (info) {
            const key = at(info.schema, info.name);
            nextFunctions.set(key, [...(nextFunctions.get(key) ?? []), info]);
          }
        }
        const next = new Map<string, TableInfo>();
        for (const row of rows) {
          const key = at(row.schema_name, row.table_name);
          let table = next.get(key);
          if (!table) {
            const kind = row.kind === 'v' ? 'view' : row.kind === 'm' ? 'materialized view' : 'table';
            table = { schema: row.schema_name, name: row.table_name, kind, columns: new Map(), primaryKey: [] };
            next.set(key, table);
          }
          table.columns.set(row.column_name, {
            name: row.column_name,
            type: row.type,
            nullable: !row.not_null,
            hasDefault: row.has_default,
          });
          if (row.primary_key) table.primaryKey.push(row.column_name);
        }
        const keys: ForeignKey[] = keyRows.rows.map((row) => ({
          schema: row.schema_name,
          name: row.name,
          table: row.table_name,
          columns: row.columns,
          foreignTable: row.foreign_table,
          foreignColumns: row.foreign_columns,
          unique: row.is_unique,
        }));
        relationships = relationshipIndex([...keys, ...viewForeignKeys(keys, lineage.rows)], next);
        tables = next;
        functions = nextFunctions;
        loadedAt = now();
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  }

  async function refresh(): Promise<boolean> {
    if (now() - loadedAt < 1000) return false;
    await load();
    return true;
  }

  return {
    refresh,
    async reload() {
      // A load under way may have read the catalog before the change: wait for it, then read again.
      await loading?.catch(() => undefined);
      await load();
    },
    async relationships(source, schema = 'public') {
      if (!tables) await load();
      return relationships.get(at(schema, source)) ?? [];
    },
    async table(name, schema = 'public') {
      if (!tables) await load();
      const found = tables?.get(at(schema, name));
      if (found) return found;
      return (await refresh()) ? tables?.get(at(schema, name)) : undefined;
    },
    async functions(name, schema = 'public') {
      if (!tables) await load();
      const found = functions.get(at(schema, name));
      if (found) return found;
      return (await refresh()) ? (functions.get(at(schema, name)) ?? []) : [];
    },
  };
}
