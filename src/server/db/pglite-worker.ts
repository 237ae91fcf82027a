/**
 * The worker thread that owns the embedded database. It runs one piece of work at a time, in the
 * order the main thread sent them: a single statement, or a whole transaction (which keeps the
 * database until the main thread ends it). Work still queued when its caller stopped waiting is
 * skipped, so a request that was answered 504 never runs afterwards.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { makePrivate } from './data-dir.ts';
import { serializeError, type WorkerMessage, type WorkerOptions, type WorkerRequest } from './pglite-protocol.ts';
import { countRows } from './row-counts.ts';

// Dates and timestamps stay strings, exactly as Postgres writes them, on both drivers.
const parsers = {
  [types.DATE]: (value: string) => value,
  [types.TIMESTAMP]: (value: string) => value,
  [types.TIMESTAMPTZ]: (value: string) => value,
  [types.INT8]: (value: string) => Number(value),
};

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs only as a worker thread');
const options = workerData as WorkerOptions;

function send(message: WorkerMessage): void {
  port?.postMessage(message);
}

function replyOk(id: number, value: unknown): void {
  send({ kind: 'reply', id, ok: true, value });
}

function replyError(id: number, error: unknown): void {
  send({ kind: 'reply', id, ok: false, error: serializeError(error) });
}

type Statement = Extract<WorkerRequest, { op: 'query' | 'exec' }>;
type Queryable = Pick<PGlite, 'query' | 'exec'> | Transaction;

async function runStatement(q: Queryable, request: Statement): Promise<unknown> {
  if (request.op === 'exec') {
    await q.exec(request.sql);
    return null;
  }
  const result = await q.query(request.sql, request.params, { parsers });
  return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
}

/** Statements of one open transaction, delivered in order as the main thread sends them. */
class TransactionInbox {
  private readonly waiting: ((request: Statement | Extract<WorkerRequest, { op: 'end' }>) => void)[] = [];
  private readonly queued: (Statement | Extract<WorkerRequest, { op: 'end' }>)[] = [];

  push(request: Statement | Extract<WorkerRequest, { op: 'end' }>): void {
    const take = this.waiting.shift();
    if (take) take(request);
    else this.queued.push(request);
  }

  next(): Promise<Statement | Extract<WorkerRequest, { op: 'end' }>> {
    const ready = this.queued.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}

class Rollback extends Error {
  readonly requestId: number;
  constructor(requestId: number) {
    super('rollback');
    this.requestId = requestId;
  }
}

// The extensions the migrations create (the accent-blind search, the tables' exclusion constraint);
// PostgreSQL ships them as contrib.
const db = await PGlite.create({
  dataDir: options.dataDir,
  relaxedDurability: false,
  extensions: { btree_gist, pg_trgm, unaccent },
}).catch((error: unknown) => {
  send({ kind: 'failed', error: serializeError(error) });
  return undefined;
});

/**
 * A backup's copy of the database (src/server/ops/backup.ts). The worker runs one piece of work at
 * a time, so no transaction is open while this runs: the copy holds exactly what was committed.
 * A checkpoint first, so a restore need not replay much WAL; the tar is left uncompressed here
 * (about 150 ms for a fresh database) and compressed off this thread, so writers wait only for
 * the copy.
 */
async function snapshot(pg: PGlite): Promise<{ tar: Uint8Array; rowCounts: Record<string, number> }> {
  const rowCounts = await countRows((sql) => pg.query(sql));
  await pg.exec('checkpoint');
  const dump = await pg.dumpDataDir('none');
  return { tar: new Uint8Array(await dump.arrayBuffer()), rowCounts };
}

/** See data-dir.ts: PGlite sets loose modes on some files it writes. */
function tightenDataDir(): void {
  if (options.dataDir) makePrivate(options.dataDir);
}

if (db) {
  tightenDataDir();
  const pg: PGlite = db;
  const pending: WorkerRequest[] = [];
  const inboxes = new Map<number, TransactionInbox>();
  /** How to stop each channel the main thread listens on. */
  const listening = new Map<string, () => Promise<void>>();
  let nextTx = 1;
  let busy = false;

  async function runTransaction(beginId: number): Promise<void> {
    const txId = nextTx++;
    const inbox = new TransactionInbox();
    inboxes.set(txId, inbox);
    let endId = beginId;
    try {
      await pg.transaction(async (tx) => {
        replyOk(beginId, txId);
        for (;;) {
          const request = await inbox.next();
          if (request.op === 'end') {
            endId = request.id;
            if (request.commit) return;
            throw new Rollback(request.id);
          }
          try {
            replyOk(request.id, await runStatement(tx, request));
          } catch (error) {
            replyError(request.id, error);
          }
        }
      });
      replyOk(endId, null);
    } catch (error) {
      if (error instanceof Rollback) replyOk(error.requestId, null);
      else replyError(endId, error);
    } finally {
      inboxes.delete(txId);
    }
  }

  async function runOne(request: WorkerRequest): Promise<void> {
    switch (request.op) {
      case 'query':
      case 'exec':
        try {
          replyOk(request.id, await runStatement(pg, request));
        } catch (error) {
          replyError(request.id, error);
        }
        return;
      case 'begin':
        await runTransaction(request.id);
        return;
      case 'listen':
        try {
          if (!listening.has(request.channel)) {
            const channel = request.channel;
            const stop = await pg.listen(channel, (payload) => send({ kind: 'notification', channel, payload }));
            listening.set(channel, () => stop());
          }
          replyOk(request.id, null);
        } catch (error) {
          replyError(request.id, error);
        }
        return;
      case 'unlisten':
        try {
          await listening.get(request.channel)?.();
          listening.delete(request.channel);
          replyOk(request.id, null);
        } catch (error) {
          replyError(request.id, error);
        }
        return;
      case 'snapshot':
        try {
          const copy = await snapshot(pg);
          // Handed over, not copied: tens of megabytes the worker would otherwise clone.
          port?.postMessage({ kind: 'reply', id: request.id, ok: true, value: copy } satisfies WorkerMessage, [
            copy.tar.buffer as ArrayBuffer,
          ]);
        } catch (error) {
          replyError(request.id, error);
        }
        return;
      case 'close':
        await pg.close();
        tightenDataDir();
        replyOk(request.id, null);
        port?.close();
        return;
      default:
        return;
    }
  }

  async function drain(): Promise<void> {
    if (busy) return;
    busy = true;
    try {
      for (let request = pending.shift(); request; request = pending.shift()) {
        if (request.deadline !== null && Date.now() >= request.deadline) {
          replyError(request.id, new Error('skipped: its caller stopped waiting'));
        } else {
          await runOne(request);
        }
      }
    } finally {
      busy = false;
    }
  }

  port.on('message', (request: WorkerRequest) => {
    // Statements of an open transaction go straight to it: the transaction holds the database.
    if ((request.op === 'query' || request.op === 'exec' || request.op === 'end') && request.tx !== null) {
      const inbox = inboxes.get(request.tx);
      if (inbox) inbox.push(request);
      else replyError(request.id, new Error('The transaction has ended'));
      return;
    }
    pending.push(request);
    void drain();
  });
  send({ kind: 'ready' });
}
