/** A real PostgreSQL server through a connection pool (DATABASE_URL). */
import pg from 'pg';
import {
  type Database,
  DatabaseUnavailableError,
  type Listening,
  type NotificationHandlers,
  notifyChannelPattern,
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
  /** How often a listening connection is checked with a query (a silently dropped one never says so). */
  listenPingMs?: number;
}

/** How a listening connection names itself in pg_stat_activity. */
export const listenerApplicationName = 'saffron-lotus listener';

/** Waits before each new try to listen again: quickly at first, then every 5 s. */
const listenRetryMs = [250, 500, 1000, 2000, 5000];

/**
 * LISTEN on a connection of its own, outside the pool (a pooled connection is shared and may be
 * closed when idle). When it is lost, the handlers hear `lost`, and it is opened again with
 * growing waits until it listens, then `resumed`.
 */
async function listenOn(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
  pingMs: number,
): Promise<Listening> {
  let current: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString,
      application_name: listenerApplicationName,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 5000,
      query_timeout: 5000,
    });
    // A lost connection emits 'error' and then 'end'; 'end' is where it is handled.
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    return client;
  }

  function dropped(client: pg.Client): void {
    if (current !== client) return;
    current = undefined;
    clearInterval(pingTimer);
    void client.end().catch(() => {});
    if (closed) return;
    handlers.lost();
    retry();
  }

  function attach(client: pg.Client): void {
    current = client;
    client.on('notification', (message) => {
      if (current === client && message.channel === channel) handlers.notification(message.payload ?? '');
    });
    client.once('end', () => dropped(client));
    pingTimer = setInterval(() => {
      client.query('select 1').catch(() => dropped(client));
    }, pingMs);
    pingTimer.unref();
  }

  function retry(): void {
    const wait = listenRetryMs[Math.min(attempt, listenRetryMs.length - 1)] ?? 5000;
    attempt += 1;
    retryTimer = setTimeout(() => {
      connect().then(
        async (client) => {
          if (closed) return void (await client.end().catch(() => {}));
          attempt = 0;
          attach(client);
          handlers.resumed();
        },
        () => {
          if (!closed) retry();
        },
      );
    }, wait);
    retryTimer.unref();
  }

  attach(await connect());
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
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

  /** Listening connections, closed with the pool. */
  const listenings = new Set<Listening>();
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
    async listen(channel, handlers) {
      if (!notifyChannelPattern.test(channel)) throw new Error(`not a channel name we listen on: ${channel}`);
      let listening: Listening;
      try {
        listening = await listenOn(connectionString, channel, handlers, options.listenPingMs ?? 10_000);
      } catch (error) {
        throw new DatabaseUnavailableError(`cannot listen: ${toError(error).message}`);
      }
      const tracked: Listening = {
        close: () => {
          listenings.delete(tracked);
          return listening.close();
        },
      };
      listenings.add(tracked);
      return tracked;
    },
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
      await Promise.all([...listenings].map((listening) => listening.close()));
      if (!pool.ending) await pool.end();
    },
  };
  await db.query('select 1');
  return db;
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
