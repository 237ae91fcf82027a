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

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A database error carries Postgres's SQLSTATE in `code` on both drivers. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
