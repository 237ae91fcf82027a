/**
 * DATA_DIR holds the embedded database (staff password hashes, TOTP secrets, guests' details in
 * the WAL) and the signing keys: nothing in it may be readable or writable by another account of
 * the machine. Folders are 0700 and files 0600. New files get that from a restrictive umask;
 * PGlite, though, sets 0666 or 0644 itself on the files of a new cluster and on the catalog caches
 * it rewrites at each start, so the worker tightens pgdata again once it is open and once it is
 * closed. In between, the 0700 folders keep other accounts out of whatever it wrote.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Files the server creates from now on are private to its account. */
export function restrictUmask(): void {
  try {
    process.umask(0o077);
  } catch {
    // A worker thread may not change the umask (tests run in-process there); the chmod of
    // secureDataDir and the explicit modes of the key files still apply.
  }
}

/** Makes `path` and everything under it private; returns how many entries had to be changed. */
export function makePrivate(path: string): number {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return 0; // chmod would follow it out of DATA_DIR
  let changed = 0;
  if ((stat.mode & 0o077) !== 0) {
    chmodSync(path, stat.isDirectory() ? 0o700 : 0o600);
    changed++;
  }
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path)) changed += makePrivate(join(path, entry));
  }
  return changed;
}

/**
 * Creates DATA_DIR private, or makes an existing one private (a folder made by an earlier
 * version, or restored from a backup with loose modes). Returns how many entries were tightened,
 * so the start can say so.
 */
export function secureDataDir(dataDir: string): number {
  restrictUmask();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return makePrivate(dataDir);
}
