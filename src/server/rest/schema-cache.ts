/**
 * The tables of schema `public` and their columns, and its functions with their parameters, read
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
  schema: 'public';
  name: string;
  columns: Map<string, ColumnInfo>;
  primaryKey: string[];
}

export interface FunctionParam {
  name: string;
  type: string;
  hasDefault: boolean;
}

/** A function of schema public that the REST surface may call (`/rpc/<name>`). */
export interface FunctionInfo {
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
  table(name: string): Promise<TableInfo | undefined>;
  /** The overloads of a function of schema public (empty when there is none). */
  functions(name: string): Promise<FunctionInfo[]>;
  /** Reads the catalog again if it was not read in the last second; true when it did. */
  refresh(): Promise<boolean>;
}

interface CatalogRow {
  table_name: string;
  column_name: string;
  type: string;
  not_null: boolean;
  has_default: boolean;
  primary_key: boolean;
}

// Real tables (and partitioned ones) only: no views, no foreign tables, nothing outside public.
const catalogSql = `
  select c.relname as table_name,
         a.attname as column_name,
         format_type(a.atttypid, a.atttypmod) as type,
         a.attnotnull as not_null,
         (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default,
         coalesce(a.attnum = any(pk.conkey), false) as primary_key
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    left join pg_catalog.pg_constraint pk on pk.conrelid = c.oid and pk.contype = 'p'
   where n.nspname = 'public' and c.relkind in ('r', 'p')
   order by c.relname, a.attnum`;

interface FunctionRow {
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
  select p.proname as name,
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
   where n.nspname = 'public' and p.prokind = 'f'
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
    name: row.name,
    params,
    returnsSet: row.returns_set,
    returns,
    columns,
    volatile: row.volatility === 'v',
  };
}

export function createSchemaCache(db: Queryable, now: () => number = Date.now): SchemaCache {
  let tables: Map<string, TableInfo> | undefined;
  let functions = new Map<string, FunctionInfo[]>();
  let loadedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | undefined;

  async function load(): Promise<void> {
    loading ??= (async () => {
      try {
        const { rows } = await db.query<CatalogRow>(catalogSql);
        const functionRows = await db.query<FunctionRow>(functionsSql);
        const nextFunctions = new Map<string, FunctionInfo[]>();
        for (const row of functionRows.rows) {
          const info = toFunctionInfo(row);
          if (info) nextFunctions.set(info.name, [...(nextFunctions.get(info.name) ?? []), info]);
        }
        const next = new Map<string, TableInfo>();
        for (const row of rows) {
          let table = next.get(row.table_name);
          if (!table) {
            table = { schema: 'public', name: row.table_name, columns: new Map(), primaryKey: [] };
            next.set(row.table_name, table);
          }
          table.columns.set(row.column_name, {
            name: row.column_name,
            type: row.type,
            nullable: !row.not_null,
            hasDefault: row.has_default,
          });
          if (row.primary_key) table.primaryKey.push(row.column_name);
        }
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
    async table(name) {
      if (!tables) await load();
      const found = tables?.get(name);
      if (found) return found;
      return (await refresh()) ? tables?.get(name) : undefined;
    },
    async functions(name) {
      if (!tables) await load();
      const found = functions.get(name);
      if (found) return found;
      return (await refresh()) ? (functions.get(name) ?? []) : [];
    },
  };
}
