/** The embedded database: PGlite persisted in a folder. */
import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable, QueryResult } from './database.ts';

// Dates and timestamps stay strings, exactly as Postgres writes them, on both drivers.
const parsers = {
  [types.DATE]: (value: string) => value,
  [types.TIMESTAMP]: (value: string) => value,
  [types.TIMESTAMPTZ]: (value: string) => value,
  [types.INT8]: (value: string) => Number(value),
};

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await q.query<Row>(sql, params as unknown[], { parsers });
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  };
}

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // relaxedDurability stays false: a write is acknowledged only after it reached the files.
  // pg_trgm serves the dashboard's substring search (supabase/migrations/*_reservations_search.sql).
  const pg = await PGlite.create({ dataDir, relaxedDurability: false, extensions: { pg_trgm } });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    exec: base.exec,
    // Idempotent: shutdown paths may close twice.
    close: async () => {
      if (!pg.closed) await pg.close();
    },
  };
}
