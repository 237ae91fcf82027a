/**
 * Tables and turns (issue 22), on PGlite and PostgreSQL through the real server: automatic
 * assignment from every path (REST, /sheets/exec, SQL), racing guests, refusals naming the time,
 * party size and nearest free times, statuses and their holds, the host operations, and who may
 * read or change a floor and its holds.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  availabilityRowSchema,
  bookingRefusalFactsSchema,
  defaultResetMinutes,
  defaultTurnTimes,
} from '../../src/domain/availability.ts';
import { floorSchema } from '../../src/domain/floor.ts';
import { importFloor } from '../../src/server/cli/floor.ts';
import { reservationRowSchema } from '../../src/web/staff/features/admin/api/list-reservations.ts';
import { guestBooking, restaurantDate, sheetsPayload } from '../support/builders.ts';
import { testFloor } from '../support/floors.ts';
import { grace, subscribe, until } from '../support/realtime-subscriptions.ts';
import { anonClient } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

const allDay = Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, opens: '00:00', closes: '23:59' }));

/** An access token with these app_metadata claims, for an account and session that exist. */
async function claimsToken(server: TestServer, appMetadata: Record<string, unknown>): Promise<string> {
  const sub = randomUUID();
  const sessionId = randomUUID();
  await server.deps.db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, now(), $3::jsonb, '{}'::jsonb, now(), now())`,
      [sub, `${sub}@saffron.example`, JSON.stringify(appMetadata)],
    );
    await tx.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`,
      [sessionId, sub],
    );
  });
  const { token } = await server.deps.tokens.sign({
    sub,
    email: `${sub}@saffron.example`,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'], ...appMetadata },
    user_metadata: {},
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
    session_id: sessionId,
    is_anonymous: false,
  });
  return token;
}

function clientWith(server: TestServer, token: string): SupabaseClient {
  return createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    accessToken: async () => token,
  });
}

const dashboardColumns = Object.keys(reservationRowSchema.shape).join(',');

