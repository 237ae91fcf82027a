/**
 * Reminders, changes by the guest and the waitlist (issue 26), on both databases, through the real
 * supabase-js client and a real SMTP server in process, with the booking jobs' clock moved by the
 * test: a reminder goes once, at the right time, in the booking's language, to eligible bookings
 * only; two server instances on one PostgreSQL queue and send it once; a change into a full slot
 * is refused and changes nothing, into a free one the booking, its table, its history, the email
 * and the .ics SEQUENCE follow; a freed table is offered to the first waiting party it fits, a
 * hold nobody claims passes to the next, and of two claims at once exactly one wins.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { SupabaseClient } from '@supabase/supabase-js';
import ICAL from 'ical.js';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newReceiptSecret, receiptSecretHeader } from '../../src/domain/booking-lifecycle.ts';
import { floorSchema } from '../../src/domain/floor.ts';
import { importFloor } from '../../src/server/cli/floor.ts';
import { loadConfig } from '../../src/server/config.ts';
import { type RunningServer, startServer } from '../../src/server/main.ts';
import { freePort } from '../e2e/support/free-port.ts';
import { guestBooking, restaurantDate } from '../support/builders.ts';
import { createTestPostgres } from '../support/postgres.ts';
import { anonClient, signUserToken, tokenClient } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

interface Inbox {
  port: number;
  received: ParsedMail[];
  close(): Promise<void>;
}

async function startInbox(): Promise<Inbox> {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
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
  const port = await freePort();
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', () => resolve()));
  return { port, received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

const hour = 3_600_000;
const mailEnv = (port: number) => ({
  RATE_LIMITS: 'off',
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  MAIL_PER_RECIPIENT_HOUR: '1000',
  MAIL_PER_RECIPIENT_DAY: '10000',
});

/** When a booking at `slot` ("19:00") on `date` starts: Vietnam is UTC+7 all year. */
function startsAt(date: string, slot: string): Date {
  return new Date(`${date}T${slot}:00+07:00`);
}

function mailsTo(inbox: Inbox, address: string): ParsedMail[] {
  return inbox.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);
}

/** A small floor: one table for up to 4 and one for 5–6. */
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

