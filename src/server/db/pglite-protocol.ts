/**
 * The messages between the server's main thread (pglite.ts) and the worker thread that runs the
 * embedded database (pglite-worker.ts). PGlite is PostgreSQL compiled to WebAssembly: a query
 * runs on the thread that owns it and cannot be interrupted, so it lives in a worker and the
 * main thread stays free to answer /health, static pages and the requests that need no database.
 */

/**
 * Work the main thread asks of the worker. `tx` names an open transaction (from `begin`).
 * `deadline` (Date.now() milliseconds) is when the caller stops waiting: work that has not
 * started by then is skipped, so a request answered 504 is not carried out later.
 */
export type WorkerRequest = { id: number; deadline: number | null } & (
  | { op: 'query'; tx: number | null; sql: string; params: unknown[] }
  | { op: 'exec'; tx: number | null; sql: string }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'snapshot' }
  | { op: 'close' }
);

/** A database error, as plain data: its message and PostgreSQL's fields (code, detail, hint…). */
export interface SerializedError {
  name: string;
  message: string;
  fields: Record<string, string>;
}

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: SerializedError }
  /** A NOTIFY on a channel the main thread listens on (see `listen`). */
  | { kind: 'notification'; channel: string; payload: string };

export interface WorkerOptions {
  dataDir: string | undefined;
}

/** PostgreSQL's error fields worth carrying across (never the query or its parameters). */
const errorFields = ['code', 'detail', 'hint', 'schema', 'table', 'column', 'constraint', 'dataType', 'severity'];

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string> = {};
  for (const key of errorFields) {
    const value: unknown = Reflect.get(error, key);
    if (typeof value === 'string') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}
