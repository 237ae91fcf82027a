/**
 * The embedded database: PGlite persisted in a folder, run in a worker thread (pglite-worker.ts).
 * PGlite cannot interrupt a query and ignores statement_timeout, so one heavy query used to stop
 * the whole server. Now the main thread only waits for answers: a request that gets none within
 * `timeoutMs` fails with DatabaseTimeoutError (504) while the database finishes its work, and
 * /health, static pages and everything else keep answering.
 */
import { mkdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { restrictUmask } from './data-dir.ts';
import { type LockOptions, lockDataDir } from './data-dir-lock.ts';
import {
  type Database,
  type DatabaseHealth,
  type DatabaseSnapshot,
  DatabaseTimeoutError,
  DatabaseUnavailableError,
  type Listening,
  type NotificationHandlers,
  notifyChannelPattern,
  type Queryable,
  type QueryResult,
  within,
} from './database.ts';
import type { SerializedError, WorkerMessage, WorkerOptions, WorkerRequest } from './pglite-protocol.ts';

export { DatabaseLockedError } from './data-dir-lock.ts';

export interface PgliteOptions {
  /** How long a request waits for the database (queued and running) before it gives up. */
  timeoutMs?: number;
  /** Requests waiting beyond this many are refused at once (503) instead of queueing. */
  maxQueue?: number;
  lock?: LockOptions;
}

const defaultTimeoutMs = 8000;
const defaultMaxQueue = 512;
/** Reserved, not used: the pages are taken only as deep recursion reaches them. */
const workerStackMb = 64;

/** A database error from the worker, with PostgreSQL's fields (code, detail, hint…) as properties. */
class PgliteError extends Error {
  [field: string]: unknown;
  constructor(serialized: SerializedError) {
    super(serialized.message);
    this.name = serialized.name;
    Object.assign(this, serialized.fields);
  }
}

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id' | 'deadline'> : never) : never;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout | undefined;
  /** Called with the reply of a request whose caller stopped waiting. */
  late?: (reply: Extract<WorkerMessage, { kind: 'reply' }>) => void;
}

