/** A real PostgreSQL server through a connection pool (DATABASE_URL). */
import pg from 'pg';
import {
  type Database,
  DatabaseUnavailableError,
  type Queryable,
  type QueryResult,
  sqlState,
  within,
} from './database.ts';

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

function wrap(client: pg.PoolClient): Queryable {
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

/**
 * Errors after which a pooled connection must be thrown away rather than reused: SQLSTATE
 * class 08 and administrator shutdowns, socket errors, and pg's own "connection terminated".
 * Errors raised by the caller's code inside a transaction are not among them.
 */
function isConnectionError(error: unknown): boolean {
  const code = sqlState(error);
  if (code) return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03';
  if (!(error instanceof Error)) return false;
  const errno = (error as { code?: unknown }).code;
  if (typeof errno === 'string' && /^E[A-Z]+$/.test(errno)) return true;
  return /connection terminated|connection error|not queryable|timeout exceeded when trying to connect/i.test(
    error.message,
  );
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

  async function acquire(): Promise<pg.PoolClient> {
    try {
      return await pool.connect();
    } catch (error) {
      throw new DatabaseUnavailableError(
        `database unavailable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Runs fn on one pooled connection, discarding the connection if it broke. */
  async function withClient<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await acquire();
    try {
      const result = await fn(client);
      client.release();
      return result;
    } catch (error) {
      client.release(isConnectionError(error) ? toError(error) : undefined);
      if (isConnectionError(error)) {
        throw new DatabaseUnavailableError(`database connection lost: ${toError(error).message}`);
      }
      throw error;
    }
  }

  const db: Database = {
    kind: 'postgres',
    query: (sql, params) => withClient((client) => wrap(client).query(sql, params)),
    exec: (sql) => withClient((client) => wrap(client).exec(sql)),
    transaction: (fn) =>
      withClient(async (client) => {
        await client.query('begin');
        try {
          const result = await fn(wrap(client));
          await client.query('commit');
          return result;
        } catch (error) {
          if (!isConnectionError(error)) await client.query('rollback').catch(() => {});
          throw error;
        }
      }),
    health: (timeoutMs) =>
      within(
        db.query('select 1').then(
          () => 'ok' as const,
          () => 'unavailable' as const,
        ),
        timeoutMs,
        'unavailable',
      ),
    // Idempotent: shutdown paths may close twice.
    close: async () => {
      if (!pool.ending) await pool.end();
    },
  };
  await db.query('select 1');
  return db;
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
