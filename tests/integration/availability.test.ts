/**
 * Availability and capacity, enforced by the database whoever writes the row: guests racing for
 * the last covers through /rest/v1 and through /sheets/exec, each rule refused with its stable
 * code and message, a branch without settings taking bookings as before, the public availability
 * function, and who may change the settings. On PGlite and PostgreSQL.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  availabilityRowSchema,
  type BranchSettings,
  bookingRefusalFactsSchema,
} from '../../src/domain/availability.ts';
import { anonClient, signUserToken, tokenClient } from '../../src/server/rest/test-helpers.ts';
import { guestBooking, restaurantDate, sheetsPayload } from '../support/builders.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

const openEveryDay = Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, opens: '10:30', closes: '23:00' }));

describe.each(backends)('availability on %s', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;
  let staff: SupabaseClient;
  let guest: SupabaseClient;
  const day = restaurantDate(20);

  /** As the owner of the database: set a branch's settings directly. */
  async function settle(branch: string, settings: Partial<BranchSettings>) {
    const full: BranchSettings = {
      time_zone: 'Asia/Ho_Chi_Minh',
      covers_per_slot: null,
      max_party: null,
      booking_window_days: null,
      hours: openEveryDay,
      closed_dates: [],
      ...settings,
    };
    await server.deps.db.query('select public.save_branch_settings($1, $2::jsonb)', [branch, JSON.stringify(full)]);
  }

  async function coversAt(branch: string, date: string, time: string, period: string): Promise<number> {
    const { rows } = await server.deps.db.query<{ n: number }>(
      'select coalesce(sum(guests), 0)::int as n from public.reservations where branch = $1 and date = $2 and time = $3 and period = $4',
      [branch, date, time, period],
    );
    return Number(rows[0]?.n);
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    anon = anonClient(server);
    staff = tokenClient(server, await signUserToken(server, { staff: true }));
    guest = tokenClient(server, await signUserToken(server, { staff: false }));
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    await server.deps.db.query('delete from public.reservations');
  });

  it('lets exactly as many guests in as a slot has covers when 40 race through /rest/v1', async () => {
    await settle('Sa Pa', { covers_per_slot: 10 });
    const booking = guestBooking({ branch: 'Sa Pa', date: day, time: '07:00', period: 'PM', guests: 2 });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => anon.from('reservations').insert({ ...booking, name: `Racer ${i}` })),
    );
    const accepted = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.error?.code === 'BK001');
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(35);
    expect(refused[0]?.status).toBe(400);
    expect(refused[0]?.error?.message).toBe('Sorry, 7:00 PM is now full at Sa Pa — please pick another time');
    const facts = bookingRefusalFactsSchema.parse(JSON.parse(refused[0]?.error?.details ?? '{}'));
    expect(facts).toMatchObject({ reason: 'full', branch: 'Sa Pa', time: '19:00', covers_left: 0 });
    expect(await coversAt('Sa Pa', day, '07:00', 'PM')).toBe(10);
  });

  it('does the same for the spreadsheet receiver when its branch has settings', async () => {
    await settle('Downtown', { covers_per_slot: 10 });
    const payload = sheetsPayload({ branch: 'Downtown', date: day, time: '19:00', period: 'Dinner', guests: 2 });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${server.url}/sheets/exec`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ ...payload, name: `Sheet racer ${i}` }),
        }),
      ),
    );
    const bodies = await Promise.all(answers.map(async (a) => ({ status: a.status, body: await a.json() })));
    expect(bodies.filter((b) => b.status === 200)).toHaveLength(5);
    const refused = bodies.filter((b) => b.status === 400);
    expect(refused).toHaveLength(35);
    expect(refused[0]?.body).toEqual({
      ok: false,
      code: 'BK001',
      error: 'Sorry, 7:00 PM is now full at Downtown — please pick another time',
    });
    expect(await coversAt('Downtown', day, '19:00', 'Dinner')).toBe(10);
    await server.deps.db.query(`delete from public.branch_settings where branch = 'Downtown'`);
  });

  it('refuses closed dates, times outside the hours, the past, too far ahead and too large a party', async () => {
    const closedDay = restaurantDate(25);
    await settle('Da Nang', {
      max_party: 6,
      booking_window_days: 60,
      hours: openEveryDay.map((range) => ({ ...range, opens: '11:00', closes: '22:00' })),
      closed_dates: [{ date: closedDay, reason: 'Tết' }],
    });
    const attempt = (overrides: Parameters<typeof guestBooking>[0]) =>
      anon.from('reservations').insert(guestBooking({ branch: 'Da Nang', date: day, ...overrides }));
    const cases: [Parameters<typeof guestBooking>[0], string, RegExp][] = [
      [{ date: closedDay }, 'BK002', /^Da Nang is closed at 7:00 PM on /],
      [{ time: '10:30', period: 'AM' }, 'BK002', /^Da Nang is closed at 10:30 AM on /],
      // Last seating is 30 minutes before closing.
      [{ time: '09:45', period: 'PM' }, 'BK002', /closed at 9:45 PM/],
      [{ date: restaurantDate(-1) }, 'BK003', /has already passed — please pick a later time$/],
      [{ date: restaurantDate(61) }, 'BK004', /^Da Nang takes bookings up to 60 days ahead/],
      [{ guests: 7 }, 'BK005', /^Da Nang takes parties of up to 6 guests online/],
      [{ time: 'soon' }, 'BK002', /is not a time we take bookings for/],
    ];
    for (const [overrides, code, message] of cases) {
      const { error, status } = await attempt(overrides);
      expect(error?.code, JSON.stringify(overrides)).toBe(code);
      expect(error?.message).toMatch(message);
      expect(status).toBe(400);
    }
    // Within every rule: taken.
    expect((await attempt({ guests: 6, time: '09:30', period: 'PM' })).status).toBe(201);
    const { rows } = await server.deps.db.query<{ n: number }>('select count(*)::int as n from public.reservations');
    expect(rows[0]?.n).toBe(1);
  });

  it('takes bookings for a branch without settings as before, past dates included', async () => {
    const { status } = await anon
      .from('reservations')
      .insert(guestBooking({ branch: 'Suburb', date: restaurantDate(-3), guests: 400, time: '03:00', period: 'AM' }));
    expect(status).toBe(201);
  });

  it('refuses an operator SQL insert that would overbook, too', async () => {
    await settle('Ninh Binh', { covers_per_slot: 4 });
    const insert = `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
                    values ('Walk-in', '0900', 'w@example.com', $1, $2, 'Ninh Binh', '08:00', 'PM')`;
    await server.deps.db.query(insert, [day, 3]);
    const error = await server.deps.db.query(insert, [day, 2]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BK001' });
  });

  it('tells anyone which slots are open and how many covers are left, and nothing personal', async () => {
    await settle('Sa Pa', { covers_per_slot: 8, max_party: 6 });
    await anon
      .from('reservations')
      .insert(guestBooking({ branch: 'Sa Pa', date: day, time: '07:00', period: 'PM', guests: 5 }));
    const { data, error } = await anon.rpc(
      'booking_availability',
      { p_branch: 'Sa Pa', p_date: day, p_guests: 4 },
      { get: true },
    );
    expect(error).toBeNull();
    const rows = availabilityRowSchema.array().parse(data);
    expect(rows).toHaveLength(48);
    expect(Object.keys(data?.[0] ?? {}).sort()).toEqual(['covers_left', 'slot', 'status']);
    const bySlot = new Map(rows.map((row) => [row.slot, row]));
    expect(bySlot.get('19:00')).toEqual({ slot: '19:00', status: 'full', covers_left: 3 });
    expect(bySlot.get('19:30')).toEqual({ slot: '19:30', status: 'open', covers_left: 8 });
    expect(bySlot.get('10:00')?.status).toBe('closed');
    expect(bySlot.get('22:30')?.status).toBe('open');
    expect(bySlot.get('23:00')?.status).toBe('closed');
    const large = await anon.rpc(
      'booking_availability',
      { p_branch: 'Sa Pa', p_date: day, p_guests: 7 },
      { get: true },
    );
    expect(
      availabilityRowSchema
        .array()
        .parse(large.data)
        .find((r) => r.slot === '19:30')?.status,
    ).toBe('too_large');
    // Today: what has passed is marked past.
    const today = await anon.rpc(
      'booking_availability',
      { p_branch: 'Sa Pa', p_date: restaurantDate(0) },
      { get: true },
    );
    expect(availabilityRowSchema.array().parse(today.data)[0]?.status).toBe('past');
  });

  it('lets staff save settings all or nothing; guests and non-staff accounts cannot', async () => {
    const good: BranchSettings = {
      time_zone: 'Asia/Ho_Chi_Minh',
      covers_per_slot: 30,
      max_party: 8,
      booking_window_days: 90,
      hours: [
        { weekday: 1, opens: '11:00', closes: '14:00' },
        { weekday: 1, opens: '17:00', closes: '22:00' },
      ],
      closed_dates: [{ date: restaurantDate(40), reason: 'Staff training' }],
    };
    expect(
      (await staff.rpc('save_branch_settings', { p_branch: 'Hanoi (main branch)', p_settings: good })).status,
    ).toBe(204);
    const saved = await staff
      .from('branch_settings')
      .select('covers_per_slot,max_party')
      .eq('branch', 'Hanoi (main branch)')
      .single();
    expect(saved.data).toEqual({ covers_per_slot: 30, max_party: 8 });
    const hours = await staff
      .from('branch_opening_hours')
      .select('weekday,opens,closes')
      .eq('branch', 'Hanoi (main branch)');
    expect(hours.data).toHaveLength(2);

    // Overlapping ranges: refused at commit, and nothing of the call is kept.
    const overlapping = {
      ...good,
      covers_per_slot: 5,
      hours: [...good.hours, { weekday: 1, opens: '13:00', closes: '18:00' }],
    };
    const refused = await staff.rpc('save_branch_settings', {
      p_branch: 'Hanoi (main branch)',
      p_settings: overlapping,
    });
    expect(refused.error?.code).toBe('23P01');
    const after = await staff
      .from('branch_settings')
      .select('covers_per_slot')
      .eq('branch', 'Hanoi (main branch)')
      .single();
    expect(after.data).toEqual({ covers_per_slot: 30 });

    const byAnon = await anon.rpc('save_branch_settings', { p_branch: 'Sa Pa', p_settings: good });
    expect(byAnon.status).toBe(401);
    const byGuest = await guest.rpc('save_branch_settings', { p_branch: 'Sa Pa', p_settings: good });
    expect(byGuest.status).toBe(403);
    expect((await guest.from('branch_settings').select('*')).data).toEqual([]);
    expect((await anon.from('branch_settings').select('*')).status).toBe(401);
  });
});
