/**
 * The team endpoint through supabase-js's functions client, as the team screen calls it, on both
 * databases: an owner lists, adds, changes, resets and removes accounts, and every change reaches
 * the account at once (a new host reads their branch; a changed or removed account's session
 * ends); everyone else is refused, and bad bodies are refused before anything is done.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBooking } from '../../../tests/support/builders.ts';
import { insertAsOwner } from '../../../tests/support/realtime-subscriptions.ts';
import { anonClient, signUserToken, tokenClient } from '../../../tests/support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { teamListSchema, temporaryPasswordSchema } from '../../domain/team.ts';
import { createStaffAccount, LastOwnerError, setStaffRole } from '../auth/accounts.ts';

const owner = { email: 'owner@saffron-lotus.test', password: 'saffron threads in warm milk' };
const options = { auth: { persistSession: false, autoRefreshToken: false } };

describe.each(backends)('the team endpoint on %s', (backend) => {
  let server: TestServer;
  let ownerClient: SupabaseClient;

  async function signIn(email: string, password: string): Promise<SupabaseClient> {
    const client = createClient(server.url, server.anonKey, options);
    const { error } = await client.auth.signInWithPassword({ email, password });
    expect(error, email).toBeNull();
    return client;
  }

  /** The status and JSON body of a call, whatever the outcome (supabase-js hides error bodies in `context`). */
  async function call(client: SupabaseClient, body?: unknown): Promise<{ status: number; body: unknown }> {
    const { data, error, response } = await client.functions.invoke(
      'team',
      body === undefined ? { method: 'GET' } : { body: body as Record<string, unknown> },
    );
    if (!error) return { status: response?.status ?? 200, body: data };
    const status = response?.status ?? -1;
    const text = response
      ? await response
          .clone()
          .text()
          .catch(() => '')
      : '';
    return { status, body: text ? JSON.parse(text) : null };
  }

  async function branchesReadBy(client: SupabaseClient): Promise<string[]> {
    const { data, error } = await client.from('reservations').select('branch');
    expect(error).toBeNull();
    return [...new Set((data ?? []).map((row: { branch: string }) => row.branch))].sort();
  }

  beforeAll(async () => {
    server = await startTestServer(backend, {
      ADMIN_EMAIL: owner.email,
      ADMIN_PASSWORD: owner.password,
      ADMIN_ROLE: 'owner',
    });
    ownerClient = await signIn(owner.email, owner.password);
    for (const branch of ['Sa Pa', 'Da Nang', 'Ninh Binh']) {
      await insertAsOwner(server, guestBooking({ name: `Guest at ${branch}`, branch }));
    }
  });
  afterAll(async () => server?.close());

  it('lists the accounts with role, branches, two-factor status and last sign-in', async () => {
    await createStaffAccount(server.deps.db, {
      email: 'listed.host@saffron-lotus.test',
      password: 'lotus ponds under monsoon skies',
      assignment: { role: 'host', branches: ['Da Nang'] },
    });
    const { status, body } = await call(ownerClient);
    expect(status).toBe(200);
    const list = teamListSchema.parse(body);
    const me = list.accounts.find((a) => a.email === owner.email);
    expect(me).toMatchObject({ role: 'owner', branches: [], mfa: false, lastSignInAt: expect.any(String) });
    expect(list.self).toBe(me?.id);
    expect(list.accounts.find((a) => a.email === 'listed.host@saffron-lotus.test')).toMatchObject({
      role: 'host',
      branches: ['Da Nang'],
      mfa: false,
      lastSignInAt: null,
    });
    expect(list.branches).toEqual(expect.arrayContaining(['Hanoi (main branch)', 'Ninh Binh', 'Sa Pa', 'Da Nang']));
  });

  it('offers the branches of public.branches, those an owner adds included, and no other name', async () => {
    expect((await ownerClient.from('branches').insert({ name: 'Hoi An' })).status).toBe(201);
    const list = teamListSchema.parse((await call(ownerClient)).body);
    expect(list.branches.slice(0, 7)).toEqual([
      'Hanoi (main branch)',
      'Ninh Binh',
      'Sa Pa',
      'Da Nang',
      'Downtown',
      'Uptown',
      'Suburb',
    ]);
    expect(list.branches).toContain('Hoi An');
    const made = await call(ownerClient, {
      action: 'create',
      email: 'hoi.an.host@saffron-lotus.test',
      role: 'host',
      branches: ['Hoi An'],
    });
    expect(made.status).toBe(201);
    const misspelt = await call(ownerClient, {
      action: 'create',
      email: 'sa.pa.host@saffron-lotus.test',
      role: 'host',
      branches: ['sa pa'],
    });
    expect([misspelt.status, (misspelt.body as { code?: string }).code]).toEqual([400, 'unknown_branch']);
    // The CLI's message (one check): the name, then the branches there are, the owner's new one too.
    expect((misspelt.body as { message?: string }).message).toMatch(
      /^There is no branch called "sa pa"\. The branches are: Hanoi \(main branch\), .*, Sa Pa, .*Hoi An/,
    );
  });

  it('adds a Sa Pa host with a temporary password shown once; the host signs in and reads only Sa Pa', async () => {
    const created = await call(ownerClient, {
      action: 'create',
      email: ' New.Host@Saffron-Lotus.test ',
      role: 'host',
      branches: ['Sa Pa'],
    });
    expect(created.status).toBe(201);
    const { account, temporaryPassword } = temporaryPasswordSchema.parse(created.body);
    expect(account).toMatchObject({ email: 'new.host@saffron-lotus.test', role: 'host', branches: ['Sa Pa'] });
    expect(temporaryPassword).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    // Shown once: the list never carries a password.
    expect(JSON.stringify((await call(ownerClient)).body)).not.toContain(temporaryPassword);

    const host = await signIn('new.host@saffron-lotus.test', temporaryPassword);
    expect(await branchesReadBy(host)).toEqual(['Sa Pa']);

    // Its branches change: the session it holds ends at once, and a fresh one reads the new branches.
    const changed = await call(ownerClient, {
      action: 'update',
      id: account.id,
      role: 'host',
      branches: ['Da Nang', 'Ninh Binh'],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ account: { role: 'host', branches: ['Da Nang', 'Ninh Binh'] } });
    const stale = await host.from('reservations').select('branch');
    expect(stale.status).toBe(401);
    expect(await branchesReadBy(await signIn('new.host@saffron-lotus.test', temporaryPassword))).toEqual([
      'Da Nang',
      'Ninh Binh',
    ]);

    // A new password: the old one stops working, the new one works.
    const reset = await call(ownerClient, { action: 'reset-password', id: account.id });
    expect(reset.status).toBe(200);
    const next = temporaryPasswordSchema.parse(reset.body).temporaryPassword;
    expect(next).not.toBe(temporaryPassword);
    const old = await createClient(server.url, server.anonKey, options).auth.signInWithPassword({
      email: 'new.host@saffron-lotus.test',
      password: temporaryPassword,
    });
    expect(old.error?.code).toBe('invalid_credentials');
    const again = await signIn('new.host@saffron-lotus.test', next);

    // Removed: the account and its sessions are gone.
    const removed = await call(ownerClient, { action: 'remove', id: account.id });
    expect(removed).toEqual({ status: 200, body: { removed: account.id } });
    expect((await again.from('reservations').select('branch')).status).toBe(401);
    const after = await createClient(server.url, server.anonKey, options).auth.signInWithPassword({
      email: 'new.host@saffron-lotus.test',
      password: next,
    });
    expect(after.error?.code).toBe('invalid_credentials');
    expect((await call(ownerClient, { action: 'remove', id: account.id })).status).toBe(404);
  });

  it('refuses anyone but an owner: 401 without a session, 403 for staff, hosts and other accounts', async () => {
    const accounts = [
      { email: 'team.staff@saffron-lotus.test', assignment: { role: 'staff' as const, branches: [] } },
      { email: 'team.host@saffron-lotus.test', assignment: { role: 'host' as const, branches: ['Sa Pa'] } },
    ];
    const password = 'tamarind chutney on a rainy day';
    const clients: SupabaseClient[] = [];
    for (const account of accounts) {
      await createStaffAccount(server.deps.db, { ...account, password });
      clients.push(await signIn(account.email, password));
    }
    clients.push(tokenClient(server, await signUserToken(server, { staff: false })));
    const create = { action: 'create', email: 'sneaky@saffron-lotus.test', role: 'owner' };
    for (const client of clients) {
      expect((await call(client)).status).toBe(403);
      expect(await call(client, create)).toMatchObject({ status: 403, body: { code: 'not_owner' } });
    }
    expect((await call(anonClient(server))).status).toBe(401);
    expect(await call(anonClient(server), create)).toMatchObject({ status: 401, body: { code: 'not_signed_in' } });
    const noToken = await fetch(`${server.url}/functions/v1/team`, { headers: { apikey: server.anonKey } });
    expect(noToken.status).toBe(401);
    const { rows } = await server.deps.db.query(`select 1 from auth.users where email = 'sneaky@saffron-lotus.test'`);
    expect(rows).toEqual([]);
  });

  it('refuses a demoted owner at once, though its token still says owner', async () => {
    const second = { email: 'second.owner@saffron-lotus.test', password: 'peppercorns and star anise' };
    const id = await createStaffAccount(server.deps.db, { ...second, assignment: { role: 'owner', branches: [] } });
    const client = await signIn(second.email, second.password);
    expect((await call(client)).status).toBe(200);
    expect((await call(ownerClient, { action: 'update', id, role: 'staff' })).status).toBe(200);
    expect((await call(client)).status).toBe(401);
    const fresh = await signIn(second.email, second.password);
    expect((await call(fresh)).status).toBe(403);
  });

  it('asks an owner with a verified second factor for an aal2 session', async () => {
    const third = { email: 'mfa.owner@saffron-lotus.test', password: 'cardamom pods in a brass tin' };
    const id = await createStaffAccount(server.deps.db, { ...third, assignment: { role: 'owner', branches: [] } });
    const client = await signIn(third.email, third.password);
    expect((await call(client)).status).toBe(200);
    await server.deps.db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, 'phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [id],
    );
    expect(await call(client)).toMatchObject({ status: 403, body: { code: 'insufficient_aal' } });
    const listed = teamListSchema.parse((await call(ownerClient)).body);
    expect(listed.accounts.find((a) => a.id === id)?.mfa).toBe(true);
  });

  it('refuses bad bodies with 400, its own account with 409 and unknown accounts with 404', async () => {
    const { body } = await call(ownerClient);
    const self = teamListSchema.parse(body).self;
    const bad: unknown[] = [
      {},
      { action: 'promote', id: self },
      { action: 'create', email: 'not-an-email', role: 'staff' },
      { action: 'create', email: 'x@saffron-lotus.test', role: 'manager' },
      { action: 'create', email: 'x@saffron-lotus.test', role: 'host' },
      { action: 'create', email: 'x@saffron-lotus.test', role: 'host', branches: ['Atlantis'] },
      { action: 'create', email: 'x@saffron-lotus.test', role: 'host', branches: ['x'.repeat(65)] },
      { action: 'update', id: 'not-a-uuid', role: 'staff' },
      { action: 'remove' },
      [],
      'remove everyone',
    ];
    for (const request of bad) {
      const result = await call(ownerClient, request);
      expect(result.status, JSON.stringify(request)).toBe(400);
    }
    const notJson = await fetch(`${server.url}/functions/v1/team`, {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${(await ownerClient.auth.getSession()).data.session?.access_token}`,
        'content-type': 'application/json',
      },
      body: '{"action":',
    });
    expect(notJson.status).toBe(400);
    const { rows } = await server.deps.db.query(`select 1 from auth.users where email = 'x@saffron-lotus.test'`);
    expect(rows).toEqual([]);

    expect(await call(ownerClient, { action: 'remove', id: self })).toMatchObject({
      status: 409,
      body: { code: 'own_account' },
    });
    expect((await call(ownerClient, { action: 'update', id: self, role: 'host', branches: ['Sa Pa'] })).status).toBe(
      409,
    );
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    expect((await call(ownerClient, { action: 'update', id: unknown, role: 'staff' })).status).toBe(404);
    expect((await call(ownerClient, { action: 'create', email: owner.email, role: 'staff' })).status).toBe(409);
  });
  it('knows its own id in any case, and never leaves the team without an owner (security review #20, item 1)', async () => {
    const { body } = await call(ownerClient);
    const self = teamListSchema.parse(body).self;
    const ownersNow = async () => {
      const { rows } = await server.deps.db.query<{ id: string }>(
        `select id from auth.users where raw_app_meta_data ->> 'role' = 'owner' and deleted_at is null order by email`,
      );
      return rows.map((row) => row.id);
    };
    // Its own id in upper case is still its own account: refused, and nothing changes.
    for (const request of [
      { action: 'update', id: self.toUpperCase(), role: 'staff' },
      { action: 'remove', id: self.toUpperCase() },
    ]) {
      expect(await call(ownerClient, request)).toMatchObject({ status: 409, body: { code: 'own_account' } });
    }
    expect(await ownersNow()).toContain(self);

    // Only this owner left (other tests' owners become staff), then a deputy owner.
    await server.deps.db.query(
      `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"staff"}'
        where raw_app_meta_data ->> 'role' = 'owner' and id <> $1`,
      [self],
    );
    // The function the endpoint uses: the database refuses to demote the last owner.
    await expect(setStaffRole(server.deps.db, { id: self }, { role: 'staff', branches: [] })).rejects.toThrow(
      LastOwnerError,
    );
    const deputy = { email: 'deputy.owner@saffron-lotus.test', password: 'mustard seeds popping in ghee' };
    const deputyId = await createStaffAccount(server.deps.db, {
      ...deputy,
      assignment: { role: 'owner', branches: [] },
    });
    const deputyClient = await signIn(deputy.email, deputy.password);
    // The two owners demote each other at once: one of them may, the other is refused — whatever
    // the order, an owner is left, and no answer is a 500.
    const answers = await Promise.all([
      call(ownerClient, { action: 'update', id: deputyId, role: 'staff' }),
      call(deputyClient, { action: 'update', id: self, role: 'staff' }),
    ]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect([401, 403, 409]).toContain(answer.status);
      if (answer.status === 409) {
        expect(answer.body).toEqual({
          code: 'last_owner',
          message: 'The team must keep at least one owner: make another account owner first',
        });
      }
    }
    const left = await ownersNow();
    expect(left).toHaveLength(1);
    // The team is whole again for the next test: the owner this file signs in as is an owner.
    if (left[0] !== self) {
      await server.deps.db.query(
        `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"owner"}' where id = $1`,
        [self],
      );
      await server.deps.db.query(`delete from auth.users where id = $1`, [deputyId]);
    }
  });
});
