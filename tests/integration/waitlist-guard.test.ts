/**
 * Security review #31, item 2, on both databases through the real server, supabase-js as a guest
 * and a real SMTP server in process: an anonymous waitlist entry is taken only for a date in the
 * booking window, a window of at most 3 hours inside the opening hours, a party the branch takes,
 * a window with no table free (else the refusal names the free times), and one open entry per
 * mobile or email per branch and day; nothing is stored when refused. Only an entry whose window
 * was full when it joined is offered a table (entries from before are judged as if they joined
 * when the migration ran), and offer emails past the per-recipient limit are dropped like every
 * booking email.
 */
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floorSchema } from '../../src/domain/floor.ts';
import { importFloor } from '../../src/server/cli/floor.ts';
import type { Database } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { freePort } from '../e2e/support/free-port.ts';
import { guestBooking, restaurantDate } from '../support/builders.ts';
import { createTestPostgres } from '../support/postgres.ts';
import { anonClient } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

const hour = 3_600_000;
const branch = 'Ninh Binh';

/** One table for up to 4 and one for 5–6: nobody larger is seated. */
const twoTables = floorSchema.parse({
  areas: [
    {
      name: 'Main room',
      tables: [
        { name: 'A4', min_seats: 1, max_seats: 4 },
        { name: 'B6', min_seats: 5, max_seats: 6 },
      ],
    },
  ],
  combinations: [],
});

interface Entry {
  branch: string;
  date: string;
  time_from: string;
  time_to: string;
  guests: number;
  name: string;
  mobile: string;
  email: string;
}

