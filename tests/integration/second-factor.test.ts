/**
 * Row-level security asks for the second factor (20261123300000_require_aal2.sql), on PGlite and
 * PostgreSQL, through /rest/v1 with the real supabase-js client: an account with a verified TOTP
 * factor reads and changes nothing with an aal1 token (a password alone) and everything its role
 * allows with aal2; an account without a factor is unaffected — until the owner requires two-factor
 * sign-in for everyone. Guests keep booking either way.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { guestBooking } from '../support/builders.ts';
import { anonClient, tokenClient } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

type Factor = 'verified' | 'unverified' | 'none';

/** A user of the given role and factor, with a live session at the given level, and its token. */
async function accountToken(
  server: TestServer,
  options: { role?: string; factor: Factor; aal: 'aal1' | 'aal2' },
): Promise<string> {
  const userId = randomUUID();
  const sessionId = randomUUID();
  const email = `${userId.slice(0, 8)}@saffron.example`;
  const appMetadata = { provider: 'email', providers: ['email'], ...(options.role ? { role: options.role } : {}) };
  await server.deps.db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
         created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, now(), $3::jsonb, '{}'::jsonb, now(), now())`,
      [userId, email, JSON.stringify(appMetadata)],
    );
    if (options.factor !== 'none') {
      await tx.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1, $2, 'Phone', 'totp', $3, now(), now(), 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')`,
        [randomUUID(), userId, options.factor],
      );
    }
    await tx.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), $3)`,
      [sessionId, userId, options.aal],
    );
  });
  const now = Math.floor(Date.now() / 1000);
  const { token } = await server.deps.tokens.sign({
    sub: userId,
    email,
    phone: '',
    app_metadata: appMetadata,
    user_metadata: {},
    role: 'authenticated',
    aal: options.aal,
    amr: [
      ...(options.aal === 'aal2' ? [{ method: 'totp', timestamp: now }] : []),
      { method: 'password', timestamp: now },
    ],
    session_id: sessionId,
    is_anonymous: false,
  });
  return token;
}

describe.each(backends)('the second factor in row-level security on %s', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;
  const as = async (options: { role?: string; factor: Factor; aal: 'aal1' | 'aal2' }) =>
    tokenClient(server, await accountToken(server, { role: 'staff', ...options }));

  async function requireForEveryone(required: boolean): Promise<void> {
    await server.deps.db.query('update public.staff_security set require_two_factor = $1', [required]);
  }

  async function readsBookings(client: SupabaseClient): Promise<number> {
    const { data, error } = await client.from('reservations').select('id');
    expect(error).toBeNull();
    return data?.length ?? -1;
  }

  async function readsSettings(client: SupabaseClient): Promise<number> {
    const { data, error } = await client.from('branch_settings').select('branch');
    expect(error).toBeNull();
    return data?.length ?? -1;
  }

  async function marksArrived(client: SupabaseClient): Promise<number> {
    const { data, error } = await client.from('reservations').update({ arrived: true }).gte('id', 0).select('id');
    expect(error).toBeNull();
    return data?.length ?? -1;
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    anon = anonClient(server);
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    await requireForEveryone(false);
    await server.deps.db.query('delete from public.reservations');
    // One row per request: that is all a guest may insert.
    for (const name of ['Asha Rao', 'Minh Tran']) {
      const booked = await anon.from('reservations').insert(guestBooking({ name }));
      expect(booked.error).toBeNull();
    }
  });

  it('an account without a factor reads and changes bookings and settings at aal1, as before', async () => {
    const staff = await as({ factor: 'none', aal: 'aal1' });
    expect(await readsBookings(staff)).toBe(2);
    expect(await readsSettings(staff)).toBe(4);
    expect(await marksArrived(staff)).toBe(2);
  });

  it('an unfinished enrolment (an unverified factor) changes nothing', async () => {
    const staff = await as({ factor: 'unverified', aal: 'aal1' });
    expect(await readsBookings(staff)).toBe(2);
  });

  it('a password alone reads nothing once a factor is verified: no bookings, no settings, no changes', async () => {
    const stolen = await as({ factor: 'verified', aal: 'aal1' });
    expect(await readsBookings(stolen)).toBe(0);
    expect(await readsSettings(stolen)).toBe(0);
    expect(await marksArrived(stolen)).toBe(0);
    const { rows } = await server.deps.db.query<{ n: number }>(
      'select count(*)::int as n from public.reservations where arrived',
    );
    expect(Number(rows[0]?.n)).toBe(0);
    const hours = await stolen.from('branch_opening_hours').select('branch');
    expect(hours.data).toEqual([]);
    const closed = await stolen.from('branch_closed_dates').select('branch');
    expect(closed.data).toEqual([]);
    // Saving settings (a security-invoker function) runs into the same policies.
    const saved = await stolen.rpc('save_branch_settings', {
      p_branch: 'Sa Pa',
      p_settings: { time_zone: 'Asia/Ho_Chi_Minh', hours: [], closed_dates: [] },
    });
    expect(saved.error?.code).toBe('42501');
    const { rows: hoursLeft } = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from public.branch_opening_hours where branch = 'Sa Pa'`,
    );
    expect(Number(hoursLeft[0]?.n)).toBe(7);
  });

  it('the same account with the second factor (aal2) reads and changes everything its role allows', async () => {
    const staff = await as({ factor: 'verified', aal: 'aal2' });
    expect(await readsBookings(staff)).toBe(2);
    expect(await readsSettings(staff)).toBe(4);
    expect(await marksArrived(staff)).toBe(2);
  });

  it('aal2 does not widen a role: a non-staff account still reads nothing', async () => {
    const someone = tokenClient(server, await accountToken(server, { factor: 'verified', aal: 'aal2' }));
    expect(await readsBookings(someone)).toBe(0);
    expect(await readsSettings(someone)).toBe(0);
  });

  it('when two-factor is required for everyone, an account without a factor reads nothing at aal1', async () => {
    const plain = await as({ factor: 'none', aal: 'aal1' });
    const enrolled = await as({ factor: 'verified', aal: 'aal2' });
    await requireForEveryone(true);
    expect(await readsBookings(plain)).toBe(0);
    expect(await readsSettings(plain)).toBe(0);
    expect(await marksArrived(plain)).toBe(0);
    expect(await readsBookings(enrolled)).toBe(2);
    // Guests and signed-in accounts still book: inserting asks for no second factor.
    const guest = await anon.from('reservations').insert(guestBooking({ name: 'Lan Pham' }));
    expect(guest.error).toBeNull();
    const byPhone = await plain.from('reservations').insert(guestBooking({ name: 'Phone Booking' }));
    expect(byPhone.error).toBeNull();
    expect(await readsBookings(enrolled)).toBe(4);
  });

  it('staff read the setting at aal1; only owner or staff at aal2 change it', async () => {
    const readSetting = async (client: SupabaseClient) =>
      (await client.from('staff_security').select('require_two_factor')).data;
    const setRequired = async (client: SupabaseClient, value: boolean) =>
      (
        await client
          .from('staff_security')
          .update({ require_two_factor: value })
          .eq('id', true)
          .select('require_two_factor')
      ).data;

    const plainStaff = await as({ factor: 'none', aal: 'aal1' });
    expect(await readSetting(plainStaff)).toEqual([{ require_two_factor: false }]);
    // Not without the second factor: whoever turns it on is enrolled already.
    expect(await setRequired(plainStaff, true)).toEqual([]);
    const host = await as({ role: 'host', factor: 'verified', aal: 'aal2' });
    expect(await readSetting(host)).toEqual([{ require_two_factor: false }]);
    expect(await setRequired(host, true)).toEqual([]);
    const guestAccount = tokenClient(server, await accountToken(server, { factor: 'none', aal: 'aal1' }));
    expect(await readSetting(guestAccount)).toEqual([]);
    const anonRead = await anon.from('staff_security').select('require_two_factor');
    expect(anonRead.error?.code).toBe('42501');

    const owner = await as({ role: 'owner', factor: 'verified', aal: 'aal2' });
    expect(await setRequired(owner, true)).toEqual([{ require_two_factor: true }]);
    const { rows } = await server.deps.db.query<{ updated_by: string | null }>(
      'select updated_by::text as updated_by from public.staff_security',
    );
    expect(rows[0]?.updated_by).toMatch(/^[0-9a-f-]{36}$/);
    const legacyStaff = await as({ factor: 'verified', aal: 'aal2' });
    expect(await setRequired(legacyStaff, false)).toEqual([{ require_two_factor: false }]);
    // A stolen password of the owner cannot turn it off either.
    await requireForEveryone(true);
    const ownerPasswordOnly = await as({ role: 'owner', factor: 'verified', aal: 'aal1' });
    expect(await setRequired(ownerPasswordOnly, false)).toEqual([]);
    expect(await readSetting(legacyStaff)).toEqual([{ require_two_factor: true }]);
  });

  it('every table with row-level security in public carries a restrictive second-factor policy', async () => {
    const { rows } = await server.deps.db.query<{ table_name: string; guarded: boolean }>(
      `select c.relname as table_name,
              exists (select 1 from pg_policies p
                       where p.schemaname = 'public' and p.tablename = c.relname and p.permissive = 'RESTRICTIVE'
                         and (p.qual like '%aal%' or p.qual like '%second_factor_satisfied%')) as guarded
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity
        order by 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((row) => !row.guarded).map((row) => row.table_name)).toEqual([]);
  });
});
