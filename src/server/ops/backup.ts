/**
 * Backups of the embedded setup: one tar file holding
 *   database/pgdata.tar.gz   a consistent copy of the database (Database.snapshot, gzipped here)
 *   keys/…                   the signing keys (DATA_DIR/keys)
 *   storage/…                stored photos (DATA_DIR/storage), when there are any
 *   manifest.json            time, app version, schema version, each file's size and SHA-256,
 *                            each table's row count at the moment of the copy
 *   manifest.sha256          the manifest's own SHA-256, last: a file cut short lacks it
 * Files are written to a temporary name and renamed when complete, mode 0600: a backup holds
 * guests' personal data and the keys that sign staff sessions.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { readTar, type TarEntry, TarError, writeTar } from './tar.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export const backupFormat = 'saffron-lotus-backup/1';
const databaseEntry = 'database/pgdata.tar.gz';
const manifestEntry = 'manifest.json';
const manifestChecksumEntry = 'manifest.sha256';

export class BackupError extends Error {
  override name = 'BackupError';
}

const manifestSchema = z.object({
  format: z.literal(backupFormat),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  /** The newest app migration applied: a restore onto older code is refused at start. */
  schemaVersion: z.string(),
  files: z.array(
    z.object({ name: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  ),
  rowCounts: z.record(z.string(), z.number().int().min(0)),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The files of a folder under DATA_DIR, as tar entries named `prefix/…` (symbolic links skipped). */
function folderEntries(dir: string, prefix: string): TarEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  const entries: TarEntry[] = [{ name: `${prefix}/`, data: new Uint8Array(0) }];
  for (const name of names) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isDirectory()) entries.push(...folderEntries(path, `${prefix}/${name}`));
    else if (stat.isFile()) entries.push({ name: `${prefix}/${name}`, data: readFileSync(path) });
  }
  return entries;
}

export interface BackupSource {
  db: Database;
  dataDir: string;
  /** Where the stored photos are (STORAGE_DIR); DATA_DIR/storage unless configured elsewhere. */
  storageDir?: string;
  appVersion: string;
}

