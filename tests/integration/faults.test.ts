/**
 * Faults: a server killed while guests are booking, and a PostgreSQL that goes away mid-run.
 * Nothing acknowledged may be lost, and a lost database answers 503 quickly instead of hanging.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/server/db/pglite.ts';
import { startTestServer as startProcess, type TestServer } from '../e2e/support/server.ts';
import { guestBooking } from '../support/builders.ts';
import { adminUrl, databaseUrlFor } from '../support/postgres.ts';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
});

async function anonKey(url: string): Promise<string> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string };
  return config.supabaseAnonKey;
}

describe('kill -9 while writers insert', () => {
  it('keeps every acknowledged reservation and reopens cleanly', async () => {
    const server = await startProcess({ RATE_LIMITS: 'off' });
    servers.push(server);
    const key = await anonKey(server.url);
    const acknowledged: string[] = [];
    const run = randomBytes(4).toString('hex');
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const name = `kill-${run}-${w}-${i}`;
        try {
          const res = await fetch(`${server.url}/rest/v1/reservations`, {
            method: 'POST',
            headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: JSON.stringify(guestBooking({ name })),
          });
          if (res.status === 201) acknowledged.push(name);
          else expect.unreachable(`insert answered ${res.status}`);
        } catch {
          return; // the server died mid-request: that insert was never acknowledged
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    await new Promise((r) => setTimeout(r, 2500));
    const exited = new Promise((r) => server.process.once('exit', r));
    server.process.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await exited;
    expect(acknowledged.length).toBeGreaterThan(20);

    // The database opens cleanly (no recovery failure) and holds every acknowledged row.
    const db = await openPglite(`${server.dataDir}/pgdata`);
    try {
      const { rows } = await db.query<{ name: string }>('select name from public.reservations where name like $1', [
        `kill-${run}-%`,
      ]);
      const stored = new Set(rows.map((r) => r.name));
      const lost = acknowledged.filter((name) => !stored.has(name));
      expect(lost).toEqual([]);
    } finally {
      await db.close();
    }

    // And the server starts again on the same folder.
    const again = await startProcess({}, server.dataDir);
    servers.push(again);
    expect((await fetch(`${again.url}/health`)).status).toBe(200);
  }, 180_000);
});

describe('PostgreSQL lost mid-run', () => {
  it('answers 503 promptly while the database is gone and recovers when it returns', async () => {
    const name = `saffron_fault_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const server = await startProcess({ DATABASE_URL: databaseUrlFor(name), RATE_LIMITS: 'off' });
    servers.push(server);
    const key = await anonKey(server.url);
    const insert = () =>
      fetch(`${server.url}/rest/v1/reservations`, {
        method: 'POST',
        headers: { apikey: key, 'content-type': 'application/json' },
        body: JSON.stringify(guestBooking({ name: 'lost-db' })),
        signal: AbortSignal.timeout(15_000),
      });
    try {
      expect((await insert()).status).toBe(201);

      // "Lose" the server: refuse new connections and cut the existing ones.
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);

      const health = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(10_000) });
      expect(health.status).toBe(503);
      const refused = await insert();
      expect(refused.status).toBe(503);

      await admin.query(`alter database ${name} allow_connections true`);
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      expect((await insert()).status).toBe(201);
    } finally {
      await server.stop('SIGKILL');
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