describe.each(backends)('reminders, changes and the waitlist on %s', (backend) => {
  let inbox: Inbox;
  let server: TestServer;
  let anon: SupabaseClient;
  let staff: SupabaseClient;
  let now = new Date();

  async function book(overrides: Parameters<typeof guestBooking>[0] = {}, language = 'en') {
    const secret = newReceiptSecret();
    const { data, error } = await anon
      .from('reservations')
      .insert(guestBooking(overrides))
      .select('reference')
      .setHeader(receiptSecretHeader, secret)
      .setHeader('Accept-Language', language);
    expect(error).toBeNull();
    const reference = String((data as { reference: string }[] | null)?.[0]?.reference);
    const receipt = await anon.rpc('booking_receipt', { p_reference: reference, p_secret: secret });
    expect(receipt.error).toBeNull();
    return { reference, token: String(receipt.data) };
  }

  async function outbox(kind: string, reference?: string) {
    const { rows } = await server.deps.db.query<{ reference: string; payload: Record<string, unknown> }>(
      `select payload ->> 'reference' as reference, payload from private.outbox
        where kind = $1 and ($2::text is null or payload ->> 'reference' = $2) order by id`,
      [kind, reference ?? null],
    );
    return rows;
  }

  async function row(reference: string) {
    const { rows } = await server.deps.db.query<Record<string, unknown>>(
      'select * from public.reservations where reference = $1',
      [reference],
    );
    return rows[0] ?? {};
  }

  beforeAll(async () => {
    inbox = await startInbox();
    server = await startTestServer(backend, mailEnv(inbox.port), undefined, {
      mail: { retryBaseMs: 50, pollMs: 60_000 },
      bookingJobs: { clock: () => now, intervalMs: hour },
    });
    anon = anonClient(server);
    staff = tokenClient(server, await signUserToken(server, { staff: true }));
    await importFloor(server.deps.db, 'Da Nang', twoTables);
  });
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });
  beforeEach(() => {
    now = new Date();
  });

  it('reminds each eligible booking once, REMINDER_HOURS before, in its language; "I\'ll be there" shows on the dashboard', async () => {
    const day = restaurantDate(10);
    const later = restaurantDate(12);
    const seven = startsAt(day, '19:00');
    const a = await book({ date: day, email: 'rem-a@example.com', name: 'Asha' });
    const b = await book({ date: day, email: 'rem-b@example.com', name: 'Bảo', time: '07:00' }, 'vi');
    const c = await book({ date: day, email: 'rem-c@example.com' });
    expect((await anon.rpc('cancel_booking', { p_token: c.token })).error).toBeNull();

    now = new Date(seven.getTime() - 25 * hour);
    await server.bookingJobs.run();
    expect(await outbox('reminder')).toEqual([]);

    now = new Date(seven.getTime() - 23 * hour);
    await server.bookingJobs.run();
    await server.bookingJobs.run();
    expect((await outbox('reminder')).map((r) => r.reference).sort()).toEqual([a.reference, b.reference].sort());
    await server.mail.drain();
    const [toA] = mailsTo(inbox, 'rem-a@example.com').filter((m) => m.subject?.startsWith('See you soon'));
    expect(toA?.subject).toBe(`See you soon at Saffron Lotus Sa Pa — ${a.reference}`);
    expect(toA?.text).toContain("I'll be there: http://localhost:");
    expect(toA?.text).toContain('Change or cancel: http://localhost:');
    const [toB] = mailsTo(inbox, 'rem-b@example.com').filter((m) => m.subject?.startsWith('Hẹn gặp bạn'));
    expect(toB?.text).toContain('Tôi sẽ đến: http://localhost:');
    expect(toB?.text).toMatch(/\/vi\/booking\/[A-Za-z0-9_-]{43}\?confirm=1/);
    expect(mailsTo(inbox, 'rem-c@example.com').filter((m) => m.subject?.includes('See you soon'))).toEqual([]);

    // Past bookings and bookings that start within 6 hours get none.
    const past = await book({ date: day, email: 'rem-e@example.com', time: '07:30' });
    const soon = await book({ date: later, email: 'rem-f@example.com' });
    now = new Date(startsAt(later, '19:00').getTime() - 5 * hour);
    await server.bookingJobs.run();
    expect(await outbox('reminder', past.reference)).toEqual([]);
    expect(await outbox('reminder', soon.reference)).toEqual([]);
    expect(await outbox('reminder')).toHaveLength(2);

    // The reminder's own link answers "I'll be there"; the host sees it beside the booking.
    const link = /\/booking\/([A-Za-z0-9_-]{43})\?confirm=1/.exec(toA?.text ?? '')?.[1] ?? '';
    const confirmed = await anon.rpc('confirm_booking', { p_token: link }).single<{ confirmed_at: string | null }>();
    expect(confirmed.error).toBeNull();
    expect(confirmed.data?.confirmed_at).toEqual(expect.any(String));
    const seen = await staff
      .from('reservations')
      .select('reference, confirmed_at, reminded_at')
      .in('reference', [a.reference, b.reference, c.reference]);
    const byRef = new Map((seen.data ?? []).map((r) => [r.reference, r]));
    expect(byRef.get(a.reference)?.confirmed_at).not.toBeNull();
    expect(byRef.get(b.reference)).toMatchObject({ confirmed_at: null, reminded_at: expect.any(String) });
    expect(byRef.get(c.reference)).toMatchObject({ confirmed_at: null, reminded_at: null });
    // A cancelled booking cannot be confirmed.
    expect((await anon.rpc('confirm_booking', { p_token: c.token })).error?.code).toBe('BK040');
    now = new Date();
  });

  it('changes a booking from its link by the same rules: a full slot is refused; a free one moves table, history, email and .ics', async () => {
    const day = restaurantDate(14);
    const mine = await book({ branch: 'Da Nang', date: day, email: 'chg-p@example.com', guests: 2 });
    await book({ branch: 'Da Nang', date: day, email: 'chg-z@example.com', guests: 6, time: '09:00', period: 'PM' });
    const before = await row(mine.reference);

    const full = await anon.rpc('change_booking', { p_token: mine.token, p_date: day, p_time: '21:00', p_guests: 6 });
    expect(full.error?.code).toBe('BK001');
    expect(full.error?.message).toMatch(/^Sorry, no table for 6 guests is free at 9:00 PM/);
    expect(await row(mine.reference)).toEqual(before);
    expect(await outbox('change', mine.reference)).toEqual([]);

    const offGrid = await anon.rpc('change_booking', {
      p_token: mine.token,
      p_date: day,
      p_time: '20:15',
      p_guests: 3,
    });
    expect(offGrid.error?.code).toBe('BK002');

    const moved = await anon
      .rpc('change_booking', { p_token: mine.token, p_date: day, p_time: '21:00', p_guests: 3 })
      .single<{ reference: string; time: string; period: string; guests: number; revision: number }>();
    expect(moved.error).toBeNull();
    expect(moved.data).toMatchObject({
      reference: mine.reference,
      time: '09:00',
      period: 'PM',
      guests: 3,
      revision: 1,
    });

    const { rows: holds } = await server.deps.db.query<{ name: string; starts: string }>(
      `select t.name, lower(h.during)::text as starts from public.reservation_tables h
         join public.dining_tables t on t.id = h.table_id where h.reservation_id = $1 and h.holds`,
      [before.id],
    );
    expect(holds).toHaveLength(1);
    expect(holds[0]?.name).toBe('A4');
    expect(new Date(holds[0]?.starts ?? '').getTime()).toBe(startsAt(day, '21:00').getTime());

    const history = await staff
      .from('reservation_history')
      .select('changes')
      .eq('reservation_id', before.id)
      .eq('action', 'updated');
    const change = (history.data ?? []).map((h) => h.changes as Record<string, { old: unknown; new: unknown }>);
    expect(
      change.some(
        (c) => c.guests?.old === 2 && c.guests?.new === 3 && c.time?.old === '19:00' && c.time?.new === '09:00',
      ),
    ).toBe(true);

    await server.mail.drain();
    const [mail] = mailsTo(inbox, 'chg-p@example.com').filter((m) => m.subject?.startsWith('Changed:'));
    expect(mail?.subject).toBe(`Changed: your table at Saffron Lotus Da Nang — ${mine.reference}`);
    const ics = mail?.attachments.find((file) => file.contentType === 'text/calendar')?.content.toString('utf8') ?? '';
    const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent');
    expect(event?.getFirstPropertyValue('uid')).toBe(`${mine.reference}@saffronlotus.vn`);
    expect(event?.getFirstPropertyValue('sequence')).toBe(1);
    expect(String(event?.getFirstPropertyValue('dtstart'))).toBe(`${day}T21:00:00`);
    // The change email's link opens the same booking.
    const changeLink = /\/booking\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
    const view = await anon.rpc('booking_by_token', { p_token: changeLink }).single<{ reference: string }>();
    expect(view.data?.reference).toBe(mine.reference);
  });

  it('offers a freed table to the first waiting party it fits, passes an unclaimed hold on, and lets one of two claims win', async () => {
    const day = restaurantDate(9);
    const four = await book({ branch: 'Da Nang', date: day, email: 'wl-x@example.com', guests: 4 });
    await book({ branch: 'Da Nang', date: day, email: 'wl-y@example.com', guests: 6 });
    let joined = 0;
    const join = async (email: string, guests: number, from: string, to: string) => {
      // One open entry per mobile number a day: each party its own.
      joined += 1;
      const { error } = await anon.from('waitlist_entries').insert({
        branch: 'Da Nang',
        date: day,
        time_from: from,
        time_to: to,
        guests,
        name: email,
        mobile: `0912 345 67${joined}`,
        email,
      });
      expect(error).toBeNull();
      await delay(5);
    };
    await join('wl-six@example.com', 6, '19:00', '19:30');
    await join('wl-first@example.com', 4, '19:00', '19:00');
    await join('wl-next@example.com', 3, '19:00', '20:00');
    // Guests read nothing back.
    expect((await anon.from('waitlist_entries').select('id')).error?.code).toBe('42501');
    const status = async () => {
      const { rows } = await server.deps.db.query<{ email: string; status: string }>(
        `select email, status from public.waitlist_entries where date = $1 order by id`,
        [day],
      );
      return Object.fromEntries(rows.map((r) => [r.email, r.status]));
    };
    await server.bookingJobs.run();
    expect(await status()).toEqual({
      'wl-six@example.com': 'waiting',
      'wl-first@example.com': 'waiting',
      'wl-next@example.com': 'waiting',
    });

    expect((await anon.rpc('cancel_booking', { p_token: four.token })).error).toBeNull();
    await server.bookingJobs.run();
    expect(await status()).toEqual({
      'wl-six@example.com': 'waiting',
      'wl-first@example.com': 'offered',
      'wl-next@example.com': 'waiting',
    });
    await server.mail.drain();
    const [offer] = mailsTo(inbox, 'wl-first@example.com');
    expect(offer?.subject).toBe('A table has come free at Saffron Lotus Da Nang');
    expect(offer?.text).toMatch(/Claim this table: http:\/\/localhost:\d+\/booking\/[A-Za-z0-9_-]{43}/);
    expect(mailsTo(inbox, 'wl-six@example.com')).toEqual([]);

    // Nobody claims within WAITLIST_HOLD_MINUTES: the table goes to the next party that fits.
    now = new Date(Date.now() + 16 * 60_000);
    await server.bookingJobs.run();
    expect(await status()).toEqual({
      'wl-six@example.com': 'waiting',
      'wl-first@example.com': 'expired',
      'wl-next@example.com': 'offered',
    });
    const firstLink = /\/booking\/([A-Za-z0-9_-]{43})/.exec(offer?.text ?? '')?.[1] ?? '';
    expect((await anon.rpc('claim_waitlist_table', { p_token: firstLink })).error?.code).toBe('BK043');

    const [nextOffer] = await outbox('waitlist_offer').then((rows) =>
      rows.filter((r) => r.payload.name === 'wl-next@example.com'),
    );
    const token = String(nextOffer?.payload.manage_token);
    const claims = await Promise.all([
      anon.rpc('claim_waitlist_table', { p_token: token }),
      anon.rpc('claim_waitlist_table', { p_token: token }),
    ]);
    expect(claims.filter((c) => c.error === null)).toHaveLength(1);
    expect(claims.filter((c) => c.error?.code === 'BK042')).toHaveLength(1);
    expect((await status())['wl-next@example.com']).toBe('claimed');
    const claimed = await row(String(nextOffer?.reference));
    expect(claimed).toMatchObject({ status: 'booked', held_until: null, guests: 3 });
    expect(await outbox('confirmation', String(nextOffer?.reference))).toHaveLength(1);
    now = new Date();
  });

  it('lets a host offer a table by hand, and refuses when none fits', async () => {
    const day = restaurantDate(11);
    await book({ branch: 'Da Nang', date: day, email: 'hand-x@example.com', guests: 4 });
    const { error } = await anon.from('waitlist_entries').insert({
      branch: 'Da Nang',
      date: day,
      time_from: '19:00',
      time_to: '19:00',
      guests: 2,
      name: 'By Hand',
      mobile: '0912 345 678',
      email: 'hand@example.com',
    });
    expect(error).toBeNull();
    const list = await staff.from('waitlist_entries').select('id, status').eq('date', day);
    const id = list.data?.[0]?.id as number;
    expect(list.data?.[0]?.status).toBe('waiting');
    expect((await staff.rpc('offer_waitlist_table', { p_entry_id: id })).error?.code).toBe('BK044');
    expect((await anon.rpc('offer_waitlist_table', { p_entry_id: id })).error).not.toBeNull();
  });
});

