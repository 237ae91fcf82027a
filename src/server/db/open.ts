/** Opens the configured database and brings its schema up to date. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

/** Where the server is, without the password, for messages. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'an unparsable URL';
  }
}

/**
 * A damaged embedded database must stop the start: PGlite would otherwise initialise a new,
 * empty cluster over it and the restaurant would lose its bookings without a word.
 */
function checkEmbeddedDir(dataDir: string, pgdata: string): void {
  const hasCluster = existsSync(join(pgdata, 'PG_VERSION'));
  const hasFiles = existsSync(pgdata) && readdirSync(pgdata).length > 0;
  if (hasFiles && !hasCluster) {
    throw new DatabaseOpenError(
      `${pgdata} holds files but no PostgreSQL cluster (PG_VERSION is missing): it is damaged or not ours. Restore it from a backup, or move it away to start with an empty database.`,
    );
  }
  if (!hasFiles && existsSync(join(dataDir, 'keys'))) {
    throw new DatabaseOpenError(
      `${dataDir} has keys from an earlier start but its database (${pgdata}) is missing. Restore it from a backup, or remove ${dataDir} entirely to start fresh.`,
    );
  }
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  /** How long a request waits for the embedded database before it answers 504 (DATABASE_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Told about applied migrations whose file has changed since (see migrate.ts). */
  onChangedMigrations?: (names: string[]) => void;
}): Promise<Database> {
  let db: Database;
  if (options.databaseUrl) {
    try {
      db = await openPostgres(options.databaseUrl);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new DatabaseOpenError(
        `Cannot reach the PostgreSQL server given in DATABASE_URL (${describeUrl(options.databaseUrl)}): ${reason}`,
      );
    }
  } else {
    const pgdata = join(options.dataDir, 'pgdata');
    checkEmbeddedDir(options.dataDir, pgdata);
    try {
      db = await openPglite(pgdata, { timeoutMs: options.timeoutMs });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new DatabaseOpenError(`Cannot open the embedded database in ${pgdata}: ${reason}`);
    }
  }
  try {
    await migrate(db, { onChanged: options.onChangedMigrations });
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return db;
}
