/**
 * The first minutes of a new owner (review #31, item 7): the start-up log says once how to make
 * the owner account, following it works while the server keeps running (on the embedded
 * database the command reaches the server through its ops socket), and once an owner exists the
 * log no longer says it.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../e2e/support/server.ts';
import { copyPgliteTemplate, postgresTemplate } from '../support/database-templates.ts';
import { createTestPostgres } from '../support/postgres.ts';
import { backends, startTestServer as startInProcess } from '../support/test-server.ts';

const admin = join(import.meta.dirname, '..', '..', 'src', 'server', 'cli', 'admin.ts');
const password = 'copper lantern drifting seaward';
const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The admin command as the operator types it, the password on standard input. */
function runAdmin(
  args: string[],
  env: Record<string, string>,
  stdin: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const child = spawn(process.execPath, [admin, ...args], { env: { ...inherited, ...env } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
    child.stdin.end(`${stdin}\n`);
  });
}

const instructionPattern =
  /No owner account yet\. .* run: (?:DATA_DIR=(\S+) )?npm run admin -- (.+?) \(it asks for a password\)/;

/** Waits until the start-up lines are out (the owner line, if any, comes before the backup line). */
async function startupLog(server: TestServer): Promise<string> {
  await expect.poll(() => server.output().includes('Metrics:'), { timeout: 30_000 }).toBe(true);
  return server.output();
}

describe.each(backends)('the first owner, on %s', (backend) => {
  it('is made by following the one line the log prints, while the server runs; then the line is gone', {
    timeout: 240_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'saffron-owner-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const env: Record<string, string> = { RATE_LIMITS: 'off' };
    if (backend === 'postgres') {
      const pg = await createTestPostgres({ template: postgresTemplate() });
      await pg.db.close();
      cleanups.push(() => pg.drop());
      env.DATABASE_URL = pg.url;
    } else {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      copyPgliteTemplate(join(dir, 'pgdata'));
    }

    const first = await startTestServer(env, dir);
    cleanups.push(() => first.stop('SIGKILL'));
    const log = await startupLog(first);
    expect(log.match(/No owner account yet/g)).toHaveLength(1);
    const [, dataDir, command = ''] = instructionPattern.exec(log) ?? [];
    expect(command).toBe('create --role owner --email you@example.com');
    // The default ./data is not this test's folder, so the line names it.
    expect(dataDir).toBe(dir);

    // As the operator would, in another terminal while the server runs.
    const commandEnv = { DATA_DIR: dir, ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}) };
    const weak = await runAdmin(command.split(' '), commandEnv, 'password1234');
    expect(weak.code).toBe(1);
    expect(weak.output).not.toContain('password1234');
    const made = await runAdmin(command.split(' '), commandEnv, password);
    expect(made.output).toContain('Created owner account you@example.com');
    expect(made.code).toBe(0);
    if (backend === 'pglite') expect(made.output).toContain('by the running server');

    const { supabaseAnonKey } = (await (await fetch(`${first.url}/config.json`)).json()) as {
      supabaseAnonKey: string;
    };
    const client = createClient(first.url, supabaseAnonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const signedIn = await client.auth.signInWithPassword({ email: 'you@example.com', password });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.app_metadata.role).toBe('owner');

    // Following the line twice does not make a second account.
    const again = await runAdmin(command.split(' '), commandEnv, password);
    expect(again.code).toBe(1);
    expect(again.output).toContain('exists already');
    expect(first.output()).not.toContain(password);

    expect(await first.stop('SIGTERM')).toBe(0);
    const second = await startTestServer(env, dir);
    cleanups.push(() => second.stop('SIGKILL'));
    const restartLog = await startupLog(second);
    expect(restartLog).toContain('Staff sign in at');
    expect(restartLog).not.toContain('No owner account yet');
    expect(restartLog).not.toContain('npm run admin');
  });
});

/** A raw request on the ops socket, as any local process of the server's account could send. */
function postToSocket(dataDir: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: join(dataDir, 'ops.sock'), path: '/accounts', method: 'POST' }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the ops socket’s account request', () => {
  it('makes an account only from a well-formed request that passes the staff rules', { timeout: 120_000 }, async () => {
    const server = await startInProcess('pglite');
    cleanups.push(() => server.close());
    const account = { email: 'socket@example.com', password, assignment: { role: 'owner' } };
    expect((await postToSocket(server.dataDir, 'not json')).status).toBe(400);
    expect((await postToSocket(server.dataDir, JSON.stringify({ ...account, pad: 'x'.repeat(20_000) }))).status).toBe(
      400,
    );
    const noBranch = await postToSocket(server.dataDir, JSON.stringify({ ...account, assignment: { role: 'host' } }));
    expect(noBranch.status).toBe(400);
    // The one branch check of review #31 item 4 holds on this path too.
    const atlantis = await postToSocket(
      server.dataDir,
      JSON.stringify({ ...account, assignment: { role: 'host', branches: ['Atlantis'] } }),
    );
    expect(atlantis.status).toBe(422);
    expect(atlantis.text).toContain('There is no branch called "Atlantis". The branches are: Hanoi (main branch)');
    const weak = await postToSocket(server.dataDir, JSON.stringify({ ...account, password: 'password1234' }));
    expect(weak.status).toBe(422);
    expect(weak.text).not.toContain('password1234');
    const count = async () =>
      (await server.deps.db.query<{ n: number }>(`select count(*)::int as n from auth.users`)).rows[0]?.n;
    expect(await count()).toBe(0);

    expect((await postToSocket(server.dataDir, JSON.stringify(account))).status).toBe(201);
    const twice = await postToSocket(server.dataDir, JSON.stringify(account));
    expect(twice.status).toBe(422);
    expect(twice.text).toContain('exists already');
    expect(await count()).toBe(1);
  });
});