describe('reminders with two server instances on one PostgreSQL', () => {
  it('queues and sends one reminder however the two race', async () => {
    const inbox = await startInbox();
    const pg = await createTestPostgres();
    await pg.db.close();
    const now = new Date(startsAt(restaurantDate(10), '19:00').getTime() - 20 * hour);
    const servers: RunningServer[] = [];
    const dirs: string[] = [];
    try {
      for (let i = 0; i < 2; i += 1) {
        const dir = mkdtempSync(join(tmpdir(), 'saffron-it-'));
        dirs.push(dir);
        const config = loadConfig({
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dir,
          LOG_LEVEL: 'silent',
          DATABASE_URL: pg.url,
          ...mailEnv(inbox.port),
        });
        servers.push(
          await startServer(config, {
            webRoot: join(dir, 'none'),
            mail: { retryBaseMs: 50, pollMs: 60_000 },
            bookingJobs: { clock: () => now, intervalMs: hour },
          }),
        );
      }
      const [one, two] = servers as [RunningServer, RunningServer];
      const anon = anonClient({ url: `http://127.0.0.1:${one.port}`, anonKey: one.deps.keys.anonKey } as TestServer);
      const { error } = await anon
        .from('reservations')
        .insert(guestBooking({ email: 'twice@example.com', date: restaurantDate(10) }));
      expect(error).toBeNull();
      await Promise.all([one.bookingJobs.run(), two.bookingJobs.run(), one.bookingJobs.run(), two.bookingJobs.run()]);
      await Promise.all([one.mail.drain(), two.mail.drain()]);
      const { rows } = await one.deps.db.query<{ n: number }>(
        `select count(*)::int as n from private.outbox where kind = 'reminder'`,
      );
      expect(rows[0]?.n).toBe(1);
      expect(inbox.received.filter((m) => m.subject?.startsWith('See you soon'))).toHaveLength(1);
    } finally {
      for (const s of servers) await s.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      await pg.drop();
      await inbox.close();
    }
  });
});
