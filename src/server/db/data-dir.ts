/**
 * DATA_DIR holds the embedded database (staff password hashes, TOTP secrets, guests' details in
 * the WAL) and the signing keys: nothing in it may be readable or writable by another account of
 * the machine. Folders are 0700 and files 0600, new ones too (a restrictive umask, because PGlite
 * creates its files as 0666 and leaves the rest to the umask).
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
function tighten(path: string): number {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return 0; // chmod would follow it out of DATA_DIR
  let changed = 0;
  if ((stat.mode & 0o077) !== 0) {
    chmodSync(path, stat.isDirectory() ? 0o700 : 0o600);
    changed++;
  }
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path)) changed += tighten(join(path, entry));
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
  return tighten(dataDir);
}
