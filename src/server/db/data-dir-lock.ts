/**
 * One process at a time on the embedded database: PGlite has no lock of its own, and two
 * processes writing one folder corrupt it. The lock is proper-lockfile's: a folder beside pgdata
 * whose modification time the holder refreshes every second. A holder that dies (kill -9, a
 * crash, a reboot) stops refreshing it, and after `staleMs` the next server takes it over, whatever
 * process now has the dead one's pid. A pid alone cannot tell that: in a container a restarted
 * server often gets the same small pid as the one that died, and a killed process keeps its pid
 * until it is reaped.
 */
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import lockfile from 'proper-lockfile';
import { z } from 'zod';

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

export interface LockOptions {
  /** A lock not refreshed for this long is taken over (proper-lockfile allows 2000 at least). */
  staleMs?: number;
  /**
   * Called if this process loses its lock (it was frozen longer than staleMs — SIGSTOP, a paused
   * VM — and another server took over). It must stop writing at once.
   */
  onLost?: (error: Error) => void;
}

const defaultStaleMs = 5000;
const ownerSchema = z.object({ pid: z.number().int(), host: z.string() });

function stopOnLostLock(error: Error): void {
  console.error(`The lock on the embedded database was lost (${error.message}). Stopping to protect the data.`);
  process.exit(70);
}

/**
 * An earlier version kept a plain file holding a pid where the lock folder now goes. Such a file
 * is left over: a server of that version must be stopped before this one is installed.
 */
function removeOldStyleLock(lockPath: string): void {
  try {
    if (statSync(lockPath).isFile()) rmSync(lockPath, { force: true });
  } catch {
    // No lock yet.
  }
}

/** Takes the lock on `pgdata`, waiting for a dead holder's lock to go stale; returns the release. */
export async function lockDataDir(pgdata: string, options: LockOptions = {}): Promise<() => void> {
  const lockPath = `${pgdata}.lock`;
  const ownerPath = `${pgdata}.lock-owner`;
  const staleMs = options.staleMs ?? defaultStaleMs;
  removeOldStyleLock(lockPath);
  try {
    await lockfile.lock(pgdata, {
      lockfilePath: lockPath,
      realpath: false,
      stale: staleMs,
      update: Math.max(1000, Math.floor(staleMs / 5)),
      // Wait a little longer than a dead holder's lock takes to go stale.
      retries: { retries: Math.ceil((staleMs + 1500) / 250), factor: 1, minTimeout: 250, maxTimeout: 250 },
      onCompromised: options.onLost ?? stopOnLostLock,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    let owner = 'another process';
    try {
      const recorded = ownerSchema.parse(JSON.parse(readFileSync(ownerPath, 'utf8')));
      owner = `process ${recorded.pid}${recorded.host === hostname() ? '' : ` on ${recorded.host}`}`;
    } catch {
      // The holder has not written its name yet.
    }
    throw new DatabaseLockedError(
      `${pgdata} is in use by ${owner} (the server, or an admin command). Stop it first: the embedded database allows one process at a time.`,
    );
  }
  // Only for the message above: who holds the lock is decided by the lock folder alone.
  writeFileSync(ownerPath, JSON.stringify({ pid: process.pid, host: hostname() }), { mode: 0o600 });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    rmSync(ownerPath, { force: true });
    lockfile.unlockSync(pgdata, { lockfilePath: lockPath, realpath: false });
  };
}
