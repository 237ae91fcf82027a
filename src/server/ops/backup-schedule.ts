/**
 * Backups every BACKUP_INTERVAL_HOURS into BACKUP_DIR, keeping the newest BACKUP_KEEP. The first
 * one is due an interval after the newest backup already there (at once when there is none), so
 * restarts neither skip nor pile up backups. Temporary files left by a process killed mid-write
 * are removed; they never carry a backup's name.
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../logger.ts';
import { writeFileAtomic } from './backup.ts';

/** saffron-lotus-20261125T230000Z.tar: sortable by name, and nothing else matches. */
const backupName = /^saffron-lotus-(\d{8}T\d{6})Z\.tar$/;

export function backupFileName(at: Date): string {
  return `saffron-lotus-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z')}.tar`;
}

/** The backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => backupName.test(name))
      .sort();
  } catch {
    return [];
  }
}

export interface BackupSchedule {
  /** Takes one backup now (also what the timer does); resolves with its path. */
  runNow(): Promise<string>;
  close(): Promise<void>;
}

export function startBackupSchedule(options: {
  dir: string;
  intervalHours: number;
  keep: number;
  /** Makes one backup's bytes (serialised with other backups by the caller). */
  take: () => Promise<Uint8Array>;
  logger: Logger;
  finished: (result: 'ok' | 'failed', at: Date) => void;
}): BackupSchedule {
  const { dir, logger } = options;
  const intervalMs = options.intervalHours * 3_600_000;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const name of readdirSync(dir)) {
    if (/^\.saffron-lotus-.*\.partial-\d+$/.test(name)) rmSync(join(dir, name), { force: true });
  }
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<string> | undefined;

  function rotate(): void {
    const all = listBackups(dir);
    for (const name of all.slice(0, Math.max(0, all.length - options.keep))) rmSync(join(dir, name), { force: true });
  }

  async function once(): Promise<string> {
    const at = new Date();
    const path = join(dir, backupFileName(at));
    try {
      const bytes = await options.take();
      writeFileAtomic(path, bytes);
      rotate();
      options.finished('ok', at);
      logger.info({ backup: path, bytes: bytes.length }, 'backup written');
      return path;
    } catch (error) {
      options.finished('failed', at);
      logger.error({ err: { name: (error as Error).name, message: (error as Error).message } }, 'backup failed');
      throw error;
    }
  }

  function runNow(): Promise<string> {
    running ??= once().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delayMs: number): void {
    if (closed) return;
    timer = setTimeout(
      () => {
        void runNow()
          .catch(() => undefined)
          .finally(() => schedule(intervalMs));
      },
      Math.max(0, Math.min(delayMs, 2 ** 31 - 1)),
    );
    timer.unref();
  }

  const newest = listBackups(dir).at(-1);
  const newestAt = newest ? statSync(join(dir, newest)).mtimeMs : 0;
  schedule(newest ? newestAt + intervalMs - Date.now() : 0);

  return {
    runNow,
    async close() {
      closed = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
