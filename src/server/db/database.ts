/**
 * One small interface over the two databases we run on: PGlite (embedded, the default) and a
 * real PostgreSQL (DATABASE_URL). Everything above this folder speaks only to `Database`, so the
 * same SQL runs on both.
 */
export interface QueryResult<Row> {
  rows: Row[];
  /** Rows inserted, updated or deleted by the statement (0 for a SELECT on PGlite). */
  affectedRows: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements, without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * `ok`: the database answers. `busy`: it is working on requests and making progress, so it was
 * not asked again (a probe would only queue behind them). `unavailable`: it does not answer.
 */
export type DatabaseHealth = 'ok' | 'busy' | 'unavailable';

/**
 * What a listener hears on a NOTIFY channel. On PostgreSQL the listening connection can be lost
 * (a restart, a terminated backend, the network): notifications sent until `resumed` are missed,
 * and a listener that keeps state from them must catch up another way.
 */
export interface NotificationHandlers {
  notification(payload: string): void;
  /** Listening stopped; it is being re-established. */
  lost(): void;
  /** Listening again after `lost`. */
  resumed(): void;
}

export interface Listening {
  /** Stops listening; no handler is called afterwards. */
  close(): Promise<void>;
}

/** NOTIFY channel names we listen on: plain lower-case identifiers, so they need no quoting. */
export const notifyChannelPattern = /^[a-z_][a-z0-9_]{0,62}$/;

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws.
   * `timeoutMs` overrides how long a caller waits for the embedded database (0: as long as it
   * takes, for migrations); on PostgreSQL, statement_timeout bounds the work instead.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: { timeoutMs?: number }): Promise<T>;
  /**
   * Listens for NOTIFY on `channel` — from every session of the database, so from every writer
   * and every server instance. Resolves once listening.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<Listening>;
  /** For /health: answers within about `timeoutMs`, whatever the database is doing. */
  health(timeoutMs: number): Promise<DatabaseHealth>;
  /** The embedded database only: a consistent copy of its files, for backups (src/server/ops). */
  snapshot?(): Promise<DatabaseSnapshot>;
  close(): Promise<void>;
}

/**
 * The embedded database's folder as one tar (PGlite's dumpDataDir, entries under "pgdata/"),
 * taken between two pieces of work so no transaction is half in it, with the row count of each
 * table at that moment (a restore checks them).
 */
export interface DatabaseSnapshot {
  tar: Uint8Array;
  rowCounts: Record<string, number>;
}

/**
 * The database could not be reached, dropped the connection, or its worker stopped. It carries
 * SQLSTATE 08006 (connection_failure) whatever the driver said, so every surface answers 503.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  readonly code = '08006';
}

/**
 * The database did not answer in time: the request gives up (504) while the database finishes
 * its work. SQLSTATE 57014 (query_canceled), which PostgreSQL also raises at statement_timeout.
 */
export class DatabaseTimeoutError extends Error {
  override name = 'DatabaseTimeoutError';
  readonly code = '57014';
}

/** Resolves to `fallback` if `promise` has not settled within `ms` (rejections count as settled). */
export async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A database error carries Postgres's SQLSTATE in `code` on both drivers. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
