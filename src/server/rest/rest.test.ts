/**
 * Conformance of /rest/v1 with the real supabase-js client, on PGlite and on PostgreSQL: the
 * calls the web app makes, as a guest, as staff and as a signed-in user who is not staff.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { base64url, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBooking, restaurantDate } from '../../../tests/support/builders.ts';
import { anonClient, signUserToken, storedRows, tokenClient } from '../../../tests/support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { createApp } from '../app.ts';
import { createMemoryRateLimiter } from '../rate-limit/rate-limiter.ts';
import { anonInsertLimit } from './routes.ts';

interface Seed {
  name: string;
  mobile: string;
  email: string;
  date: string;
  branch: string;
  guests: number;
  notes: string | null;
  created_at: string;
}

// Newest first is the dashboard's order: created_at descending.
const seed: Seed[] = [
  {
    name: 'Meera Iyer',
    mobile: '0901',
    email: 'meera@example.com',
    date: restaurantDate(8),
    branch: 'Sa Pa',
    guests: 2,
    notes: null,
    created_at: '2026-11-01T10:00:00Z',
  },
  {
    name: 'Tran Van An',
    mobile: '0902',
    email: 'an@example.vn',
    date: restaurantDate(9),
    branch: 'Da Nang',
    guests: 6,
    notes: 'window seat',
    created_at: '2026-11-02T10:00:00Z',
  },
  {
    name: 'Karan Mehta',
    mobile: '0903',
    email: 'karan@example.com',
    date: restaurantDate(9),
    branch: 'Ninh Binh',
    guests: 3,
    notes: null,
    created_at: '2026-11-03T10:00:00Z',
  },
  {
    name: 'Nguyen Thi Mai',
    mobile: '0904',
    email: 'mai@example.vn',
    date: restaurantDate(10),
    branch: 'Hanoi (main branch)',
    guests: 1,
    notes: 'birthday, cake (chocolate)',
    created_at: '2026-11-04T10:00:00Z',
  },
  {
    name: 'Priya Sharma',
    mobile: '0905',
    email: 'priya@example.com',
    date: restaurantDate(10),
    branch: 'Sa Pa',
    guests: 8,
    notes: null,
    created_at: '2026-11-05T10:00:00Z',
  },
  {
    name: 'Le Minh Duc',
    mobile: '0906',
    email: 'duc@example.vn',
    date: restaurantDate(11),
    branch: 'Hanoi (main branch)',
    guests: 2,
    notes: null,
    created_at: '2026-11-06T10:00:00Z',
  },
];
const newestFirst = [...seed].reverse().map((row) => row.name);

function restUrl(server: TestServer, path: string): string {
  return `${server.url}/rest/v1/${path}`;
}

describe.each(backends)('/rest/v1 with supabase-js on %s', (backend) => {
  let server: TestServer;
  let staffToken: string;
  let staff: SupabaseClient;
  let nonStaff: SupabaseClient;
  let anon: SupabaseClient;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    server = await startTestServer(backend);
    staffToken = await signUserToken(server, { staff: true });
    staff = tokenClient(server, staffToken);
    nonStaff = tokenClient(server, await signUserToken(server, { staff: false }));
    anon = anonClient(server);
    // Fixtures with fixed creation times, written as the table's owner.
    for (const row of seed) {
      const { rows } = await server.deps.db.query<{ id: number }>(
        `insert into public.reservations (name, mobile, email, date, guests, branch, time, period, notes, created_at)
         values ($1, $2, $3, $4, $5, $6, '19:00', 'PM', $7, $8) returning id`,
        [row.name, row.mobile, row.email, row.date, row.guests, row.branch, row.notes, row.created_at],
      );
      ids.set(row.name, rows[0]?.id ?? -1);
    }
  });
  afterAll(async () => server?.close());

  describe('a guest (anon)', () => {
    it('inserts a booking: 201 and no body', async () => {
      const before = await storedRows(server);
      const result = await anon
        .from('reservations')
        .insert(guestBooking({ name: 'Guest One', notes: 'near the door' }));
      expect(result.error).toBeNull();
      expect(result.status).toBe(201);
      expect(result.data).toBeNull();
      expect(await storedRows(server)).toBe(before + 1);

      const raw = await fetch(restUrl(server, 'reservations'), {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify(guestBooking({ name: 'Guest Two' })),
      });
      expect(raw.status).toBe(201);
      expect(await raw.text()).toBe('');
      expect(raw.headers.get('content-range')).toBe('*/*');
    });

    it('books one table per request: an array of one is fine, more rows are refused and nothing is stored', async () => {
      const one = await anon.from('reservations').insert([guestBooking({ name: 'Only One' })]);
      expect(one.error).toBeNull();
      expect(one.status).toBe(201);
      const before = await storedRows(server);
      const two = [guestBooking({ name: 'Group A' }), guestBooking({ name: 'Group B' })];
      for (const client of [anon, nonStaff]) {
        const { error, status } = await client.from('reservations').insert(two);
        expect(status).toBe(400);
        expect(error).toEqual({
          code: 'too_many_rows',
          details: 'The body holds 2 rows',
          hint: 'Send one object at a time.',
          message: 'A guest may insert one row per request',
        });
      }
      expect(await storedRows(server)).toBe(before);
    });

    it('cannot read: 401 42501 with WWW-Authenticate', async () => {
      const { data, error, status } = await anon.from('reservations').select('*');
      expect(status).toBe(401);
      expect(data).toBeNull();
      expect(error).toMatchObject({ code: '42501', message: 'permission denied for table reservations' });
      const raw = await fetch(restUrl(server, 'reservations?select=*'), { headers: { apikey: server.anonKey } });
      expect(raw.status).toBe(401);
      expect(raw.headers.get('www-authenticate')).toBe('Bearer');
      expect(await raw.json()).toEqual({
        code: '42501',
        details: null,
        hint: null,
        message: 'permission denied for table reservations',
      });
    });

    it('cannot update, delete or insert a service flag', async () => {
      const id = ids.get('Meera Iyer');
      const update = await anon.from('reservations').update({ arrived: true }).eq('id', id);
      expect(update.status).toBe(401);
      expect(update.error?.code).toBe('42501');
      const remove = await anon.from('reservations').delete().eq('id', id);
      expect(remove.status).toBe(401);
      const flagged = await anon.from('reservations').insert({ ...guestBooking(), arrived: true });
      expect(flagged.status).toBe(401);
      expect(flagged.error?.code).toBe('42501');
      const { data } = await staff.from('reservations').select('arrived').eq('id', id).single();
      expect(data).toEqual({ arrived: false });
    });

    it('cannot have its insert echoed back (that would be a read)', async () => {
      const before = await storedRows(server);
      const { status, error } = await anon.from('reservations').insert(guestBooking()).select();
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
      expect(await storedRows(server)).toBe(before);
    });
  });

  describe('staff', () => {
    it('inserts several bookings at once (phone bookings), with defaults for what it leaves out', async () => {
      const { error, status } = await staff
        .from('reservations')
        .insert([guestBooking({ name: 'Group A' }), guestBooking({ name: 'Group B', notes: 'veg' })]);
      expect(error).toBeNull();
      expect(status).toBe(201);
      const { data } = await staff
        .from('reservations')
        .select('name,notes,arrived,allocated')
        .like('name', 'Group *')
        .order('name');
      expect(data).toEqual([
        { name: 'Group A', notes: null, arrived: false, allocated: false },
        { name: 'Group B', notes: 'veg', arrived: false, allocated: false },
      ]);
    });

    it('lists every reservation newest first', async () => {
      const { data, error, status } = await staff
        .from('reservations')
        .select('*')
        .in('id', [...ids.values()])
        .order('created_at', { ascending: false });
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data?.map((row) => row.name)).toEqual(newestFirst);
      expect(data?.[0]).toEqual({
        id: ids.get('Le Minh Duc'),
        name: 'Le Minh Duc',
        mobile: '0906',
        email: 'duc@example.vn',
        date: restaurantDate(11),
        guests: 2,
        branch: 'Hanoi (main branch)',
        time: '19:00',
        period: 'PM',
        notes: null,
        arrived: false,
        allocated: false,
        created_at: '2026-11-06T10:00:00+00:00',
        // Issue 14: every booking's life (booked, cancelled by the guest), its reference, and only
        // the hash of its manage link's token.
        status: 'booked',
        cancelled_at: null,
        reference: expect.stringMatching(/^SL-[0-9A-Z]{6}$/),
        manage_token_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        // The language its emails are written in: English, as this test's client names none.
        language: 'en',
        // Issue 25: the guest the database matched it to (by email: '0906' is no phone number),
        // and when its personal data was erased (never, yet).
        guest_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        erased_at: null,
        // Issue 26: the guest's answer to the reminder, when it was sent, how many times the guest
        // changed it (the .ics SEQUENCE), and until when a waitlist hold keeps it (never: booked).
        confirmed_at: null,
        reminded_at: null,
        revision: 0,
        held_until: null,
      });
    });

    it('filters with eq, ilike, in, is and not', async () => {
      const byDate = await staff.from('reservations').select('name').eq('date', restaurantDate(9)).order('name');
      expect(byDate.data).toEqual([{ name: 'Karan Mehta' }, { name: 'Tran Van An' }]);
      const byName = await staff.from('reservations').select('name').ilike('name', '%MEHTA%');
      expect(byName.data).toEqual([{ name: 'Karan Mehta' }]);
      const byBranches = await staff
        .from('reservations')
        .select('name')
        .in('branch', ['Hanoi (main branch)', 'Ninh Binh'])
        .order('created_at', { ascending: false });
      expect(byBranches.data).toEqual([{ name: 'Le Minh Duc' }, { name: 'Nguyen Thi Mai' }, { name: 'Karan Mehta' }]);
      const withNotes = await staff
        .from('reservations')
        .select('name')
        .in('id', [...ids.values()])
        .not('notes', 'is', null)
        .order('name');
      expect(withNotes.data).toEqual([{ name: 'Nguyen Thi Mai' }, { name: 'Tran Van An' }]);
      const noNotes = await staff
        .from('reservations')
        .select('id')
        .in('id', [...ids.values()])
        .is('notes', null);
      expect(noNotes.data).toHaveLength(4);
      const bigParties = await staff.from('reservations').select('name').gte('guests', 6).lt('guests', 8);
      expect(bigParties.data).toEqual([{ name: 'Tran Van An' }]);
      const notSaPa = await staff
        .from('reservations')
        .select('id')
        .in('id', [...ids.values()])
        .neq('branch', 'Sa Pa');
      expect(notSaPa.data).toHaveLength(4);
    });

    it('searches across name, mobile and email with or', async () => {
      const search = async (term: string) =>
        (
          await staff
            .from('reservations')
            .select('name')
            .or(`name.ilike.*${term}*,mobile.ilike.*${term}*,email.ilike.*${term}*`)
            .order('created_at', { ascending: false })
        ).data?.map((row) => row.name);
      expect(await search('priya')).toEqual(['Priya Sharma']);
      expect(await search('0902')).toEqual(['Tran Van An']);
      expect(await search('EXAMPLE.VN')).toEqual(['Le Minh Duc', 'Nguyen Thi Mai', 'Tran Van An']);
      const nested = await staff
        .from('reservations')
        .select('name')
        .or('and(branch.eq.Sa Pa,guests.gt.4),notes.eq."birthday, cake (chocolate)"')
        .order('name');
      expect(nested.data).toEqual([{ name: 'Nguyen Thi Mai' }, { name: 'Priya Sharma' }]);
    });

    it('counts exactly and pages with range: 206 and Content-Range', async () => {
      const base = () =>
        staff
          .from('reservations')
          .select('name', { count: 'exact' })
          .in('id', [...ids.values()])
          .order('created_at', { ascending: false });
      const first = await base().range(0, 1);
      expect(first.status).toBe(206);
      expect(first.count).toBe(6);
      expect(first.data?.map((r) => r.name)).toEqual(newestFirst.slice(0, 2));
      const last = await base().range(4, 9);
      expect(last.status).toBe(206);
      expect(last.data?.map((r) => r.name)).toEqual(newestFirst.slice(4));
      const all = await base().range(0, 9);
      expect(all.status).toBe(200);
      expect(all.count).toBe(6);
      const past = await base().range(10, 19);
      expect(past.status).toBe(416);
      expect(past.error).toMatchObject({ code: 'PGRST103', message: 'Requested range not satisfiable' });

      const inList = [...ids.values()].join(',');
      const raw = await fetch(restUrl(server, `reservations?select=id&id=in.(${inList})&offset=2&limit=3`), {
        headers: { apikey: server.anonKey, authorization: `Bearer ${staffToken}`, prefer: 'count=exact' },
      });
      expect(raw.headers.get('content-range')).toBe('2-4/6');
      // estimated counts exactly up to the row cap (planned would be the planner's guess, never 0).
      const none = await fetch(restUrl(server, 'reservations?select=id&name=eq.nobody'), {
        headers: { apikey: server.anonKey, authorization: `Bearer ${staffToken}`, prefer: 'count=estimated' },
      });
      expect(none.status).toBe(200);
      expect(none.headers.get('content-range')).toBe('*/0');
      expect(await none.json()).toEqual([]);
    });

    it('answers a HEAD count', async () => {
      const { count, status, data } = await staff
        .from('reservations')
        .select('*', { count: 'exact', head: true })
        .in('id', [...ids.values()]);
      expect(status).toBe(200);
      expect(count).toBe(6);
      expect(data).toBeNull();
    });

    it('returns one object with single(), 406 PGRST116 for none', async () => {
      const one = await staff.from('reservations').select('name,guests').eq('id', ids.get('Priya Sharma')).single();
      expect(one.data).toEqual({ name: 'Priya Sharma', guests: 8 });
      const none = await staff.from('reservations').select('*').eq('id', -1).single();
      expect(none.status).toBe(406);
      expect(none.error).toEqual({
        code: 'PGRST116',
        details: 'The result contains 0 rows',
        hint: null,
        message: 'Cannot coerce the result to a single JSON object',
      });
      const maybe = await staff.from('reservations').select('*').eq('id', -1).maybeSingle();
      expect(maybe.error).toBeNull();
      expect(maybe.data).toBeNull();
    });

    it('marks arrival and allocation', async () => {
      const id = ids.get('Karan Mehta');
      const arrived = await staff.from('reservations').update({ arrived: true }).eq('id', id);
      expect(arrived.error).toBeNull();
      expect(arrived.status).toBe(204);
      const allocated = await staff
        .from('reservations')
        .update({ allocated: true })
        .eq('id', id)
        .select('id,arrived,allocated')
        .single();
      expect(allocated.status).toBe(200);
      expect(allocated.data).toEqual({ id, arrived: true, allocated: true });
      const undo = await staff.from('reservations').update({ arrived: false }).eq('id', id).select('arrived');
      expect(undo.data).toEqual([{ arrived: false }]);
    });

    it("cannot change a guest's name (42501 → 403), and the row keeps it", async () => {
      const id = ids.get('Meera Iyer');
      const { status, error } = await staff.from('reservations').update({ name: 'Someone Else' }).eq('id', id);
      expect(status).toBe(403);
      expect(error?.code).toBe('42501');
      const mixed = await staff.from('reservations').update({ arrived: true, guests: 99 }).eq('id', id);
      expect(mixed.status).toBe(403);
      const { data } = await staff.from('reservations').select('name,guests,arrived').eq('id', id).single();
      expect(data).toEqual({ name: 'Meera Iyer', guests: 2, arrived: false });
    });

    it('cannot delete', async () => {
      const { status, error } = await staff.from('reservations').delete().eq('id', ids.get('Meera Iyer'));
      expect(status).toBe(403);
      expect(error?.code).toBe('42501');
    });

    it('takes phone bookings through the same insert', async () => {
      const { status, error } = await staff.from('reservations').insert(guestBooking({ name: 'Phone Booking' }));
      expect(error).toBeNull();
      expect(status).toBe(201);
    });
  });

  describe('a signed-in user who is not staff', () => {
    it('reads nothing: an empty array', async () => {
      const { data, error, status, count } = await nonStaff.from('reservations').select('*', { count: 'exact' });
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toEqual([]);
      expect(count).toBe(0);
    });

    it('updates nothing', async () => {
      const id = ids.get('Priya Sharma');
      const { data, status } = await nonStaff.from('reservations').update({ arrived: true }).eq('id', id).select();
      expect(status).toBe(200);
      expect(data).toEqual([]);
      const single = await nonStaff.from('reservations').update({ arrived: true }).eq('id', id).select().single();
      expect(single.status).toBe(406);
      const { data: row } = await staff.from('reservations').select('arrived').eq('id', id).single();
      expect(row).toEqual({ arrived: false });
    });
  });

  describe('tokens and keys', () => {
    async function select(token: string) {
      const response = await fetch(restUrl(server, 'reservations?select=id'), {
        headers: { apikey: server.anonKey, authorization: `Bearer ${token}` },
      });
      return { status: response.status, auth: response.headers.get('www-authenticate'), body: await response.json() };
    }

    it('refuses a tampered token with 401 PGRST301', async () => {
      const [header, payload, signature] = staffToken.split('.');
      const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload ?? '')));
      const forged = base64url.encode(JSON.stringify({ ...claims, role: 'service_role' }));
      const result = await select(`${header}.${forged}.${signature}`);
      expect(result.status).toBe(401);
      expect(result.body).toMatchObject({ code: 'PGRST301', details: null, hint: null });
      expect(result.auth).toMatch(/^Bearer error="invalid_token"/);
      const client = tokenClient(server, `${header}.${forged}.${signature}`);
      const viaClient = await client.from('reservations').select('*');
      expect(viaClient.status).toBe(401);
      expect(viaClient.error?.code).toBe('PGRST301');
    });

    it('refuses a token signed by another key with the same kid', async () => {
      const { privateKey } = await generateKeyPair('ES256');
      const token = await new SignJWT({ role: 'authenticated', app_metadata: { role: 'staff' }, sub: 'x' })
        .setProtectedHeader({ alg: 'ES256', kid: server.deps.keys.kid, typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
      const result = await select(token);
      expect(result.status).toBe(401);
      expect(result.body.code).toBe('PGRST301');
    });

    it('refuses alg: none', async () => {
      const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT', kid: server.deps.keys.kid }));
      const payload = base64url.encode(
        JSON.stringify({
          role: 'service_role',
          exp: Math.floor(Date.now() / 1000) + 3600,
          app_metadata: { role: 'staff' },
        }),
      );
      for (const token of [`${header}.${payload}.`, `${header}.${payload}`]) {
        const result = await select(token);
        expect(result.status).toBe(401);
        expect(result.body.code).toBe('PGRST301');
      }
    });

    it('refuses an expired token with 401 PGRST303 "JWT expired"', async () => {
      const expired = await signUserToken(server, { staff: true, now: Math.floor(Date.now() / 1000) - 7200 });
      const result = await select(expired);
      expect(result.status).toBe(401);
      expect(result.body).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });
      expect(result.auth).toBe('Bearer error="invalid_token", error_description="JWT expired"');
    });

    it('refuses a role claim it does not know', async () => {
      const result = await select(await signUserToken(server, { staff: true, role: 'postgres' }));
      expect(result.status).toBe(401);
      expect(result.body.code).toBe('PGRST303');
    });

    it('lets a service_role token read everything (BYPASSRLS)', async () => {
      const service = tokenClient(server, await signUserToken(server, { staff: false, role: 'service_role' }));
      const { data, error } = await service
        .from('reservations')
        .select('id')
        .in('id', [...ids.values()]);
      expect(error).toBeNull();
      expect(data).toHaveLength(6);
    });

    it('refuses a missing or wrong apikey with 401', async () => {
      const missing = await fetch(restUrl(server, 'reservations?select=id'), {
        headers: { authorization: `Bearer ${staffToken}` },
      });
      expect(missing.status).toBe(401);
      expect(await missing.json()).toMatchObject({
        code: 'no_api_key',
        details: null,
        message: 'No API key found in request',
      });
      const before = await storedRows(server);
      const wrong = await anonClient(server, 'sb_publishable_not-the-right-key-at-all-00000')
        .from('reservations')
        .insert(guestBooking());
      expect(wrong.status).toBe(401);
      expect(wrong.error).toMatchObject({ code: 'invalid_api_key', message: 'Invalid API key' });
      const wrongWithStaff = await fetch(restUrl(server, 'reservations?select=id'), {
        headers: { apikey: `${server.anonKey}x`, authorization: `Bearer ${staffToken}` },
      });
      expect(wrongWithStaff.status).toBe(401);
      expect(await storedRows(server)).toBe(before);
    });
  });

  describe('protection', () => {
    it('limits anonymous inserts per client and answers 429 with Retry-After', async () => {
      const before = await storedRows(server);
      let accepted = 0;
      let refused: Response | undefined;
      for (let i = 0; i < anonInsertLimit.max + 5 && !refused; i += 1) {
        const response = await fetch(restUrl(server, 'reservations'), {
          method: 'POST',
          headers: { apikey: server.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify(guestBooking({ name: `Burst ${i}` })),
        });
        if (response.status === 429) refused = response;
        else {
          expect(response.status).toBe(201);
          accepted += 1;
        }
      }
      expect(refused).toBeDefined();
      expect(accepted).toBeLessThanOrEqual(anonInsertLimit.max);
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused?.json()).toMatchObject({ code: 'over_request_rate_limit', details: null });
      expect(await storedRows(server)).toBe(before + accepted);
      // Signed-in hosts are not held back by the guests' limit.
      const { status } = await staff.from('reservations').insert(guestBooking({ name: 'After the burst' }));
      expect(status).toBe(201);
    });

    it('counts a signed-in non-staff account against the same per-address limit as guests; staff are not limited', async () => {
      // A fresh app on the same database, with counters of its own: this test owns its window.
      const app = createApp({ ...server.deps, rateLimiter: createMemoryRateLimiter() });
      const insert = (token: string, name: string) =>
        app.request('/rest/v1/reservations', {
          method: 'POST',
          headers: { apikey: server.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(guestBooking({ name })),
        });
      const nonStaffToken = await signUserToken(server, { staff: false });
      const before = await storedRows(server);
      const statuses: number[] = [];
      for (let i = 0; i < anonInsertLimit.max + 1; i += 1)
        statuses.push((await insert(nonStaffToken, `Diner ${i}`)).status);
      expect(statuses).toEqual([...Array(anonInsertLimit.max).fill(201), 429]);
      expect(await storedRows(server)).toBe(before + anonInsertLimit.max);
      // The same address as a guest shares the counter; staff taking phone bookings do not.
      expect((await insert(server.anonKey, 'Guest after the diner')).status).toBe(429);
      for (let i = 0; i < 5; i += 1) expect((await insert(staffToken, `Phone booking ${i}`)).status).toBe(201);
    });

    it('answers 503 when the database is gone, without hanging', async () => {
      await server.deps.db.close();
      const { status, error } = await staff
        .from('reservations')
        .update({ arrived: true })
        .eq('id', ids.get('Priya Sharma'));
      expect(status).toBe(503);
      // The driver reports a closed pool or PGlite without a SQLSTATE, or as a connection failure (08…).
      expect(error?.code).toMatch(/^(PGRST000|08)/);
    });
  });
});
