/**
 * The tables of schema `public` and their columns, read from the catalog and kept in memory.
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

export interface SchemaCache {
  table(name: string): Promise<TableInfo | undefined>;
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

export function createSchemaCache(db: Queryable, now: () => number = Date.now): SchemaCache {
  let tables: Map<string, TableInfo> | undefined;
  let loadedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | undefined;

  async function load(): Promise<void> {
    loading ??= (async () => {
      try {
        const { rows } = await db.query<CatalogRow>(catalogSql);
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
  };
}
