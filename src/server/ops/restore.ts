/**
 * Restores a backup (backup.ts) into a data folder: checked completely first, then written, then
 * opened and each table's row count compared with the manifest's. Into an empty folder only,
 * unless `force`: then the folder's database, keys and photos are replaced (never while a server
 * holds it: the data folder's lock is taken for the whole restore).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { restrictUmask } from '../db/data-dir.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { openPglite } from '../db/pglite.ts';
import { countRows } from '../db/row-counts.ts';
import { BackupError, type BackupManifest, databaseFilePath, verifyBackup } from './backup.ts';
import { readTar, type TarEntry } from './tar.ts';

export interface RestoreResult {
  manifest: BackupManifest;
  tables: number;
  rows: number;
}

function extract(entries: readonly TarEntry[], into: string, rename: (name: string) => string | undefined): void {
  for (const entry of entries) {
    const name = rename(entry.name);
    if (name === undefined) continue;
    const path = join(into, name);
    if (entry.name.endsWith('/')) {
      mkdirSync(path, { recursive: true, mode: 0o700 });
    } else {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileSync(path, entry.data, { mode: 0o600 });
    }
  }
}

export async function restoreBackup(
  bytes: Uint8Array,
  dataDir: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const { manifest, entries, databaseTar } = await verifyBackup(bytes);
  restrictUmask();
  const existing = existsSync(dataDir) ? readdirSync(dataDir) : [];
  if (existing.length > 0 && !options.force) {
    throw new BackupError(
      `${dataDir} is not empty. Restore into an empty folder, or add --force to replace its database, keys and photos.`,
    );
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const pgdata = join(dataDir, 'pgdata');
  // Refuses while a server (or another command) has the folder open.
  const unlock = await lockDataDir(pgdata);
  try {
    for (const part of ['pgdata', 'keys', 'storage']) rmSync(join(dataDir, part), { recursive: true, force: true });
    mkdirSync(pgdata, { mode: 0o700 });
    extract(readTar(databaseTar), pgdata, databaseFilePath);
    extract(entries, dataDir, (name) => (name.startsWith('keys/') || name.startsWith('storage/') ? name : undefined));
  } finally {
    unlock();
  }
  // The restored database must open and hold what the backup recorded.
  const db = await openPglite(pgdata);
  try {
    const counts = await countRows((sql) => db.query(sql));
    for (const [table, expected] of Object.entries(manifest.rowCounts)) {
      if (counts[table] !== expected) {
        throw new BackupError(
          `The restored database does not match the backup: ${table} has ${counts[table] ?? 'no'} rows, the backup recorded ${expected}.`,
        );
      }
    }
    return {
      manifest,
      tables: Object.keys(counts).length,
      rows: Object.values(counts).reduce((sum, n) => sum + n, 0),
    };
  } finally {
    await db.close();
  }
}
