/**
 * The server as a process: how it starts, refuses to start, and stops. Each test spawns the real
 * entry point (src/server/main.ts) like `npm start` does.
 */

import { spawn } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../e2e/support/server.ts';
import { sheetsPayload } from '../support/builders.ts';

const main = join(import.meta.dirname, '..', '..', 'src', 'server', 'main.ts');
const dirs: string[] = [];
const servers: TestServer[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'saffron-life-'));
  dirs.push(dir);
  return dir;
}

/** Runs the server entry point and resolves with its exit code and output (for starts that must fail). */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [main], { env: { ...process.env, LOG_LEVEL: 'warn', ...env } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop('SIGKILL')));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('starting', () => {
  it('refuses a bad PORT, naming the variable', async () => {
    const { code, output } = await runToExit({ PORT: 'abc', DATA_DIR: tempDir() });
    expect(code).not.toBe(0);
    expect(output).toContain('PORT');
  });

  it('refuses an unreachable PostgreSQL, naming DATABASE_URL and hiding the password', async () => {
    const { code, output } = await runToExit({
      PORT: '0',
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://app:s3cret-pass@127.0.0.1:1/restaurant',
    });
    expect(code).not.toBe(0);
    expect(output).toContain('DATABASE_URL');
    expect(output).not.toContain('s3cret-pass');
  });

  it('refuses a truncated signing key instead of silently making a new one', async () => {
    const dir = tempDir();
    const first = await startTestServer({}, dir);
    expect(await first.stop('SIGTERM')).toBe(0);
    const keyFile = join(dir, 'keys', 'jwt-signing-key.json');
    const key = readFileSync(keyFile, 'utf8');
    writeFileSync(keyFile, key.slice(0, 40));
    const { code, output } = await runToExit({ PORT: '0', DATA_DIR: dir });
    expect(code).not.toBe(0);
    expect(output).toContain('jwt-signing-key.json');
    expect(readFileSync(keyFile, 'utf8')).toBe(key.slice(0, 40));
  });

  it('refuses a data folder whose database is damaged or missing', async () => {
    const dir = tempDir();
    const first = await startTestServer({}, dir);
    expect(await first.stop('SIGTERM')).toBe(0);
    rmSync(join(dir, 'pgdata', 'PG_VERSION'));
    const damaged = await runToExit({ PORT: '0', DATA_DIR: dir });
    expect(damaged.code).not.toBe(0);
    expect(damaged.output).toContain('PG_VERSION');

    rmSync(join(dir, 'pgdata'), { recursive: true });
    const missing = await runToExit({ PORT: '0', DATA_DIR: dir });
    expect(missing.code).not.toBe(0);
    expect(missing.output).toContain('database');
  });

  it('refuses a second process on a data folder that is in use, and takes over after a crash', async () => {
    const dir = tempDir();
    const first = await startTestServer({}, dir);
    servers.push(first);
    const second = await runToExit({ PORT: '0', DATA_DIR: dir });
    expect(second.code).not.toBe(0);
    expect(second.output).toContain('in use by process');
    expect((await fetch(`${first.url}/health`)).status).toBe(200);

    await first.stop('SIGKILL'); // leaves a stale lock behind
    const third = await startTestServer({}, dir);
    servers.push(third);
    expect((await fetch(`${third.url}/health`)).status).toBe(200);
  });

  it('takes over the lock of a killed server that was never reaped (its pid still alive)', async () => {
    const dir = tempDir();
    // bash starts the server and becomes \`sleep\`, which never reaps it: once killed, the server
    // stays a zombie whose pid still answers kill(pid, 0), as a dead server's pid does while its
    // parent has not collected it, or when a container gives the next server the same pid.
    const holder = spawn('bash', ['-c', `"${process.execPath}" "${main}" & echo $!; exec sleep 120`], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const pid = Number(
        await new Promise<string>((resolve) => holder.stdout.once('data', (c: Buffer) => resolve(c.toString()))),
      );
      await expect.poll(() => readdirSync(dir).includes('pgdata.lock-owner'), { timeout: 30_000 }).toBe(true);
      process.kill(pid, 'SIGKILL');
      await expect.poll(() => readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2], { timeout: 5000 }).toBe('Z');
      const next = await startTestServer({}, dir);
      servers.push(next);
      expect((await fetch(`${next.url}/health`)).status).toBe(200);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('keeps DATA_DIR private, and tightens a folder that was not', async () => {
    const dir = tempDir();
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'backups'), { mode: 0o755 });
    writeFileSync(join(dir, 'backups', 'notes.txt'), 'restored from a backup', { mode: 0o644 });
    const server = await startTestServer({ LOG_LEVEL: 'info' }, dir);
    servers.push(server);
    // A booking reaches the WAL, with the guest's details in it.
    await fetch(`${server.url}/sheets/exec`, { method: 'POST', body: JSON.stringify(sheetsPayload()) });
    const loose: string[] = [];
    const walk = (path: string) => {
      const stat = lstatSync(path);
      if ((stat.mode & 0o077) !== 0) loose.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
      if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
    };
    walk(dir);
    expect(loose).toEqual([]);
    expect(readdirSync(join(dir, 'pgdata')).length).toBeGreaterThan(5);
    expect(server.output()).toContain('DATA_DIR was readable by other accounts');
  });

  it('starts again on the same data folder with the same keys', async () => {
    const dir = tempDir();
    const first = await startTestServer({}, dir);
    const config1 = await (await fetch(`${first.url}/config.json`)).json();
    expect(await first.stop('SIGTERM')).toBe(0);
    const second = await startTestServer({}, dir);
    servers.push(second);
    const config2 = await (await fetch(`${second.url}/config.json`)).json();
    expect(config2.supabaseAnonKey).toBe(config1.supabaseAnonKey);
  });
});

describe('stopping', () => {
  it('exits 0 on SIGTERM and SIGINT after closing the database', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const server = await startTestServer();
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      expect(await server.stop(signal)).toBe(0);
      expect(server.output()).toContain(signal);
    }
  });

  it('finishes a request in flight on SIGTERM and refuses new connections', async () => {
    const server = await startTestServer({ RATE_LIMITS: 'off' });
    servers.push(server);
    const { port } = new URL(server.url);
    const body = JSON.stringify(sheetsPayload({ name: 'Late Guest' }));
    // A booking whose body is still arriving when the stop signal comes.
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const ended = new Promise((r) => socket.once('close', r));
    socket.write(
      `POST /sheets/exec HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 20)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    const exit = server.stop('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
    socket.write(body.slice(20));
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(await exit).toBe(0);
  });
});
