/**
 * Availability and capacity, enforced by the database whoever writes the row: guests racing for
 * the last covers through /rest/v1 and through /sheets/exec, each rule refused with its stable
 * code and message, a branch without settings taking bookings as before, the public availability
 * function, and who may change the settings. On PGlite and PostgreSQL.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  availabilityRowSchema,
  type BranchSettings,
  bookingRefusalFactsSchema,
} from '../../src/domain/availability.ts';
import { homeBranches, reservationPageBranches, reservationPageTimes } from '../../src/domain/reservation-options.ts';
import type { RoleAssignment } from '../../src/domain/team.ts';
import { createStaffAccount } from '../../src/server/auth/accounts.ts';
import type { Database } from '../../src/server/db/database.ts';
import { sqlState } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { guestBooking, restaurantDate, sheetsPayload } from '../support/builders.ts';
import { createTestPostgres } from '../support/postgres.ts';
import { anonClient, signUserToken, tokenClient } from '../support/rest-clients.ts';
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
      [{ time: '10:00', period: 'PM' }, 'BK002', /closed at 10:00 PM/],
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

  it('lets a branch without settings take any party at any time on the grid, but not the past', async () => {
    const at = (overrides: Parameters<typeof guestBooking>[0]) =>
      anon.from('reservations').insert(guestBooking({ branch: 'Suburb', ...overrides }));
    expect((await at({ date: restaurantDate(3), guests: 400, time: '03:00', period: 'AM' })).status).toBe(201);
    const past = await at({ date: restaurantDate(-3), time: '19:00', period: 'Dinner' });
    expect(past.status).toBe(400);
    expect(past.error?.code).toBe('BK003');
    expect(past.error?.message).toMatch(
      /^7:00 PM on \d{1,2} \w{3} \d{4} has already passed — please pick a later time$/,
    );
    expect(bookingRefusalFactsSchema.parse(JSON.parse(past.error?.details ?? '{}'))).toMatchObject({
      reason: 'past',
      branch: 'Suburb',
      time: '19:00',
    });
    const { rows } = await server.deps.db.query<{ n: number }>('select count(*)::int as n from public.reservations');
    expect(rows[0]?.n).toBe(1);
  });

  it('keeps counting a party once it is seated or finished: its covers are not offered again', async () => {
    await settle('Sa Pa', { covers_per_slot: 6 });
    const booking = guestBooking({ branch: 'Sa Pa', date: day, time: '07:00', period: 'PM', guests: 6 });
    const { data: made, error } = await staff.from('reservations').insert(booking).select('id').single();
    expect(error).toBeNull();
    const seated = await staff.from('reservations').update({ status: 'seated' }).eq('id', made?.id).select('status');
    expect(seated.data).toEqual([{ status: 'seated' }]);

    const late = await anon.from('reservations').insert({ ...booking, guests: 2, name: 'Second party' });
    expect(late.error?.code).toBe('BK001');
    const { data: slots } = await anon.rpc('booking_availability', { p_branch: 'Sa Pa', p_date: day, p_guests: 2 });
    expect(slots?.find((row: { slot: string }) => row.slot === '19:00')).toEqual({
      slot: '19:00',
      status: 'full',
      covers_left: 0,
    });

    await staff.from('reservations').update({ status: 'finished' }).eq('id', made?.id);
    const after = await anon.from('reservations').insert({ ...booking, guests: 2, name: 'Third party' });
    expect(after.error?.code).toBe('BK001');
  });

  it('answers an unknown branch with BK007 rather than a day of open slots', async () => {
    const { data, error, status } = await anon.rpc('booking_availability', {
      p_branch: 'Sa Pa ',
      p_date: day,
      p_guests: 2,
    });
    expect([status, error?.code, data]).toEqual([400, 'BK007', null]);
  });

  it('refuses an operator SQL insert that would overbook, too', async () => {
    await settle('Ninh Binh', { covers_per_slot: 4 });
    const insert = `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
                    values ('Walk-in', '0900', 'w@example.com', $1, $2, 'Ninh Binh', '08:00', 'PM')`;
    await server.deps.db.query(insert, [day, 3]);
    const error = await server.deps.db.query(insert, [day, 2]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BK001' });
  });

  it('counts a booking in the slot it names: a time off the half-hour grid is refused on every path', async () => {
    // Issue 20, item 3: with 7:00 PM full, 7:01 PM was a slot of its own, with nobody in it.
    await settle('Sa Pa', { covers_per_slot: 4 });
    const book = (time: string, period = 'PM', branch = 'Sa Pa') =>
      anon.from('reservations').insert(guestBooking({ branch, date: day, time, period, guests: 2 }));
    expect(
      (await anon.from('reservations').insert(guestBooking({ branch: 'Sa Pa', date: day, guests: 4 }))).status,
    ).toBe(201);
    for (const time of ['07:01', '7:15', '07:59', '19:01']) {
      const { status, error } = await book(time);
      expect(status, time).toBe(400);
      expect(error?.code).toBe('BK002');
      expect(error?.message).toMatch(
        /^7:\d\d PM is not a time we take bookings for — please pick a time on the hour or half hour$/,
      );
      expect(bookingRefusalFactsSchema.parse(JSON.parse(error?.details ?? '{}'))).toMatchObject({ reason: 'closed' });
    }
    // Other spellings of 7:00 PM are the same slot, and it is full.
    for (const time of ['7:00', '19:00']) expect((await book(time)).error?.code, time).toBe('BK001');
    // A branch without settings keeps to the grid as well; 7:30 PM at Sa Pa is open.
    expect((await book('19:45', 'Dinner', 'Uptown')).error?.code).toBe('BK002');
    expect((await book('07:30')).status).toBe(201);
    // An operator's SQL, and the spreadsheet receiver (whose own schema lists the page's times).
    const sql = await server.deps.db
      .query(
        `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
         values ('Walk-in', '0900', 'w@example.com', $1, 1, 'Sa Pa', '07:01', 'PM')`,
        [day],
      )
      .catch((e: unknown) => e);
    expect(sql).toMatchObject({ code: 'BK002' });
    const sheets = await fetch(`${server.url}/sheets/exec`, {
      method: 'POST',
      body: JSON.stringify(sheetsPayload({ branch: 'Downtown', date: day, time: '19:00', period: 'Dinner' })).replace(
        '"19:00"',
        '"19:01"',
      ),
    });
    expect(sheets.status).toBe(400);
    expect(await coversAt('Sa Pa', day, '19:00', 'PM')).toBe(4);
    const { rows } = await server.deps.db.query<{ time: string }>('select time from public.reservations order by id');
    expect(rows.map((row) => row.time)).toEqual(['19:00', '07:30']);
  });

  it('refuses a branch that is not one of ours, however it is spelt, before any other rule', async () => {
    // Issue 20, item 4: these skipped closed dates, the past, the party size and the capacity.
    await settle('Sa Pa', { covers_per_slot: 2, max_party: 2, closed_dates: [{ date: day, reason: null }] });
    for (const branch of ['Sa Pa ', ' Sa Pa', 'sa pa', 'SA PA', 'Sa  Pa', 'Sa\tPa', 'Hanoi', 'Atlantis']) {
      const attempt = guestBooking({ branch, date: restaurantDate(-2), guests: 50, time: '07:01' });
      for (const client of [anon, staff]) {
        const { status, error } = await client.from('reservations').insert(attempt);
        expect(status, JSON.stringify(branch)).toBe(400);
        expect(error?.code).toBe('BK007');
        expect(error?.message).toBe(`"${branch}" is not one of our branches — please pick a branch from the list`);
      }
      const sql = await server.deps.db
        .query(
          `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
           values ('Walk-in', '0900', 'w@example.com', $1, 2, $2, '07:00', 'PM')`,
          [restaurantDate(5), branch],
        )
        .catch((e: unknown) => e);
      expect(sql).toMatchObject({ code: 'BK007' });
    }
    // A branch an operator removed: the receiver says so, as the database does.
    await server.deps.db.query(`delete from public.branches where name = 'Suburb'`);
    try {
      const sheets = await fetch(`${server.url}/sheets/exec`, {
        method: 'POST',
        body: JSON.stringify(sheetsPayload({ branch: 'Suburb' })),
      });
      expect(sheets.status).toBe(400);
      expect(await sheets.json()).toEqual({
        ok: false,
        code: 'BK007',
        error: '"Suburb" is not one of our branches — please pick a branch from the list',
      });
    } finally {
      await server.deps.db.query(`insert into public.branches (name) values ('Suburb')`);
    }
    const { rows } = await server.deps.db.query<{ n: number }>('select count(*)::int as n from public.reservations');
    expect(rows[0]?.n).toBe(0);
    await settle('Sa Pa', {});
  });

  it('takes a valid booking from either form at each of its branches exactly as before', async () => {
    for (const branch of homeBranches) await settle(branch, {});
    for (const branch of homeBranches) {
      const { status, error } = await anon
        .from('reservations')
        .insert(guestBooking({ branch, date: day, time: '10:30', period: 'AM' }));
      expect(error, branch).toBeNull();
      expect(status).toBe(201);
    }
    for (const branch of reservationPageBranches) {
      for (const time of reservationPageTimes) {
        const answer = await fetch(`${server.url}/sheets/exec`, {
          method: 'POST',
          body: JSON.stringify(sheetsPayload({ branch, time, date: day })),
        });
        expect(answer.status, `${branch} ${time}`).toBe(200);
      }
    }
    // The base rules hold on the receiver's path too: the /reservation page's branches have no
    // settings, and a date already past was taken until now.
    const past = await fetch(`${server.url}/sheets/exec`, {
      method: 'POST',
      body: JSON.stringify(sheetsPayload({ branch: 'Downtown', date: restaurantDate(-1) })),
    });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({
      ok: false,
      code: 'BK003',
      error: expect.stringMatching(/already passed/),
    });
    const { rows } = await server.deps.db.query<{ n: number }>('select count(*)::int as n from public.reservations');
    expect(rows[0]?.n).toBe(homeBranches.length + reservationPageBranches.length * reservationPageTimes.length);
  });

  it("keeps branches in a table everyone reads and only owner and staff extend; the past is judged in each branch's zone", async () => {
    const password = 'cinnamon lanterns over hoan kiem';
    const signedIn = async (email: string, assignment: RoleAssignment) => {
      await createStaffAccount(server.deps.db, { email, password, assignment });
      const client = createClient(server.url, server.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      });
      expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
      return client;
    };
    const owner = await signedIn(`owner-${backend}@saffron-lotus.test`, { role: 'owner', branches: [] });
    const host = await signedIn(`host-${backend}@saffron-lotus.test`, { role: 'host', branches: ['Sa Pa'] });

    const names = await anon.from('branches').select('name').order('name');
    expect(names.data?.map((row) => row.name)).toEqual(
      expect.arrayContaining([...homeBranches, ...reservationPageBranches]),
    );
    // Branches at both ends of the clock, 18 and 7 hours from Vietnam, without settings.
    const far = { name: 'Pago Pago', time_zone: 'Pacific/Pago_Pago' };
    const ahead = { name: 'Kiritimati', time_zone: 'Pacific/Kiritimati' };
    expect((await anon.from('branches').insert(far)).status).toBe(401);
    expect((await guest.from('branches').insert(far)).status).toBe(403);
    expect((await host.from('branches').insert(far)).status).toBe(403);
    expect((await host.from('branches').update({ time_zone: 'UTC' }).eq('name', 'Sa Pa').select()).data).toEqual([]);
    // The owner, and the legacy staff role that manages settings (it used to "add" a branch by
    // saving settings for a new name).
    expect((await owner.from('branches').insert(far)).status).toBe(201);
    expect((await staff.from('branches').insert(ahead)).status).toBe(201);
    const refused = await Promise.all([
      owner.from('branches').insert({ name: 'sa pa' }),
      owner.from('branches').insert({ name: 'Hoi  An' }),
      owner.from('branches').insert({ name: 'Hoi An', time_zone: 'Mars/Olympus' }),
    ]);
    expect(refused.map((answer) => [answer.status, answer.error?.code])).toEqual([
      [409, '23505'],
      [400, '23514'],
      [400, '22023'],
    ]);

    /** `minutes` from now on the wall clock of `zone`, down to its half hour. */
    const wallClock = (zone: string, minutes: number) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-CA', {
          timeZone: zone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
        })
          .formatToParts(new Date(Date.now() + minutes * 60_000))
          .map((part) => [part.type, part.value]),
      );
      const half = Number(parts.minute) < 30 ? '00' : '30';
      return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${half}`, period: 'Dinner' };
    };
    // Future in Pago Pago though long past in Vietnam; past in Kiritimati though still to come in Vietnam.
    const later = await anon
      .from('reservations')
      .insert(guestBooking({ branch: far.name, ...wallClock(far.time_zone, 120) }));
    expect(later.status).toBe(201);
    const earlier = await anon
      .from('reservations')
      .insert(guestBooking({ branch: ahead.name, ...wallClock(ahead.time_zone, -60) }));
    expect(earlier.error?.code).toBe('BK003');

    // Settings name a branch too; saving them carries their zone to the branch.
    const unknown = await staff.rpc('save_branch_settings', {
      p_branch: 'Atlantis',
      p_settings: { time_zone: 'Asia/Ho_Chi_Minh', hours: openEveryDay },
    });
    expect([unknown.status, unknown.error?.code]).toEqual([400, 'BK007']);
    await settle(far.name, { time_zone: 'Pacific/Apia' });
    const zone = await anon.from('branches').select('time_zone').eq('name', far.name).single();
    expect(zone.data).toEqual({ time_zone: 'Pacific/Apia' });
    await server.deps.db.query(`delete from public.reservations where branch in ($1, $2)`, [far.name, ahead.name]);
    await server.deps.db.query(`delete from public.branches where name in ($1, $2)`, [far.name, ahead.name]);
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

describe.each(backends)('upgrading a database in the field to branches on %s', (backend) => {
  let db: Database;
  let drop: () => Promise<void>;
  const branchesMigration = '20261125100000';

  beforeAll(async () => {
    if (backend === 'pglite') {
      db = await openPglite(undefined);
      drop = () => db.close();
    } else {
      ({ db, drop } = await createTestPostgres());
    }
    await migrate(db, { before: branchesMigration });
  });
  afterAll(async () => drop?.());

  it('moves case and space variants to their branch, keeps the rest, and refuses new unknown names', async () => {
    const legacy = ['Sa Pa', 'sa pa', ' Sa  Pa ', 'SA\tPA', 'Hanoi', 'Atlantis'];
    for (const branch of legacy) {
      await db.query(
        `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
         values ('Old guest', '0900', 'old@example.com', $1, 2, $2, '19:00', 'PM')`,
        [restaurantDate(10), branch],
      );
    }
    // A branch an operator gave settings to before branches were a table.
    await db.query(`select public.save_branch_settings('Hoi An', '{"time_zone": "Asia/Bangkok"}'::jsonb)`);

    const applied = await migrate(db);
    // The rest of the migrations ran, these two among them, in order.
    expect(applied.filter((name) => /2026112510|2026112511/.test(name))).toEqual([
      'migrations/20261125100000_branches.sql',
      'migrations/20261125110000_base_booking_rules.sql',
    ]);
    const stored = await db.query<{ branch: string }>('select branch from public.reservations order by id');
    expect(stored.rows.map((row) => row.branch)).toEqual(['Sa Pa', 'Sa Pa', 'Sa Pa', 'Sa Pa', 'Hanoi', 'Atlantis']);
    const moves = await db.query<{ changes: unknown }>(
      `select changes from public.reservation_history where action = 'updated' order by reservation_id`,
    );
    expect(moves.rows.map((row) => row.changes)).toEqual([
      { branch: { old: 'sa pa', new: 'Sa Pa' } },
      { branch: { old: ' Sa  Pa ', new: 'Sa Pa' } },
      { branch: { old: 'SA\tPA', new: 'Sa Pa' } },
    ]);
    const hoiAn = await db.query(`select name, time_zone from public.branches where name = 'Hoi An'`);
    expect(hoiAn.rows).toEqual([{ name: 'Hoi An', time_zone: 'Asia/Bangkok' }]);
    const validated = `select conname, convalidated from pg_constraint
                        where conname in ('reservations_branch_fkey', 'branch_settings_branch_fkey') order by conname`;
    expect((await db.query(validated)).rows).toEqual([
      { conname: 'branch_settings_branch_fkey', convalidated: true },
      { conname: 'reservations_branch_fkey', convalidated: false },
    ]);

    // The rows left as they were still take the host's marks; a new one under their name does not.
    await db.query(`update public.reservations set arrived = true where branch = 'Hanoi'`);
    const refused = await db
      .query(
        `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
         values ('New guest', '0900', 'new@example.com', $1, 2, 'Hanoi', '19:00', 'PM')`,
        [restaurantDate(10)],
      )
      .catch((e: unknown) => e);
    expect(sqlState(refused)).toBe('BK007');

    // What docs/security.md tells an operator to do with them.
    await db.query(`update public.reservations set branch = 'Hanoi (main branch)' where branch = 'Hanoi'`);
    await db.query(`delete from public.reservations where branch = 'Atlantis'`);
    await db.query('alter table public.reservations validate constraint reservations_branch_fkey');
    expect((await db.query(validated)).rows).toEqual([
      { conname: 'branch_settings_branch_fkey', convalidated: true },
      { conname: 'reservations_branch_fkey', convalidated: true },
    ]);
  });
});
