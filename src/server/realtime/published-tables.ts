/**
 * The tables whose changes the database announces: those with a trigger running
 * private.publish_changes() (supabase/migrations/20261123100000_reservation_changes.sql), read
 * from the catalog with their key and column types. Read at start and again — at most once a
 * second — when asked about a table or column not known yet, so a migration run by another
 * instance shows up without a restart.
 */
import type { Queryable } from '../db/database.ts';

export interface PublishedColumn {
  /** As SQL writes it (bigint, text, timestamp with time zone): for casts. */
  sqlType: string;
  /** PostgreSQL's type name (int8, text, timestamptz): what realtime-js converts values by. */
  typeName: string;
}

export interface PublishedTable {
  schema: string;
  name: string;
  key: string;
  columns: Map<string, PublishedColumn>;
}

export interface PublishedTables {
  get(schema: string, table: string): Promise<PublishedTable | undefined>;
  all(): Promise<PublishedTable[]>;
  /** Reads the catalog again if it was not read in the last second. */
  refresh(): Promise<void>;
}

interface CatalogRow {
  schema: string;
  table: string;
  column: string;
  sql_type: string;
  type_name: string;
  is_key: boolean;
}

const catalogSql = `
  select distinct n.nspname as schema, c.relname as table, a.attname as column, a.attnum,
         format_type(a.atttypid, a.atttypmod) as sql_type, t.typname as type_name,
         coalesce(a.attnum = any(pk.conkey), false) as is_key
    from pg_catalog.pg_trigger tg
    join pg_catalog.pg_proc p on p.oid = tg.tgfoid
    join pg_catalog.pg_namespace pn on pn.oid = p.pronamespace
    join pg_catalog.pg_class c on c.oid = tg.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    join pg_catalog.pg_type t on t.oid = a.atttypid
    left join pg_catalog.pg_constraint pk on pk.conrelid = c.oid and pk.contype = 'p'
   where pn.nspname = 'private' and p.proname = 'publish_changes' and not tg.tgisinternal
   order by n.nspname, c.relname, a.attnum`;

export function createPublishedTables(db: Queryable, now: () => number = Date.now): PublishedTables {
  let tables = new Map<string, PublishedTable>();
  let loadedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | undefined;

  function load(): Promise<void> {
    loading ??= (async () => {
      try {
        const { rows } = await db.query<CatalogRow>(catalogSql);
        const next = new Map<string, PublishedTable>();
        for (const row of rows) {
          const id = `${row.schema}.${row.table}`;
          let table = next.get(id);
          if (!table) {
            table = { schema: row.schema, name: row.table, key: '', columns: new Map() };
            next.set(id, table);
          }
          table.columns.set(row.column, { sqlType: row.sql_type, typeName: row.type_name });
          if (row.is_key) table.key = row.column;
        }
        // Changes are keyed by one primary-key column (the trigger sends `id`).
        for (const [id, table] of next) if (!table.key) next.delete(id);
        tables = next;
        loadedAt = now();
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  }

  async function refresh(): Promise<void> {
    if (now() - loadedAt < 1000) return;
    await load();
  }

  return {
    async get(schema, table) {
      const id = `${schema}.${table}`;
      if (!tables.has(id)) await refresh();
      return tables.get(id);
    },
    async all() {
      if (loadedAt === Number.NEGATIVE_INFINITY) await load();
      return [...tables.values()];
    },
    refresh,
  };
}
