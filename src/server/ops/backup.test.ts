/**
 * Backups of the embedded setup, taken while the server serves: eight writers keep booking through
 * supabase-js while a backup is taken; the backup restores into a fresh folder with every booking
 * acknowledged before it began, its keys and its photos. Damaged backups are refused, a backup
 * killed mid-write leaves nothing that looks complete, and the admin command asks the running
 * server. (PostgreSQL is backed up with pg_dump: nothing here applies to it.)
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBooking, restaurantDate } from '../../../tests/support/builders.ts';
import { anonClient } from '../../../tests/support/rest-clients.ts';
import { startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { openDatabase } from '../db/open.ts';
import { BackupError, verifyBackup } from './backup.ts';
import { listBackups } from './backup-schedule.ts';
import { restoreBackup } from './restore.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const admin = join(root, 'src', 'server', 'cli', 'admin.ts');
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'saffron-backup-'));
  dirs.push(dir);
  return dir;
}

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

let server: TestServer;
let backup: Uint8Array;
const photo = new Uint8Array(4096).map((_, i) => (i * 31) % 256);

beforeAll(async () => {
  server = await startTestServer('pglite', { RATE_LIMITS: 'off' });
  mkdirSync(join(server.dataDir, 'storage', 'menu'), { recursive: true });
  writeFileSync(join(server.dataDir, 'storage', 'menu', 'biryani.webp'), photo);
}, 120_000);

afterAll(async () => {
  await server?.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a backup while eight writers book', () => {
  it('restores into a fresh folder with every booking acknowledged before it began, the keys and the photos', async () => {
    const acknowledged: { name: string; at: number }[] = [];
    let stop = false;
    const writers = Array.from({ length: 8 }, async (_, writer) => {
      const client = anonClient(server);
      for (let n = 0; !stop; n++) {
        const name = `Writer ${writer} booking ${n}`;
        const { error } = await client
          .from('reservations')
          .insert(guestBooking({ name, date: restaurantDate(5 + ((writer * 7 + n) % 60)), guests: 2 }));
        if (!error) acknowledged.push({ name, at: performance.now() });
      }
    });
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(24);
    const began = performance.now();
    backup = await server.ops.backup();
    const ended = performance.now();
    const countAtEnd = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(countAtEnd + 8);
    stop = true;
    await Promise.all(writers);
    // The writers kept going while the backup was compressed and assembled.
    expect(acknowledged.some((a) => a.at > began && a.at < ended)).toBe(true);

    const restored = tempDir();
    const result = await restoreBackup(backup, restored);
    expect(result.manifest.appVersion).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
    const before = acknowledged.filter((a) => a.at < began).map((a) => a.name);
    expect(before.length).toBeGreaterThanOrEqual(24);

    const db = await openDatabase({ databaseUrl: undefined, dataDir: restored });
    try {
      const { rows } = await db.query<{ name: string }>(
        `select name from public.reservations where name like 'Writer %'`,
      );
      const names = new Set(rows.map((r) => r.name));
      expect(before.filter((name) => !names.has(name))).toEqual([]);
    } finally {
      await db.close();
    }
    for (const key of readdirSync(join(server.dataDir, 'keys'))) {
      expect(readFileSync(join(restored, 'keys', key))).toEqual(readFileSync(join(server.dataDir, 'keys', key)));
    }
    expect(new Uint8Array(readFileSync(join(restored, 'storage', 'menu', 'biryani.webp')))).toEqual(photo);
    expect(statSync(join(restored, 'keys')).mode & 0o077).toBe(0);
  }, 240_000);

  it('refuses a truncated and a tampered backup, and a non-empty folder without --force', async () => {
    await expect(verifyBackup(backup.subarray(0, Math.floor(backup.length / 2)))).rejects.toThrow(
      /not a complete backup|incomplete/,
    );
    await expect(verifyBackup(backup.subarray(0, backup.length - 1024))).rejects.toThrow(BackupError);
    const tampered = new Uint8Array(backup);
    tampered[2048] = (tampered[2048] ?? 0) ^ 0xff; // inside the database copy
    await expect(verifyBackup(tampered)).rejects.toThrow(
      'altered or damaged: database/pgdata.tar.gz does not match its checksum',
    );

    const target = tempDir();
    await expect(restoreBackup(tampered, target)).rejects.toThrow(/altered or damaged/);
    expect(readdirSync(target)).toEqual([]);
    writeFileSync(join(target, 'notes.txt'), 'something');
    await expect(restoreBackup(backup, target)).rejects.toThrow(/not empty.*--force/);
    const forced = await restoreBackup(backup, target, { force: true });
    expect(forced.tables).toBeGreaterThan(5);
  }, 120_000);

  it('a backup killed while being written leaves no file that looks complete', async () => {
    const dir = tempDir();
    const path = join(dir, 'saffron-lotus-20261125T000000Z.tar');
    // The child writes slowly (1 MB per write, 20 ms apart) and is killed halfway.
    const script = `
      import fs from 'node:fs';
      import { syncBuiltinESMExports } from 'node:module';
      const write = fs.writeSync;
      fs.writeSync = (fd, data, offset) => {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
        return write(fd, data, offset, Math.min(1 << 20, data.length - offset));
      };
      syncBuiltinESMExports();
      const { writeFileAtomic } = await import(${JSON.stringify(join(import.meta.dirname, 'backup.ts'))});
      writeFileAtomic(${JSON.stringify(path)}, new Uint8Array(64 << 20));
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' });
    await expect
      .poll(() => readdirSync(dir).some((name) => name.includes('.partial-')), { timeout: 30_000 })
      .toBe(true);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(existsSync(path)).toBe(false);
    expect(listBackups(dir)).toEqual([]);
    const partial = readdirSync(dir).find((name) => name.includes('.partial-'));
    await expect(verifyBackup(readFileSync(join(dir, partial ?? '')))).rejects.toThrow(BackupError);
  }, 60_000);

  it('npm run admin -- backup asks the running server; backup verify checks a file', async () => {
    const dir = tempDir();
    const file = join(dir, 'on-demand.tar');
    const taken = await run([admin, 'backup', '--to', file], { DATA_DIR: server.dataDir });
    expect(taken.output).toContain('taken by the running server');
    expect(taken.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await verifyBackup(readFileSync(file))).manifest.files.map((f) => f.name)).toContain(
      'storage/menu/biryani.webp',
    );

    writeFileSync(join(dir, 'cut.tar'), readFileSync(file).subarray(0, 100_000));
    const cut = await run([admin, 'backup', 'verify', join(dir, 'cut.tar')], {});
    expect(cut.code).toBe(1);
    expect(cut.output).toContain('not a complete backup');
    const good = await run([admin, 'backup', 'verify', file], {});
    expect(good.code).toBe(0);
    expect(good.output).toContain('is a complete backup');
  }, 120_000);
});
