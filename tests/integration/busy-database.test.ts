/**
 * A database kept busy by heavy staff searches: the request that takes too long answers 504 with
 * SQLSTATE 57014 (the embedded database finishes the work in its worker; PostgreSQL cancels the
 * statement), and the server goes on answering what needs no database, and /health, meanwhile.
 */
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/server/auth/accounts.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

const staff = { email: 'busy-host@saffronlotus.test', password: 'a long staff passphrase for tests' };

/** Twelve substring pairs over every row and an exact count: no index can help. */
const heavySearch = (n: number) =>
  Array.from({ length: 12 }, (_, i) => `name.ilike.*zz${n}${i}*,email.ilike.*qq${n}${i}*`).join(',');

describe.each(backends)('a busy database on %s', (backend) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off', DATABASE_TIMEOUT_MS: '250' });
    const { db } = server.deps;
    // Historical bookings, loaded as an operator loads them (rules that look at "now" skipped: every
    // branch refuses the past since issue 20).
    await db.transaction(
      async (tx) => {
        await tx.query('set local session_replication_role = replica');
        await tx.query(`
          insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
          select 'Guest ' || i, '+84 9' || i, 'guest' || i || '@example.vn', date '2025-01-01' + (i % 300),
                 2, 'Downtown', '19:00', 'Dinner'
            from generate_series(1, 150000) as i`);
      },
      { timeoutMs: 0 },
    );
    await createStaffAccount(db, staff);
    const client = createClient(server.url, server.anonKey, { auth: { persistSession: false } });
    const { data, error } = await client.auth.signInWithPassword(staff);
    if (error) throw error;
    token = data.session.access_token;
  }, 180_000);
  afterAll(async () => server?.close());

  it('answers 504 (57014) for a search that outlasts the limit, and stays responsive meanwhile', async () => {
    const search = (n: number) =>
      fetch(`${server.url}/rest/v1/reservations?select=*&or=(${heavySearch(n)})&limit=50`, {
        headers: { apikey: server.anonKey, Authorization: `Bearer ${token}`, Prefer: 'count=exact' },
      });
    let searchesDone = false;
    const heavy = Promise.all([search(1), search(2), search(3), search(4)]).finally(() => {
      searchesDone = true;
    });
    // While they run, /health and /config.json answer (before, the embedded database held the
    // server's only thread and they waited for the searches to end).
    const during = await Promise.all([fetch(`${server.url}/health`), fetch(`${server.url}/config.json`)]);
    // (PostgreSQL cancels its searches within 250 ms; only the embedded one keeps working.)
    if (backend === 'pglite') expect(searchesDone).toBe(false);
    expect(during.map((r) => r.status)).toEqual([200, 200]);
    const answers = await heavy;
    for (const answer of answers) {
      expect(answer.status).toBe(504);
      expect(await answer.json()).toMatchObject({ code: '57014' });
    }
    // Once the work is done the database answers again.
    await expect
      .poll(async () => (await (await fetch(`${server.url}/health`)).json()).status, { timeout: 30_000 })
      .toBe('ok');
    const quick = await fetch(`${server.url}/rest/v1/reservations?select=id&id=eq.1`, {
      headers: { apikey: server.anonKey, Authorization: `Bearer ${token}` },
    });
    expect(quick.status).toBe(200);
  });
});