export async function openPglite(dataDir: string | undefined, options: PgliteOptions = {}): Promise<Database> {
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const maxQueue = options.maxQueue ?? defaultMaxQueue;
  let unlock = () => {};
  if (dataDir) {
    restrictUmask();
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    unlock = await lockDataDir(dataDir, options.lock);
  }

  const workerOptions: WorkerOptions = { dataDir };
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
    workerData: workerOptions,
    // PostgreSQL runs its recursion (a regular expression's compiler, deep expressions) on this
    // thread's stack. With the default 4 MB a hostile pattern such as `(.{1,250}){1,250}`
    // overflowed it before PostgreSQL's own limits spoke; PGlite swallows that overflow, the
    // query answers nothing and the backend is left half-aborted (the next error hangs it). With
    // room to spare, PostgreSQL refuses such a query with a proper error and stays usable.
    resourceLimits: { stackSizeMb: workerStackMb },
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let stopped: Error | undefined;
  /** When the worker last finished something: a busy worker that keeps finishing is healthy. */
  let lastProgress = performance.now();
  /** Who listens on which NOTIFY channel; the worker listens once per channel. */
  const listeners = new Map<string, Set<NotificationHandlers>>();

  function failAll(error: Error): void {
    stopped = error;
    for (const [id, entry] of pending) {
      clearTimeout(entry.timer);
      pending.delete(id);
      entry.reject(error);
    }
  }

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'ready') return resolve();
      if (message.kind === 'failed') return reject(new PgliteError(message.error));
      if (message.kind === 'notification') {
        for (const handlers of listeners.get(message.channel) ?? []) handlers.notification(message.payload);
        return;
      }
      if (message.kind !== 'reply') return;
      lastProgress = performance.now();
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      clearTimeout(entry.timer);
      if (entry.late) return entry.late(message);
      if (message.ok) entry.resolve(message.value);
      else entry.reject(new PgliteError(message.error));
    });
    worker.on('error', (error) => {
      reject(error);
      failAll(new DatabaseUnavailableError(`the embedded database stopped: ${error.message}`));
    });
    worker.on('exit', (code) => {
      reject(new Error(`the database worker exited (${code})`));
      const wasRunning = !stopped;
      failAll(new DatabaseUnavailableError('the embedded database is closed'));
      // The embedded database does not come back: listeners hear that nothing more will arrive.
      if (wasRunning) for (const set of listeners.values()) for (const handlers of set) handlers.lost();
      listeners.clear();
      unlock();
    });
  });

  /**
   * Sends one request and waits at most `waitMs` for its answer (0: as long as it takes — a
   * commit, once sent, must not be reported as failed while it may still succeed).
   */
  function call<T>(request: Request, waitMs = timeoutMs): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    if (waitMs > 0 && pending.size >= maxQueue) {
      return Promise.reject(new DatabaseUnavailableError('the embedded database has too much work queued'));
    }
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = { resolve: (value) => resolve(value as T), reject, timer: undefined };
      if (waitMs > 0) {
        entry.timer = setTimeout(() => {
          // The reply still comes (the worker skips work it had not started by the deadline).
          // A transaction that opened just in time is rolled back at once.
          entry.late = (reply) => {
            if (request.op === 'begin' && reply.ok) {
              void call({ op: 'end', tx: Number(reply.value), commit: false }, 0).catch(() => {});
            }
          };
          reject(new DatabaseTimeoutError(`the database did not answer within ${waitMs} ms`));
        }, waitMs);
      }
      pending.set(id, entry);
      worker.postMessage({ ...request, id, deadline: waitMs > 0 ? Date.now() + waitMs : null } as WorkerRequest);
    });
  }

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    unlock();
    throw error;
  }

  const base: Queryable = {
    query: <Row>(sql: string, params: readonly unknown[] = []) =>
      call<QueryResult<Row>>({ op: 'query', tx: null, sql, params: [...params] }),
    exec: (sql: string) => call<void>({ op: 'exec', tx: null, sql }),
  };
  let closing: Promise<void> | undefined;
  const db: Database = {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options: { timeoutMs?: number } = {}): Promise<T> {
      const waitMs = options.timeoutMs ?? timeoutMs;
      // One deadline for the whole transaction, queueing included: a request waits at most the
      // time limit, however many statements it runs.
      const deadline = performance.now() + waitMs;
      const remaining = () => (waitMs > 0 ? Math.max(1, deadline - performance.now()) : 0);
      const tx = await call<number>({ op: 'begin' }, remaining());
      let result: T;
      try {
        result = await fn({
          query: <Row>(sql: string, params: readonly unknown[] = []) =>
            call<QueryResult<Row>>({ op: 'query', tx, sql, params: [...params] }, remaining()),
          exec: (sql: string) => call<void>({ op: 'exec', tx, sql }, remaining()),
        });
      } catch (error) {
        await call({ op: 'end', tx, commit: false }, 0).catch(() => {});
        throw error;
      }
      await call({ op: 'end', tx, commit: true }, 0);
      return result;
    },
    async listen(channel: string, handlers: NotificationHandlers): Promise<Listening> {
      if (!notifyChannelPattern.test(channel)) throw new Error(`not a channel name we listen on: ${channel}`);
      let set = listeners.get(channel);
      if (!set) {
        await call({ op: 'listen', channel });
        set = listeners.get(channel) ?? new Set();
        listeners.set(channel, set);
      }
      set.add(handlers);
      const listening = set;
      return {
        async close() {
          listening.delete(handlers);
          if (listening.size > 0 || listeners.get(channel) !== listening) return;
          listeners.delete(channel);
          if (!stopped) await call({ op: 'unlisten', channel }).catch(() => {});
        },
      };
    },
    async health(probeTimeoutMs: number): Promise<DatabaseHealth> {
      if (stopped) return 'unavailable';
      if (pending.size > 0) {
        // Working: healthy while it keeps finishing things, stuck once nothing finished for a
        // whole request timeout.
        return performance.now() - lastProgress < timeoutMs ? 'busy' : 'unavailable';
      }
      return within(
        base.query('select 1').then(
          () => 'ok' as const,
          () => 'unavailable' as const,
        ),
        probeTimeoutMs,
        'unavailable',
      );
    },
    // Queued like any other work, and waited for as long as it takes (a backup, not a request).
    snapshot: () => call<DatabaseSnapshot>({ op: 'snapshot' }, 0),
    // Idempotent: shutdown paths may close twice.
    close() {
      closing ??= (async () => {
        if (!stopped) await call({ op: 'close' }, 0).catch(() => {});
        await worker.terminate();
        unlock();
      })();
      return closing;
    },
  };
  return db;
}
