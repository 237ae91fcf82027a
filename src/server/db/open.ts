/** Opens the configured database and brings its schema up to date. */
import { join } from 'node:path';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(join(options.dataDir, 'pgdata'));
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return db;
}
