/**
 * The backup schedule: the first backup at once when BACKUP_DIR has none (not when a recent one
 * is there), the newest BACKUP_KEEP kept, a dead process's temporary file removed, files 0600.
 * The backups' content is covered by backup.test.ts; here they are stand-in bytes.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { backupFileName, listBackups, startBackupSchedule } from './backup-schedule.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function schedule(dir: string, results: string[], keep = 2) {
  let n = 0;
  return startBackupSchedule({
    dir,
    intervalHours: 24,
    keep,
    take: async () => new TextEncoder().encode(`backup ${n++}`),
    logger: pino({ level: 'silent' }),
    finished: (result) => results.push(result),
  });
}

describe('the backup schedule', () => {
  it('takes one at once into an empty folder, keeps the newest, and removes a dead write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'saffron-schedule-'));
    dirs.push(dir);
    writeFileSync(join(dir, '.saffron-lotus-20200101T000000Z.tar.partial-99999'), 'half');
    const old = ['20200101T000000Z', '20200102T000000Z'].map((t) => `saffron-lotus-${t}.tar`);
    for (const name of old) {
      writeFileSync(join(dir, name), 'old');
      utimesSync(join(dir, name), new Date('2020-01-02'), new Date('2020-01-02'));
    }
    const results: string[] = [];
    const running = schedule(dir, results);
    await expect.poll(() => results).toEqual(['ok']);
    // Two kept: the newest old one and the new one; the dead process's partial file is gone.
    const kept = listBackups(dir);
    expect(kept).toHaveLength(2);
    expect(kept[0]).toBe(old[1]);
    expect(readdirSync(dir).filter((name) => name.includes('partial'))).toEqual([]);
    expect(statSync(join(dir, kept[1] ?? '')).mode & 0o777).toBe(0o600);
    await running.close();
  });

  it('waits for the interval when a recent backup is there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'saffron-schedule-'));
    dirs.push(dir);
    writeFileSync(join(dir, backupFileName(new Date())), 'recent');
    const results: string[] = [];
    const running = schedule(dir, results);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(results).toEqual([]);
    await running.close();
  });
});