describe.each(backends)('the waitlist guard on %s', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;
  let smtp: SMTPServer;
  const received: ParsedMail[] = [];
  let serial = 0;

  /** A booking of `guests` at 7:00 PM on `date` at Ninh Binh; returns its reference. */
  async function book(date: string, guests: number): Promise<string> {
    serial += 1;
    const { data, error } = await anon
      .from('reservations')
      .insert(
        guestBooking({ branch, date, guests, email: `booker-${serial}@example.com`, time: '07:00', period: 'PM' }),
      )
      .select('reference');
    expect(error).toBeNull();
    return String((data as { reference: string }[] | null)?.[0]?.reference);
  }

  /** Ninh Binh's 7:00 PM on `date`, full: 10 covers of 10. */
  async function fullAtSeven(date: string): Promise<string[]> {
    return [await book(date, 5), await book(date, 5)];
  }

  async function cancel(reference: string): Promise<void> {
    await server.deps.db.query(
      `update public.reservations set status = 'cancelled', cancelled_at = now() where reference = $1`,
      [reference],
    );
  }

  function entry(overrides: Partial<Entry> = {}): Entry {
    serial += 1;
    return {
      branch,
      date: restaurantDate(7),
      time_from: '19:00',
      time_to: '19:00',
      guests: 2,
      name: 'Waiting Guest',
      mobile: `0912 ${String(100000 + serial)}`,
      email: `waiting-${serial}@example.com`,
      ...overrides,
    };
  }

  async function join(row: Entry): Promise<PostgrestError | null> {
    const { error } = await anon.from('waitlist_entries').insert(row);
    return error;
  }

  async function entries(date: string) {
    const { rows } = await server.deps.db.query<{ email: string; status: string; full_when_joined: boolean }>(
      'select email, status, full_when_joined from public.waitlist_entries where date = $1 order by id',
      [date],
    );
    return rows;
  }

  beforeAll(async () => {
    const port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', () => resolve()));
    server = await startTestServer(
      backend,
      {
        RATE_LIMITS: 'off',
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_PER_RECIPIENT_HOUR: '2',
        MAIL_PER_RECIPIENT_DAY: '10',
      },
      undefined,
      { mail: { retryBaseMs: 50, pollMs: 60_000 }, bookingJobs: { intervalMs: hour } },
    );
    anon = anonClient(server);
    await server.deps.db.query(
      `update public.branch_settings set covers_per_slot = 10, max_party = 8, booking_window_days = 60 where branch = $1`,
      [branch],
    );
    await importFloor(server.deps.db, 'Da Nang', twoTables);
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('refuses each entry a booking rule or the window rule would refuse, with its code and message, and stores none', async () => {
    const day = restaurantDate(7);
    await fullAtSeven(day);
    const refusals: [Partial<Entry>, string, RegExp][] = [
      [{ date: '2099-06-01' }, 'BK004', /^Ninh Binh takes bookings up to 60 days ahead/],
      [{ date: restaurantDate(61) }, 'BK004', /up to 60 days ahead/],
      [{ time_from: '00:00', time_to: '23:59' }, 'BK071', /^A waitlist window is at most 3 hours \(12:00 AM–11:59 PM/],
      [{ time_from: '18:00', time_to: '21:30' }, 'BK071', /at most 3 hours \(6:00 PM–9:30 PM is longer\)/],
      [{ time_from: '08:00', time_to: '09:00' }, 'BK002', /^Ninh Binh is closed at 8:00 AM on /],
      [{ time_from: '22:00', time_to: '23:00' }, 'BK002', /^Ninh Binh is closed at 11:00 PM on /],
      [{ time_from: '19:10', time_to: '19:40' }, 'BK002', /on the hour or half hour/],
      [{ guests: 9 }, 'BK005', /^Ninh Binh takes parties of up to 8 guests online/],
      [{ branch: 'Da Nang', guests: 7 }, 'BK005', /^Da Nang has no table for 7 guests online/],
    ];
    for (const [overrides, code, message] of refusals) {
      const error = await join(entry(overrides));
      expect(error?.code, JSON.stringify(overrides)).toBe(code);
      expect(error?.message).toMatch(message);
    }
    expect(await entries(day)).toEqual([]);
    expect(await entries('2099-06-01')).toEqual([]);
  });

  it('answers a window with a free table with the free times to book instead of an entry', async () => {
    const day = restaurantDate(8);
    await fullAtSeven(day);
    const error = await join(entry({ date: day, time_from: '19:00', time_to: '20:00' }));
    expect(error?.code).toBe('BK070');
    expect(error?.message).toMatch(
      /^A table for 2 guests is free at 7:30 PM, 8:00 PM on .* at Ninh Binh — please book it instead$/,
    );
    expect(JSON.parse(String(error?.details))).toMatchObject({ reason: 'free', free: ['19:30', '20:00'] });
    // A day with nothing booked: every time is free, so nobody waits (and nobody is mailed).
    const quiet = await join(entry({ date: restaurantDate(9), time_from: '12:00', time_to: '13:00' }));
    expect(quiet?.code).toBe('BK070');
    expect(await entries(day)).toEqual([]);
    expect(await entries(restaurantDate(9))).toEqual([]);
  });

  it('takes one open entry per mobile number or email address per branch and day', async () => {
    const day = restaurantDate(10);
    await fullAtSeven(day);
    expect(await join(entry({ date: day, mobile: '+84 966 123 987', email: 'once@example.com' }))).toBeNull();
    const byMobile = await join(entry({ date: day, mobile: '0966123987' }));
    expect(byMobile?.code).toBe('BK072');
    expect(byMobile?.message).toMatch(/^This mobile number or email is already on the waitlist at Ninh Binh on /);
    const byEmail = await join(entry({ date: day, email: 'Once@Example.COM' }));
    expect(byEmail?.code).toBe('BK072');
    expect((await entries(day)).map((e) => e.email)).toEqual(['once@example.com']);
    // Another day is another place in line.
    const other = restaurantDate(11);
    await fullAtSeven(other);
    expect(await join(entry({ date: other, mobile: '0966123987', email: 'once@example.com' }))).toBeNull();
  });

  it('offers a freed table only to an entry whose window was full when it joined', async () => {
    const day = restaurantDate(12);
    const [first, second] = await fullAtSeven(day);
    expect(await join(entry({ date: day, email: 'joined-full@example.com' }))).toBeNull();
    expect(await join(entry({ date: day, email: 'legacy@example.com' }))).toBeNull();
    expect(await entries(day)).toEqual([
      { email: 'joined-full@example.com', status: 'waiting', full_when_joined: true },
      { email: 'legacy@example.com', status: 'waiting', full_when_joined: true },
    ]);
    // As an entry from before the guard, made while a table was free, is recorded.
    await server.deps.db.query(
      `update public.waitlist_entries set full_when_joined = false where email = 'legacy@example.com'`,
    );
    await cancel(String(first));
    await cancel(String(second));
    await server.bookingJobs.run();
    await server.bookingJobs.run();
    expect((await entries(day)).map((e) => [e.email, e.status])).toEqual([
      ['joined-full@example.com', 'offered'],
      ['legacy@example.com', 'waiting'],
    ]);
    await server.mail.drain();
    const to = (address: string) => received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === address);
    expect(to('joined-full@example.com').map((m) => m.subject)).toEqual([
      'A table has come free at Saffron Lotus Ninh Binh',
    ]);
    expect(to('legacy@example.com')).toEqual([]);
  });

  it('drops offer emails past the per-recipient limit, as every booking email', async () => {
    const victim = 'victim@example.com';
    const days = [restaurantDate(20), restaurantDate(21), restaurantDate(22)];
    const held: string[] = [];
    for (const day of days) {
      held.push(...(await fullAtSeven(day)));
      expect(await join(entry({ date: day, email: victim }))).toBeNull();
    }
    for (const reference of held) await cancel(reference);
    await server.bookingJobs.run();
    const { rows: offers } = await server.deps.db.query<{ sent: boolean; last_error: string | null; token: boolean }>(
      `select sent_at is not null as sent, last_error, payload ? 'manage_token' as token
         from private.outbox where kind = 'waitlist_offer' and recipient = $1 order by id`,
      [victim],
    );
    expect(offers).toHaveLength(3);
    await server.mail.drain();
    const { rows: after } = await server.deps.db.query<{ sent: boolean; last_error: string | null; token: boolean }>(
      `select sent_at is not null as sent, last_error, payload ? 'manage_token' as token
         from private.outbox where kind = 'waitlist_offer' and recipient = $1 order by id`,
      [victim],
    );
    // Which of the three is dropped depends on the order the worker sends them in.
    expect(after.filter((row) => row.sent)).toEqual([
      { sent: true, last_error: null, token: false },
      { sent: true, last_error: null, token: false },
    ]);
    expect(after.filter((row) => !row.sent)).toEqual([
      { sent: false, last_error: 'dropped: over the per-recipient limit of the hour', token: false },
    ]);
    expect(received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === victim)).toHaveLength(2);
  });
});