/** The newest app migration applied (the schema version a manifest records). */
async function schemaVersion(db: Database): Promise<string> {
  const { rows } = await db.query<{ name: string }>(
    `select name from local_platform.applied_migrations where name like 'migrations/%' order by name desc limit 1`,
  );
  return rows[0]?.name.replace(/^migrations\//, '') ?? 'none';
}

/** Takes a backup of the running database and DATA_DIR's keys and photos; returns the file's bytes. */
export async function createBackup(source: BackupSource, now = new Date()): Promise<Uint8Array> {
  if (!source.db.snapshot) {
    throw new BackupError(
      'Backups here are for the embedded database. With PostgreSQL (DATABASE_URL), use pg_dump or your provider’s backups (see docs/operations/backups.md).',
    );
  }
  const version = await schemaVersion(source.db);
  const snapshot = await source.db.snapshot();
  // Compressed on libuv's thread pool: the database is already free for writers again.
  const database = new Uint8Array(await gzipAsync(snapshot.tar));
  const files: TarEntry[] = [
    { name: databaseEntry, data: database },
    ...folderEntries(join(source.dataDir, 'keys'), 'keys'),
    ...folderEntries(source.storageDir ?? join(source.dataDir, 'storage'), 'storage'),
  ];
  const manifest: BackupManifest = {
    format: backupFormat,
    createdAt: now.toISOString(),
    appVersion: source.appVersion,
    schemaVersion: version,
    files: files
      .filter((entry) => !entry.name.endsWith('/'))
      .map((entry) => ({ name: entry.name, size: entry.data.length, sha256: sha256(entry.data) })),
    rowCounts: snapshot.rowCounts,
  };
  const manifestBytes = new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`);
  return writeTar(
    [
      ...files,
      { name: manifestEntry, data: manifestBytes },
      { name: manifestChecksumEntry, data: new TextEncoder().encode(`${sha256(manifestBytes)}  ${manifestEntry}\n`) },
    ],
    now,
  );
}

export interface VerifiedBackup {
  manifest: BackupManifest;
  /** The entries of the backup, checked. */
  entries: TarEntry[];
  /** The database's own tar (gunzipped). */
  databaseTar: Uint8Array;
}

/**
 * Checks a backup without restoring it: complete, every checksum right, the database copy
 * readable. Throws a BackupError saying what is wrong.
 */
export async function verifyBackup(bytes: Uint8Array): Promise<VerifiedBackup> {
  let entries: TarEntry[];
  try {
    entries = readTar(bytes);
  } catch (error) {
    if (error instanceof TarError) {
      throw new BackupError(
        `This is not a complete backup: ${error.message}. It may have been cut short while copied.`,
      );
    }
    throw error;
  }
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const manifestFile = byName.get(manifestEntry);
  const checksumFile = byName.get(manifestChecksumEntry);
  if (!manifestFile || !checksumFile || entries.at(-1)?.name !== manifestChecksumEntry) {
    throw new BackupError('This backup is incomplete: its manifest is missing (the backup was not finished).');
  }
  const recorded = new TextDecoder().decode(checksumFile.data).split(/\s/)[0];
  if (recorded !== sha256(manifestFile.data)) {
    throw new BackupError('This backup has been altered or damaged: its manifest does not match its checksum.');
  }
  const parsed = manifestSchema.safeParse(
    (() => {
      try {
        return JSON.parse(new TextDecoder().decode(manifestFile.data));
      } catch {
        return undefined;
      }
    })(),
  );
  if (!parsed.success) {
    throw new BackupError('This backup’s manifest is not one this version understands (or it is damaged).');
  }
  const manifest = parsed.data;
  const listed = new Set(manifest.files.map((file) => file.name));
  for (const file of manifest.files) {
    const entry = byName.get(file.name);
    if (!entry) throw new BackupError(`This backup is incomplete: ${file.name} is missing.`);
    if (entry.data.length !== file.size || sha256(entry.data) !== file.sha256) {
      throw new BackupError(`This backup has been altered or damaged: ${file.name} does not match its checksum.`);
    }
  }
  for (const entry of entries) {
    const extra =
      !entry.name.endsWith('/') &&
      !listed.has(entry.name) &&
      ![manifestEntry, manifestChecksumEntry].includes(entry.name);
    if (extra) throw new BackupError(`This backup has been altered: ${entry.name} is not in its manifest.`);
    if (!safeRelativePath(entry.name)) throw new BackupError(`This backup holds an unsafe path: ${entry.name}`);
  }
  const database = byName.get(databaseEntry);
  if (!database) throw new BackupError('This backup holds no database.');
  let databaseTar: Uint8Array;
  try {
    databaseTar = new Uint8Array(await gunzipAsync(database.data));
    const inner = readTar(databaseTar);
    if (!inner.some((entry) => databaseFilePath(entry.name) === 'PG_VERSION')) throw new TarError('no PG_VERSION');
    for (const entry of inner) if (!databaseFilePath(entry.name)) throw new TarError(`unsafe path ${entry.name}`);
  } catch (error) {
    throw new BackupError(
      `This backup’s database copy is unreadable (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  return { manifest, entries, databaseTar };
}

/**
 * Where a file of PGlite's dump goes inside pgdata/: its tar names them from the folder's root
 * ("/PG_VERSION", "/base/1/112"). Undefined for the root itself or an unsafe name.
 */
export function databaseFilePath(name: string): string | undefined {
  const path = name.replace(/^\/+/, '');
  return path !== '' && safeRelativePath(path) ? path : undefined;
}

/** A path that stays inside the folder it is extracted to. */
export function safeRelativePath(name: string): boolean {
  return name !== '' && !name.startsWith('/') && !name.split('/').some((part) => part === '..' || part === '.');
}

/**
 * Writes `bytes` to `path` atomically: a temporary file beside it, flushed to disk, then renamed.
 * A process killed halfway leaves only the temporary file (".partial"), which nothing takes for
 * a backup. Mode 0600.
 */
export function writeFileAtomic(path: string, bytes: Uint8Array): void {
  const temporary = join(dirname(path), `.${basename(path)}.partial-${process.pid}`);
  const fd = openSync(temporary, 'w', 0o600);
  try {
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, path);
  // The rename itself reaches the disk only when the folder is flushed too.
  try {
    const dirFd = openSync(dirname(path), 'r');
    fsyncSync(dirFd);
    closeSync(dirFd);
  } catch {
    // Some file systems do not flush folders; the file itself is complete either way.
  }
}
