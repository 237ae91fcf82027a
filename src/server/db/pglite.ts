/** The embedded database: PGlite persisted in a folder. */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
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

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database with no lock of its own: two processes writing one folder
 * corrupt it. A lock file beside the folder, holding the owner's pid, keeps a second server or an
 * admin command out; a lock left by a process that died (kill -9) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new DatabaseLockedError(
          `${dataDir} is in use by process ${owner} (the server, or an admin command). Stop it first: the embedded database allows one process at a time.`,
        );
      }
      rmSync(lockPath, { force: true }); // stale: its owner is gone
    }
  }
  throw new DatabaseLockedError(`Could not lock ${dataDir}.`);
}

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  // relaxedDurability stays false: a write is acknowledged only after it reached the files.
  let pg: PGlite;
  try {
    pg = await PGlite.create({ dataDir, relaxedDurability: false });
  } catch (error) {
    unlock();
    throw error;
  }
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    exec: base.exec,
    // Idempotent: shutdown paths may close twice.
    close: async () => {
      if (!pg.closed) {
        await pg.close();
        unlock();
      }
    },
  };
}
