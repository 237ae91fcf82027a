/** A real PostgreSQL server through a connection pool (DATABASE_URL). */
import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database.ts';

// Dates and timestamps stay strings, exactly as Postgres writes them, on both drivers.
const typeParsers: Record<number, (value: string) => unknown> = {
  1082: (value) => value, // date
  1114: (value) => value, // timestamp
  1184: (value) => value, // timestamptz
  20: (value) => Number(value), // int8
};
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => typeParsers[oid] ?? pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig;

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await client.query({ text: sql, values: params as unknown[], types });
      return { rows: result.rows as Row[], affectedRows: result.rowCount ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      // Without parameters pg uses the simple-query protocol, which runs several statements.
      await client.query(sql);
    },
  };
}

export interface PostgresOptions {
  max?: number;
  /** How long a query may wait for a connection before failing (so a lost server answers 503, not a hang). */
  connectionTimeoutMillis?: number;
}

export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 16,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const base = wrap(pool);
  await base.query('select 1');
  return {
    kind: 'postgres',
    query: base.query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    exec: base.exec,
    // Idempotent: shutdown paths may close twice.
    close: async () => {
      if (!pool.ending) await pool.end();
    },
  };
}