describe.each(backends)('tables and turns on %s', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;
  let owner: SupabaseClient;
  let hostSaPa: SupabaseClient;
  let hostDaNang: SupabaseClient;
  let day = restaurantDate(21);
  let dayOffset = 21;

  /** The tables each booking of Sa Pa holds: "name" → "T4a+T4b". */
  async function holdsByName(branch = 'Sa Pa'): Promise<Record<string, string>> {
    const { rows } = await server.deps.db.query<{ name: string; tables: string }>(
      `select r.name, string_agg(t.name, '+' order by t.name) as tables
         from public.reservation_tables h
         join public.reservations r on r.id = h.reservation_id
         join public.dining_tables t on t.id = h.table_id
        where h.holds and r.branch = $1 and r.date = $2
        group by r.name`,
      [branch, day],
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.tables]));
  }

  async function overlappingHolds(): Promise<number> {
    const { rows } = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from public.reservation_tables a join public.reservation_tables b
          on a.table_id = b.table_id and a.id < b.id and a.holds and b.holds and a.during && b.during`,
    );
    return Number(rows[0]?.n);
  }

  async function book(name: string, guests: number, time: string, client = anon) {
    return client
      .from('reservations')
      .insert(guestBooking({ name, guests, time, period: 'Dinner', date: day, branch: 'Sa Pa' }));
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    await server.deps.db.query('select public.save_branch_settings($1, $2::jsonb)', [
      'Sa Pa',
      JSON.stringify({ time_zone: 'Asia/Ho_Chi_Minh', hours: allDay, closed_dates: [] }),
    ]);
    await importFloor(server.deps.db, 'Sa Pa', floorSchema.parse(testFloor));
    await importFloor(server.deps.db, 'Da Nang', floorSchema.parse(testFloor));
    // The /reservation page's branch, without settings: tables with the default turn times.
    await importFloor(server.deps.db, 'Downtown', floorSchema.parse(testFloor));
    anon = anonClient(server);
    owner = clientWith(server, await claimsToken(server, { role: 'owner' }));
    hostSaPa = clientWith(server, await claimsToken(server, { role: 'host', branches: ['Sa Pa'] }));
    hostDaNang = clientWith(server, await claimsToken(server, { role: 'host', branches: ['Da Nang'] }));
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    // A fresh day for each test: earlier tests' bookings never meet this one's.
    dayOffset += 1;
    day = restaurantDate(dayOffset);
  });

  it('gives a party of 2 the 2-top and a party of 8 the combination, and keeps the 10-top for staff', async () => {
    expect((await book('Two', 2, '19:00')).status).toBe(201);
    expect((await book('Eight', 8, '19:00')).status).toBe(201);
    expect(await holdsByName()).toMatchObject({ Two: 'T2', Eight: 'T4a+T4b' });

    // No online table seats another 8 then; the availability says so before the insert does.
    const { data } = await anon.rpc('booking_availability', { p_branch: 'Sa Pa', p_date: day, p_guests: 8 });
    const slots = availabilityRowSchema.array().parse(data);
    expect(slots.find((s) => s.slot === '19:00')?.status).toBe('full');
    expect(slots.find((s) => s.slot === '22:00')?.status).toBe('open');
    const refused = await book('Another eight', 8, '19:00');
    expect(refused.error?.code).toBe('BK001');
    expect(refused.error?.message).toMatch(/^Sorry, no table for 8 guests is free at 7:00 PM on .+ at Sa Pa — /);
    const facts = bookingRefusalFactsSchema.parse(JSON.parse(refused.error?.details ?? '{}'));
    expect(facts).toMatchObject({ reason: 'full', time: '19:00', guests: 8 });

    // Staff may give the table kept back from online booking.
    expect((await book('Staff eight', 8, '19:00', owner)).status).toBe(201);
    expect((await holdsByName())['Staff eight']).toBe('X10');
    const { rows } = await server.deps.db.query<{ allocated: boolean; during: string }>(
      `select r.allocated, h.during::text as during from public.reservations r
         join public.reservation_tables h on h.reservation_id = r.id where r.name = 'Eight' limit 1`,
    );
    // 19:00 in Vietnam is 12:00 UTC; a party of 8 turns in 150 minutes, plus 10 to reset.
    expect(rows[0]?.allocated).toBe(true);
    expect(rows[0]?.during).toMatch(/^\["\d{4}-\d{2}-\d{2} 12:00:00\+00","\d{4}-\d{2}-\d{2} 14:40:00\+00"\)$/);
  });

  it('stores exactly 3 of 20 guests racing through /rest/v1 for the 3 tables that seat 4, none overlapping', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        anonClient(server)
          .from('reservations')
          .insert(
            guestBooking({
              name: `Racer ${i}`,
              guests: 4,
              time: '20:00',
              period: 'Dinner',
              date: day,
              branch: 'Sa Pa',
            }),
          ),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.error?.code === 'BK001')).toHaveLength(17);
    expect(Object.values(await holdsByName()).sort()).toEqual(['T4a', 'T4b', 'T6']);
    expect(await overlappingHolds()).toBe(0);
  });

  it('places a booking from the spreadsheet receiver on a table at a branch without settings, and refuses it when none is free', async () => {
    const send = (name: string) =>
      fetch(`${server.url}/sheets/exec`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify(sheetsPayload({ name, branch: 'Downtown', date: day, guests: 9, time: '18:00' })),
      });
    // A 9 fits only the 10-top, which guests cannot book online.
    const refused = await send('Sheet nine');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, code: 'BK001' });
    const accepted = await fetch(`${server.url}/sheets/exec`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(
        sheetsPayload({ name: 'Sheet two', branch: 'Downtown', date: day, guests: 2, time: '18:00' }),
      ),
    });
    expect(accepted.status).toBe(200);
    expect((await holdsByName('Downtown'))['Sheet two']).toBe('T2');
  });

  it('follows the statuses: seating marks arrival, finishing frees the table, cancelling releases it, history records each', async () => {
    expect((await book('Status', 2, '19:30')).status).toBe(201);
    const { rows } = await server.deps.db.query<{ id: number }>(
      `select id from public.reservations where name = 'Status'`,
    );
    const id = Number(rows[0]?.id);
    const seat = await hostSaPa
      .from('reservations')
      .update({ status: 'seated' })
      .eq('id', id)
      .select('status, arrived');
    expect(seat.data).toEqual([{ status: 'seated', arrived: true }]);
    const wrong = await hostSaPa.from('reservations').update({ status: 'cancelled' }).eq('id', id);
    expect(wrong.error?.code).toBe('BK020');
    expect(wrong.error?.message).toBe('A booking that is seated cannot become cancelled');
    const undo = await hostSaPa
      .from('reservations')
      .update({ status: 'booked' })
      .eq('id', id)
      .select('status, arrived');
    expect(undo.data).toEqual([{ status: 'booked', arrived: false }]);
    // The spec's toggles still toggle, on their own.
    const toggled = await hostSaPa.from('reservations').update({ allocated: false }).eq('id', id).select('allocated');
    expect(toggled.data).toEqual([{ allocated: false }]);
    // Another branch's host changes nothing here.
    const foreign = await hostDaNang.from('reservations').update({ status: 'no_show' }).eq('id', id).select('id');
    expect(foreign.data).toEqual([]);
    expect((await hostSaPa.from('reservations').update({ status: 'cancelled' }).eq('id', id)).error).toBeNull();
    const released = await server.deps.db.query<{ holds: boolean }>(
      'select holds from public.reservation_tables where reservation_id = $1',
      [id],
    );
    expect(released.rows).toEqual([{ holds: false }]);
    const history = await server.deps.db.query<{ status: unknown }>(
      `select changes -> 'status' as status from public.reservation_history
        where reservation_id = $1 and changes ? 'status' order by id`,
      [id],
    );
    expect(history.rows.map((row) => row.status)).toEqual([
      { old: 'booked', new: 'seated' },
      { old: 'seated', new: 'booked' },
      { old: 'booked', new: 'cancelled' },
    ]);
    // The freed table takes the next party at that time.
    expect((await book('After cancel', 2, '19:30')).status).toBe(201);
    expect((await holdsByName())['After cancel']).toBe('T2');

    // Finishing frees the table from now: a party finished before its booked time holds nothing.
    const after = await server.deps.db.query<{ id: number }>(
      `select id from public.reservations where name = 'After cancel'`,
    );
    const afterId = Number(after.rows[0]?.id);
    await hostSaPa.from('reservations').update({ status: 'seated' }).eq('id', afterId);
    const finished = await hostSaPa
      .from('reservations')
      .update({ status: 'finished' })
      .eq('id', afterId)
      .select('status');
    expect(finished.data).toEqual([{ status: 'finished' }]);
    expect((await holdsByName())['After cancel']).toBeUndefined();
    expect((await book('After finish', 2, '19:30')).status).toBe(201);
    expect((await holdsByName())['After finish']).toBe('T2');
  });

  it('moves, swaps and seats walk-ins for the host of the branch only', async () => {
    expect((await book('Mover', 4, '18:00')).status).toBe(201);
    expect((await book('Other', 2, '18:00')).status).toBe(201);
    const ids = await server.deps.db.query<{ name: string; id: number }>(
      `select name, id from public.reservations where name in ('Mover', 'Other') and date = $1`,
      [day],
    );
    const idOf = (name: string) => Number(ids.rows.find((row) => row.name === name)?.id);
    const tables = await server.deps.db.query<{ name: string; id: string }>(
      `select name, id from public.dining_tables where branch = 'Sa Pa'`,
    );
    const tableId = (name: string) => tables.rows.find((row) => row.name === name)?.id;
    expect(await holdsByName()).toMatchObject({ Mover: 'T4a', Other: 'T2' });

    const moved = await hostSaPa.rpc('assign_tables', {
      p_reservation_id: idOf('Mover'),
      p_table_ids: [tableId('T6')],
    });
    expect(moved.error).toBeNull();
    expect(moved.data).toMatchObject([{ table_name: 'T6' }]);
    const taken = await hostSaPa.rpc('assign_tables', {
      p_reservation_id: idOf('Other'),
      p_table_ids: [tableId('T6')],
    });
    expect(taken.error?.message).toBe('T6 is already held by another booking at that time');
    const tooSmall = await hostSaPa.rpc('assign_tables', {
      p_reservation_id: idOf('Other'),
      p_table_ids: [tableId('X10')],
    });
    expect(tooSmall.error?.message).toBe('X10 seats 6 to 10 guests; this party is 2');
    const foreign = await hostDaNang.rpc('assign_tables', {
      p_reservation_id: idOf('Mover'),
      p_table_ids: [tableId('T4b')],
    });
    expect(foreign.error?.code).toBe('PT404');

    const swapped = await hostSaPa.rpc('swap_tables', { p_a: idOf('Mover'), p_b: idOf('Other') });
    expect(swapped.error?.message).toBe('T2 seats 1 to 2 guests; this party is 4');
    await server.deps.db.query(`update public.reservations set guests = 2 where id = $1`, [idOf('Mover')]);
    expect((await hostSaPa.rpc('swap_tables', { p_a: idOf('Mover'), p_b: idOf('Other') })).error).toBeNull();
    expect(await holdsByName()).toMatchObject({ Mover: 'T2', Other: 'T6' });

    const walkIn = await hostSaPa.rpc('seat_walk_in', { p_branch: 'Da Nang', p_guests: 3 });
    expect(walkIn.error?.code).toBe('42501');
    // Downtown has no opening hours to refuse a walk-in at any time of day (a branch with hours
    // takes walk-ins within them, as it takes bookings).
    const seated = await owner.rpc('seat_walk_in', { p_branch: 'Downtown', p_guests: 3, p_name: 'Walk-in trio' });
    expect(seated.error).toBeNull();
    const walked = await server.deps.db.query<{
      status: string;
      arrived: boolean;
      tables: string;
      starts_now: boolean;
    }>(
      `select r.status, r.arrived, string_agg(t.name, '+') as tables, bool_and(lower(h.during) <= now()) as starts_now
         from public.reservations r join public.reservation_tables h on h.reservation_id = r.id
         join public.dining_tables t on t.id = h.table_id where r.id = $1 group by r.id`,
      [seated.data],
    );
    expect(walked.rows).toEqual([{ status: 'seated', arrived: true, tables: 'T4a', starts_now: true }]);
    const mail = await server.deps.db.query('select 1 from private.outbox where reservation_id = $1', [seated.data]);
    expect(mail.rows).toHaveLength(0);

    // The dashboard reads the walk-in with its own columns and its own row check (a status it did
    // not know would fail the whole page with "Failed to load reservations.").
    const listed = await owner.from('reservations').select(dashboardColumns).eq('id', seated.data);
    expect(listed.error).toBeNull();
    expect(reservationRowSchema.array().parse(listed.data)).toMatchObject([{ name: 'Walk-in trio', status: 'seated' }]);
  });

  it('recognises a regular who walks in by mobile or email (the same matching as a booking), and no one by the placeholders', async () => {
    const regular = { name: 'Lê Thị Hồng Nhung', mobile: '0913 246 810', email: 'hong.nhung@example.vn' };
    expect((await anon.from('reservations').insert(guestBooking({ ...regular, date: day }))).status).toBe(201);
    const guestOf = async (id: unknown) =>
      (
        await server.deps.db.query<{ guest_id: string | null; mobile: string; email: string }>(
          'select guest_id, mobile, email from public.reservations where id = $1',
          [id],
        )
      ).rows[0];
    const { rows: known } = await server.deps.db.query<{ id: string }>(
      'select id from public.guests where mobile = $1',
      ['+84913246810'],
    );
    const guestId = known[0]?.id;
    expect(guestId).toBeDefined();

    // Another spelling of the number, no name: the guest keeps the name they are known by.
    const byMobile = await hostSaPa.rpc('seat_walk_in', { p_branch: 'Sa Pa', p_guests: 2, p_mobile: '84-913-246-810' });
    expect(byMobile.error).toBeNull();
    expect(await guestOf(byMobile.data)).toEqual({
      guest_id: guestId,
      mobile: '84-913-246-810',
      email: 'walk-in@saffron-lotus.invalid',
    });
    // The address alone (another case), with a name: the same guest.
    const byEmail = await owner.rpc('seat_walk_in', {
      p_branch: 'Downtown',
      p_guests: 3,
      p_name: 'Chị Nhung',
      p_email: 'Hong.Nhung@example.vn',
    });
    expect(byEmail.error).toBeNull();
    expect((await guestOf(byEmail.data))?.guest_id).toBe(guestId);
    const { rows: profile } = await server.deps.db.query<{ name: string; visit_count: number; covers: number }>(
      'select name, visit_count, covers from public.guests where id = $1',
      [guestId],
    );
    // Both walk-ins are visits (seated at once); the latest name given wins, as for bookings.
    expect(profile).toEqual([{ name: 'Chị Nhung', visit_count: 2, covers: 5 }]);
    // No confirmation is queued for a guest standing at the door.
    const mail = await server.deps.db.query('select 1 from private.outbox where reservation_id = any($1::bigint[])', [
      [byMobile.data, byEmail.data],
    ]);
    expect(mail.rows).toHaveLength(0);

    // Without a number or an address the walk-in is nobody's, however many there are.
    const anonymous = await owner.rpc('seat_walk_in', { p_branch: 'Downtown', p_guests: 2, p_name: 'Walk-in pair' });
    const another = await owner.rpc('seat_walk_in', { p_branch: 'Downtown', p_guests: 2, p_mobile: ' ', p_email: '' });
    expect(await guestOf(anonymous.data)).toEqual({
      guest_id: null,
      mobile: 'walk-in',
      email: 'walk-in@saffron-lotus.invalid',
    });
    expect((await guestOf(another.data))?.guest_id).toBeNull();
    // A number too long for a mobile is refused before anything is written.
    const tooLong = await owner.rpc('seat_walk_in', { p_branch: 'Downtown', p_guests: 2, p_mobile: '9'.repeat(33) });
    expect(tooLong.error?.code).toBe('22023');
  });

  it('shows a host only their branches’ floor and holds, lets only owner and staff change a floor, and shows guests nothing', async () => {
    expect((await book('Seen', 2, '21:00')).status).toBe(201);
    const saPaTables = await hostSaPa.from('dining_tables').select('branch');
    expect(new Set(saPaTables.data?.map((row) => row.branch))).toEqual(new Set(['Sa Pa']));
    const saPaHolds = await hostSaPa.from('reservation_tables').select('branch');
    expect(saPaHolds.data?.length).toBeGreaterThan(0);
    expect((await hostDaNang.from('reservation_tables').select('id').eq('branch', 'Sa Pa')).data).toEqual([]);
    expect((await hostDaNang.from('dining_tables').select('id').eq('branch', 'Sa Pa')).data).toEqual([]);
    const renamed = await hostSaPa.from('dining_tables').update({ name: 'Mine' }).eq('name', 'T2').select('id');
    expect(renamed.data ?? []).toEqual([]);
    const ownerRename = await owner
      .from('dining_tables')
      .update({ x: 7 })
      .eq('branch', 'Sa Pa')
      .eq('name', 'T2')
      .select('x');
    expect(ownerRename.data).toEqual([{ x: 7 }]);
    const guestHolds = await anon.from('reservation_tables').select('id');
    expect(guestHolds.data ?? []).toEqual([]);
    expect(guestHolds.error?.code).toBe('42501');
    expect((await anon.from('dining_tables').select('id')).error?.code).toBe('42501');
  });

  it('tells a host’s live board of the holds at their branch only', async () => {
    const saPa = await subscribe(hostSaPa, { table: 'reservation_tables', event: 'INSERT' });
    const daNang = await subscribe(hostDaNang, { table: 'reservation_tables', event: 'INSERT' });
    try {
      expect((await book('Live', 2, '18:30')).status).toBe(201);
      await until('the Sa Pa host to hear the hold', () => saPa.changes.length === 1);
      await grace();
      expect(saPa.changes[0]?.new).toMatchObject({ branch: 'Sa Pa', holds: true });
      expect(daNang.changes).toEqual([]);
    } finally {
      await hostSaPa.removeChannel(saPa.channel);
      await hostDaNang.removeChannel(daNang.channel);
    }
  });
  it('saves turn times and the reset buffer with the settings, holds follow them, and a bad map changes nothing', async () => {
    const settings = {
      time_zone: 'Asia/Ho_Chi_Minh',
      covers_per_slot: null,
      max_party: null,
      booking_window_days: null,
      hours: allDay,
      closed_dates: [],
    };
    const save = (extra: Record<string, unknown>) =>
      owner.rpc('save_branch_settings', { p_branch: 'Da Nang', p_settings: { ...settings, ...extra } });
    const stored = async () =>
      (
        await server.deps.db.query<{ turn_minutes: unknown; reset_minutes: number; covers_per_slot: number | null }>(
          `select turn_minutes, reset_minutes, covers_per_slot from public.branch_settings where branch = 'Da Nang'`,
        )
      ).rows[0];
    const chosen = { turn_minutes: { '1': 60, '5': 135 }, reset_minutes: 15, covers_per_slot: null };
    try {
      expect(
        (
          await save({
            turn_times: [
              { from: 1, minutes: 60 },
              { from: 5, minutes: 135 },
            ],
            reset_minutes: 15,
          })
        ).error,
      ).toBeNull();
      expect(await stored()).toEqual(chosen);
      // Settings saved without them (an older screen) keep them.
      expect((await save({})).error).toBeNull();
      expect(await stored()).toEqual(chosen);

      const refusals: [Record<string, unknown>, string][] = [
        [{ turn_times: [{ from: 2, minutes: 90 }] }, 'The first turn time must start at party size 1'],
        [
          {
            turn_times: [
              { from: 1, minutes: 90 },
              { from: 3, minutes: 100 },
              { from: 3, minutes: 120 },
            ],
          },
          'must go up, each listed once',
        ],
        [
          { turn_times: [{ from: 1, minutes: 14 }] },
          'A turn time must be 15 to 600 minutes (not 14 for parties from 1)',
        ],
        [{ turn_times: [{ from: 1, minutes: 'long' }] }, 'Each turn time needs a whole party size and whole minutes'],
        [{ turn_times: [] }, 'turn_times must be a list of 1 to 100 rows'],
        [{ reset_minutes: 121 }, 'reset_minutes must be a whole number of minutes from 0 to 120'],
      ];
      for (const [bad, message] of refusals) {
        const refused = await save({ ...bad, covers_per_slot: 99 });
        expect(refused.error?.code).toBe('22023');
        expect(refused.error?.message).toContain(message);
      }
      // All or nothing: not even the covers sent with a bad map were kept.
      expect(await stored()).toEqual(chosen);

      // 19:00 in Vietnam is 12:00 UTC: 4 guests turn in 60 minutes, 5 in 135, each plus 15 to reset.
      for (const [name, guests] of [
        ['Turn four', 4],
        ['Turn five', 5],
      ] as const)
        expect(
          (
            await anon
              .from('reservations')
              .insert(guestBooking({ name, guests, time: '19:00', period: 'Dinner', date: day, branch: 'Da Nang' }))
          ).status,
        ).toBe(201);
      const { rows } = await server.deps.db.query<{ name: string; ends: string }>(
        `select r.name, to_char(upper(h.during) at time zone 'UTC', 'HH24:MI') as ends
           from public.reservations r join public.reservation_tables h on h.reservation_id = r.id
          where r.branch = 'Da Nang' and r.date = $1 and h.holds order by r.name`,
        [day],
      );
      expect(rows).toEqual([
        { name: 'Turn five', ends: '14:30' },
        { name: 'Turn four', ends: '13:15' },
      ]);
    } finally {
      // The seeded turn times again, for the tests after this one.
      await save({ turn_times: defaultTurnTimes, reset_minutes: defaultResetMinutes });
    }
  });
});