describe.each(backends)('entries waiting before the guard, on %s', (backend) => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    if (backend === 'pglite') {
      db = await openPglite(undefined);
      drop = () => db.close();
    } else {
      ({ db, drop } = await createTestPostgres());
    }
    await migrate(db, { before: '20261209100000' });
  }, 180_000);
  afterAll(async () => drop?.());

  it('are offered a table only when they would be taken now: their whole window full, within the rules, first of their guest', async () => {
    const day = restaurantDate(6);
    await db.query(
      `update public.branch_settings set covers_per_slot = 10, max_party = 8, booking_window_days = 60 where branch = $1`,
      [branch],
    );
    const booked: string[] = [];
    for (const [index, guests] of [5, 5].entries()) {
      const { rows } = await db.query<{ reference: string }>(
        `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
         values ('Booked', '0900 000 00' || $1, 'booked-' || $1 || '@example.com', $2, $3, $4, '07:00', 'PM')
         returning reference`,
        [index, day, guests, branch],
      );
      booked.push(String(rows[0]?.reference));
    }
    const legacy: [string, string, string, string, string][] = [
      ['full@example.com', '0911 000 001', day, '19:00', '19:00'],
      ['free@example.com', '0911 000 002', day, '12:00', '13:00'],
      ['far@example.com', '0911 000 003', '2099-06-01', '19:00', '19:00'],
      ['wide@example.com', '0911 000 004', day, '00:00', '23:59'],
      ['again@example.com', '0911 000 001', day, '19:00', '19:00'],
    ];
    for (const [email, mobile, date, from, to] of legacy) {
      await db.query(
        `insert into public.waitlist_entries (branch, date, time_from, time_to, guests, name, mobile, email)
         values ($1, $2, $3, $4, 2, 'Old entry', $5, $6)`,
        [branch, date, from, to, mobile, email],
      );
    }
    await migrate(db);
    const { rows } = await db.query<{ email: string; full_when_joined: boolean }>(
      'select email, full_when_joined from public.waitlist_entries order by id',
    );
    expect(rows).toEqual([
      { email: 'full@example.com', full_when_joined: true },
      { email: 'free@example.com', full_when_joined: false },
      { email: 'far@example.com', full_when_joined: false },
      { email: 'wide@example.com', full_when_joined: false },
      { email: 'again@example.com', full_when_joined: false },
    ]);
    await db.query(
      `update public.reservations set status = 'cancelled', cancelled_at = now() where reference = any ($1::text[])`,
      [booked],
    );
    await db.query('select * from private.waitlist_pass(now(), 15)');
    const { rows: after } = await db.query<{ email: string; status: string }>(
      'select email, status from public.waitlist_entries order by id',
    );
    expect(after.map((row) => [row.email, row.status])).toEqual([
      ['full@example.com', 'offered'],
      ['free@example.com', 'waiting'],
      ['far@example.com', 'waiting'],
      ['wide@example.com', 'waiting'],
      ['again@example.com', 'waiting'],
    ]);
  });
});
