/**
 * Guests, no-shows, the block list and the guest's rights (issue 25), on both databases, through the
 * real supabase-js client, the spreadsheet receiver and a real SMTP server: matching of three
 * spellings of one number, merging, a host's view, the no-show rule and BK006, the owner's block,
 * erasure through the emailed link (nothing of the guest left in any table, history or outbox row;
 * the day's covers unchanged), the retention job with a clock set two years ahead, consents, and
 * the access log.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newReceiptSecret, receiptSecretHeader } from '../../src/domain/booking-lifecycle.ts';
import { sheetsReceiverPath } from '../../src/server/sheets/routes.ts';
import { freePort } from '../e2e/support/free-port.ts';
import { guestBooking, restaurantDate, sheetsPayload } from '../support/builders.ts';
import { anonClient } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

type Role = 'owner' | 'staff' | 'hostSaPa';
const hanoi = 'Hanoi (main branch)';
/** The waitlist's branch here: one cover a time (oneCoverASlot), so a party of two always waits. */
const onePlace = 'Ninh Binh';

/** A signed-in staff member's token, with a session in the database (as the auth surface issues). */
async function staffToken(server: TestServer, role: Role): Promise<string> {
  const sub = randomUUID();
  const email = `${role.toLowerCase()}-${sub.slice(0, 8)}@saffron-lotus.test`;
  const appMetadata =
    role === 'hostSaPa'
      ? { provider: 'email', providers: ['email'], role: 'host', branches: ['Sa Pa'] }
      : { provider: 'email', providers: ['email'], role };
  const sessionId = randomUUID();
  await server.deps.db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
         created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, now(), $3::jsonb, '{}'::jsonb, now(), now())`,
      [sub, email, JSON.stringify(appMetadata)],
    );
    await tx.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`,
      [sessionId, sub],
    );
  });
  const { token } = await server.deps.tokens.sign({
    sub,
    email,
    phone: '',
    app_metadata: appMetadata,
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

interface GuestRow {
  id: string;
  name: string | null;
  mobile: string | null;
  email: string | null;
  notes: string | null;
  blocked: boolean;
  blocked_reason: string | null;
  blocked_by: string | null;
  no_show_count: number;
  visit_count: number;
  cancel_count: number;
  covers: number;
  first_visit: string | null;
  last_visit: string | null;
}

describe.each(backends)('guests on %s', (backend) => {
  let server: TestServer;
  let inbox: Inbox;
  let anon: SupabaseClient;
  let owner: SupabaseClient;
  let staff: SupabaseClient;
  let hostSaPa: SupabaseClient;
  // A clock the retention job reads; tests move it.
  let clock = new Date();

  /** Books as the home form does, and claims the manage token with the receipt secret. */
  async function book(overrides: Parameters<typeof guestBooking>[0] = {}, client = anon) {
    const secret = newReceiptSecret();
    const { data, error } = await client
      .from('reservations')
      .insert(guestBooking(overrides))
      .select('reference')
      .setHeader(receiptSecretHeader, secret);
    expect(error).toBeNull();
    const reference = String((data as { reference: string }[] | null)?.[0]?.reference);
    const receipt = await client.rpc('booking_receipt', { p_reference: reference, p_secret: secret });
    expect(receipt.error).toBeNull();
    return { reference, token: String(receipt.data) };
  }

  async function bookingByReference(reference: string) {
    const { rows } = await server.deps.db.query<{ id: number; guest_id: string | null; status: string }>(
      'select id::int as id, guest_id, status from public.reservations where reference = $1',
      [reference],
    );
    return rows[0] ?? { id: -1, guest_id: null, status: '' };
  }

  async function guest(id: string | null): Promise<GuestRow | undefined> {
    const { rows } = await server.deps.db.query<GuestRow>('select * from public.guests where id = $1', [id]);
    return rows[0];
  }

  async function setStatus(reference: string, ...statuses: string[]) {
    const { id } = await bookingByReference(reference);
    for (const status of statuses) {
      const { error } = await staff.from('reservations').update({ status }).eq('id', id);
      expect(error, status).toBeNull();
    }
  }

  /** Every time at `branch` full for two: a waitlist entry there is taken, and never offered a table. */
  async function oneCoverASlot(branch: string) {
    await server.deps.db.query('update public.branch_settings set covers_per_slot = 1 where branch = $1', [branch]);
  }

  /** The spreadsheet receiver (call 8, the /reservation page's path). */
  async function postSheets(overrides: Parameters<typeof sheetsPayload>[0]) {
    const response = await fetch(`${server.url}${sheetsReceiverPath}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(sheetsPayload(overrides)),
    });
    return { status: response.status, body: (await response.json()) as { ok: boolean; code?: string; error?: string } };
  }

  beforeAll(async () => {
    inbox = await startInbox();
    server = await startTestServer(
      backend,
      {
        RATE_LIMITS: 'off',
        SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
        PERSONAL_DATA_RETENTION_DAYS: '730',
        // Two confirmations, the emailed link and the erasure's confirmation to one address.
        MAIL_PER_RECIPIENT_HOUR: '5',
      },
      undefined,
      { mail: { retryBaseMs: 50, pollMs: 60_000 }, clock: () => clock },
    );
    anon = anonClient(server);
    owner = clientWith(server, await staffToken(server, 'owner'));
    staff = clientWith(server, await staffToken(server, 'staff'));
    hostSaPa = clientWith(server, await staffToken(server, 'hostSaPa'));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });
  beforeEach(async () => {
    clock = new Date();
    await server.mail.drain();
    inbox.received.length = 0;
    await server.deps.db.exec(
      `delete from public.reservations; delete from public.guests; delete from private.outbox;
       delete from public.access_log; update public.guest_rules set no_show_limit = 3, no_show_months = 12;`,
    );
  });

  it('"0912 345 678", "+84912345678" and "84-912-345-678" are one guest, by the form, the receiver and staff', async () => {
    const first = await book({ mobile: '0912 345 678', name: 'Lan Phạm', email: 'lan@example.com' });
    await book({ mobile: '+84912345678', name: 'Lan Pham', email: 'lan.pham@example.com' });
    expect((await postSheets({ mobile: '84-912-345-678', name: 'Lan P.', email: 'lan@example.com' })).status).toBe(200);
    const phone = await staff.from('reservations').insert(guestBooking({ mobile: '(+84) 912.345.678' }));
    expect(phone.error).toBeNull();
    const { rows } = await server.deps.db.query<{ guest_id: string | null; n: number }>(
      'select guest_id, count(*)::int as n from public.reservations group by guest_id',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.n).toBe(4);
    const lan = await guest((await bookingByReference(first.reference)).guest_id);
    expect(lan?.mobile).toBe('+84912345678');
    const { rows: all } = await server.deps.db.query('select 1 from public.guests');
    expect(all).toHaveLength(1);
    // A different number is a different guest, even with the same email (a family's address).
    await book({ mobile: '0987 654 321', email: 'lan@example.com' });
    const { rows: two } = await server.deps.db.query('select 1 from public.guests');
    expect(two).toHaveLength(2);
  });

  it('counts follow the statuses; staff merge two guests sharing an email and the counts add up', async () => {
    const a1 = await book({ mobile: '0911 111 111', email: 'family@example.com', guests: 2 });
    const a2 = await book({ mobile: '0911 111 111', email: 'family@example.com', guests: 3 });
    const b1 = await book({ mobile: '0922 222 222', email: 'family@example.com', guests: 5 });
    const b2 = await book({ mobile: '0922 222 222', email: 'family@example.com' });
    await setStatus(a1.reference, 'seated', 'finished');
    await setStatus(a2.reference, 'no_show');
    await setStatus(b1.reference, 'seated');
    await setStatus(b2.reference, 'cancelled');
    const a = await guest((await bookingByReference(a1.reference)).guest_id);
    const b = await guest((await bookingByReference(b1.reference)).guest_id);
    expect(a).toMatchObject({ visit_count: 1, no_show_count: 1, cancel_count: 0, covers: 2 });
    expect(b).toMatchObject({ visit_count: 1, no_show_count: 0, cancel_count: 1, covers: 5 });
    expect(a?.first_visit).toBe(restaurantDate(30));

    const refused = await hostSaPa.rpc('merge_guests', { p_keep: a?.id, p_merge: a?.id });
    expect(refused.error?.code).toBe('22023');
    const { data, error } = await staff.rpc('merge_guests', { p_keep: a?.id, p_merge: b?.id });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: a?.id, visit_count: 2, no_show_count: 1, cancel_count: 1, covers: 7 });
    expect(await guest(b?.id ?? null)).toBeUndefined();
    const { rows } = await server.deps.db.query<{ n: number }>(
      'select count(*)::int as n from public.reservations where guest_id = $1',
      [a?.id],
    );
    expect(rows[0]?.n).toBe(4);
    // The next booking with the merged number still finds its guest (the kept one has the other number).
    const again = await book({ mobile: '0911 111 111' });
    expect((await bookingByReference(again.reference)).guest_id).toBe(a?.id);
  });

  it('a host of Sa Pa reads Sa Pa guests, never a Hanoi-only guest; the owner reads both', async () => {
    const sapa = await book({ mobile: '0933 000 001', branch: 'Sa Pa' });
    const hanoiOnly = await book({ mobile: '0933 000 002', branch: hanoi });
    const sapaGuest = (await bookingByReference(sapa.reference)).guest_id;
    const hanoiGuest = (await bookingByReference(hanoiOnly.reference)).guest_id;

    const hostRead = await hostSaPa.from('guests').select('id');
    expect(hostRead.error).toBeNull();
    expect(hostRead.data?.map((g) => g.id)).toEqual([sapaGuest]);
    const direct = await hostSaPa.from('guests').select('id,name,mobile').eq('id', hanoiGuest);
    expect(direct.data).toEqual([]);
    const ownerRead = await owner.from('guests').select('id').order('created_at');
    expect(ownerRead.data?.map((g) => g.id).sort()).toEqual([sapaGuest, hanoiGuest].sort());
    expect((await anon.from('guests').select('id')).error?.code).toBe('42501');

    // Tags and notes are the host's to write for their guests; writing a Hanoi guest changes nothing.
    const tagged = await hostSaPa
      .from('guests')
      .update({ tags: ['VIP', ' allergy: peanuts '], notes: 'Window table' })
      .eq('id', sapaGuest);
    expect(tagged.error).toBeNull();
    await hostSaPa.from('guests').update({ notes: 'not mine' }).eq('id', hanoiGuest);
    expect((await guest(sapaGuest))?.notes ?? '').toBe('Window table');
    const { rows } = await server.deps.db.query<{ tags: string[]; notes: string | null }>(
      'select tags, notes from public.guests where id = $1',
      [hanoiGuest],
    );
    expect(rows[0]).toEqual({ tags: [], notes: null });
    expect(
      (await server.deps.db.query<{ tags: string[] }>('select tags from public.guests where id = $1', [sapaGuest]))
        .rows[0]?.tags,
    ).toEqual(['VIP', 'allergy: peanuts']);
  });

  it("the guest page finds guests blind to accents and by phone in any spelling, within the caller's branches", async () => {
    await book({ name: 'Phạm Thị Hương', mobile: '0912 678 001', email: 'huong@example.vn', branch: 'Sa Pa' });
    await book({ name: 'Đặng Văn Nam', mobile: '0912 678 002', email: 'nam@example.vn', branch: hanoi });
    const names = async (client: SupabaseClient, query: string) => {
      const { data, error } = await client.rpc('search_guests', { p_query: query });
      expect(error).toBeNull();
      return (data as { name: string }[]).map((g) => g.name).sort();
    };
    expect(await names(owner, 'pham thi huong')).toEqual(['Phạm Thị Hương']);
    expect(await names(owner, 'dang')).toEqual(['Đặng Văn Nam']);
    expect(await names(owner, '0912 678')).toEqual(['Phạm Thị Hương', 'Đặng Văn Nam']);
    expect(await names(owner, '+84-912-678-002')).toEqual(['Đặng Văn Nam']);
    expect(await names(hostSaPa, '0912678')).toEqual(['Phạm Thị Hương']);
    expect((await anon.rpc('search_guests', { p_query: 'a' })).error?.code).toBe('42501');
  });

  it('the third no-show marks the guest; online bookings are refused with BK006 until the owner unblocks', async () => {
    const mobile = '0944 444 444';
    // A booking whose time has not come is no no-show yet: marking it so counts for nothing.
    const early = await book({ mobile, date: restaurantDate(10) });
    await setStatus(early.reference, 'no_show');
    const guestId = (await bookingByReference(early.reference)).guest_id;
    const bookings = [];
    for (const days of [11, 12, 13]) bookings.push(await book({ mobile, date: restaurantDate(days) }));
    // These three were last week and in the last months (moved back as an operator loads history).
    await server.deps.db.query(
      `update public.reservations r set date = current_date - o.back
         from (select id, (array[7, 40, 300])[row_number() over (order by id)] as back
                 from public.reservations where reference = any ($1)) o
        where o.id = r.id`,
      [bookings.map((b) => b.reference)],
    );
    await setStatus(bookings[0]?.reference ?? '', 'no_show');
    await setStatus(bookings[1]?.reference ?? '', 'no_show');
    expect((await guest(guestId))?.blocked).toBe(false);
    await setStatus(bookings[2]?.reference ?? '', 'no_show');
    const marked = await guest(guestId);
    expect(marked).toMatchObject({ blocked: true, blocked_by: 'rule', no_show_count: 4 });
    expect(marked?.blocked_reason).toBe('3 no-shows in 12 months');

    // REST as the home form calls it, in English and in Vietnamese: refused, nothing stored.
    const before = (await server.deps.db.query('select 1 from public.reservations')).rows.length;
    const rest = await anon
      .from('reservations')
      .insert(guestBooking({ mobile: '+84944444444' }))
      .select('reference');
    expect(rest.error?.code).toBe('BK006');
    expect(rest.error?.message).toBe(
      'Sorry, we cannot take this booking online. Please call the restaurant to book your table.',
    );
    const vi = await anon
      .from('reservations')
      .insert(guestBooking({ mobile: '84 944 444 444' }))
      .setHeader('Accept-Language', 'vi-VN,vi;q=0.9');
    expect(vi.error?.code).toBe('BK006');
    expect(vi.error?.message).toContain('vui lòng gọi điện cho nhà hàng');
    // The spreadsheet receiver (the /reservation page's call 8).
    const sheets = await postSheets({ mobile: '0944444444' });
    expect(sheets.status).toBeGreaterThanOrEqual(400);
    expect(sheets.body.code).toBe('BK006');
    expect((await server.deps.db.query('select 1 from public.reservations')).rows.length).toBe(before);
    // A host taking the booking on the phone is not refused.
    const phone = await staff.from('reservations').insert(guestBooking({ mobile: '0944444444', name: 'By phone' }));
    expect(phone.error).toBeNull();

    // Only an owner unblocks; a host's and staff's attempts change nothing.
    const byStaff = await staff.from('guests').update({ blocked: false }).eq('id', guestId);
    expect(byStaff.error?.code).toBe('42501');
    expect((await guest(guestId))?.blocked).toBe(true);
    const byOwner = await owner.from('guests').update({ blocked: false }).eq('id', guestId).select('blocked');
    expect(byOwner.error).toBeNull();
    expect(byOwner.data).toEqual([{ blocked: false }]);
    const through = await anon.from('reservations').insert(guestBooking({ mobile: '0944 444 444' }));
    expect(through.error).toBeNull();

    // A block by hand needs a reason; each block is in the history, with who and why.
    const noReason = await owner.from('guests').update({ blocked: true }).eq('id', guestId);
    expect(noReason.error?.code).toBe('23514');
    const blocked = await owner
      .from('guests')
      .update({ blocked: true, blocked_reason: 'Abusive to staff' })
      .eq('id', guestId);
    expect(blocked.error).toBeNull();
    const history = await owner.from('guest_history').select('action,reason,actor').eq('guest_id', guestId).order('id');
    expect(history.data).toEqual([
      { action: 'marked', reason: '3 no-shows in 12 months', actor: 'user' },
      { action: 'unblocked', reason: null, actor: 'user' },
      { action: 'blocked', reason: 'Abusive to staff', actor: 'user' },
    ]);
    expect((await anon.from('reservations').insert(guestBooking({ mobile: '0944444444' }))).error?.code).toBe('BK006');
  });

  it('the owner changes the rule: with a limit of 1, the first no-show marks', async () => {
    expect((await staff.from('guest_rules').update({ no_show_limit: 1 }).eq('id', true).select()).data).toEqual([]);
    const changed = await owner.from('guest_rules').update({ no_show_limit: 1 }).eq('id', true).select('no_show_limit');
    expect(changed.data).toEqual([{ no_show_limit: 1 }]);
    const one = await book({ mobile: '0955 555 555' });
    await server.deps.db.query('update public.reservations set date = current_date - 1 where reference = $1', [
      one.reference,
    ]);
    await setStatus(one.reference, 'no_show');
    expect((await guest((await bookingByReference(one.reference)).guest_id))?.blocked).toBe(true);
  });

  it('erasure through the emailed link leaves nothing of the guest anywhere, keeps the covers, and is confirmed by email', async () => {
    const who = { name: 'Zubin Quartermaine', mobile: '0966 123 987', email: 'zubin.q@example.org' };
    const day = restaurantDate(20);
    const first = await book({ ...who, date: day, guests: 3, notes: 'Zubin is allergic to peanuts' });
    const second = await book({ ...who, date: day, guests: 2, time: '20:00', branch: 'Sa Pa' });
    await book({ name: 'Other Guest', mobile: '0900 000 999', email: 'other@example.com', date: day, guests: 4 });
    // The guest also waits for a table, under another spelling of the same number and address (at
    // a branch that takes one guest a time, so a table for two is full, never frees, and none is
    // offered and held for them meanwhile).
    await oneCoverASlot(onePlace);
    const waiting = await anon.from('waitlist_entries').insert({
      branch: onePlace,
      date: day,
      time_from: '22:30',
      time_to: '22:30',
      guests: 2,
      name: 'Zubin Quartermaine',
      mobile: '+84966123987',
      email: 'Zubin.Q@example.org',
    });
    expect(waiting.error).toBeNull();
    await server.mail.drain();
    expect(inbox.received.length).toBe(3);
    inbox.received.length = 0;
    // A history line that quotes the old values (an operator correcting the name).
    await server.deps.db.query(`update public.reservations set name = 'Zubin Q.' where reference = $1`, [
      second.reference,
    ]);
    const guestId = (await bookingByReference(first.reference)).guest_id;
    await owner
      .from('guests')
      .update({ notes: 'Zubin prefers the terrace', tags: ['regular'] })
      .eq('id', guestId);
    const covers = async () =>
      (await owner.rpc('covers_by_day', { p_from: day, p_to: day })).data as { covers: number; bookings: number }[];
    const coversBefore = await covers();

    // Both bookings are reached through the link emailed to their address (review #31, item 1):
    // the manage link asks for it, the email carries it.
    expect((await anon.rpc('request_data_link', { p_token: first.token })).error).toBeNull();
    await server.mail.drain();
    expect(inbox.received).toHaveLength(1);
    const dataLink = /\/booking\/data\/([A-Za-z0-9_-]{43})/.exec(inbox.received[0]?.text ?? '')?.[1];
    expect(dataLink).toBeDefined();
    inbox.received.length = 0;
    const copy = await anon.rpc('my_data_by_mail_link', { p_token: dataLink });
    expect(copy.error).toBeNull();
    expect(JSON.stringify(copy.data)).toContain('zubin.q@example.org');
    expect((copy.data as { bookings: unknown[] }).bookings).toHaveLength(2);

    const erased = await anon.rpc('erase_my_data_by_mail_link', { p_token: dataLink });
    expect(erased.error).toBeNull();
    expect(erased.data).toBe(2);
    // Final: a second call erases nothing more, and the emailed link is used up.
    expect((await anon.rpc('erase_my_data', { p_token: second.token })).data).toBe(0);
    expect((await anon.rpc('erase_my_data_by_mail_link', { p_token: dataLink })).status).toBe(404);

    await server.mail.drain();
    expect(inbox.received).toHaveLength(1);
    const mail = inbox.received[0] as ParsedMail;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('zubin.q@example.org');
    expect(mail.subject).toContain('personal data has been erased');
    expect(mail.text).not.toContain('Zubin');

    // Every row of every table of the app's schemas, as text: no name, number or address left.
    const { rows: tables } = await server.deps.db.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname in ('public', 'private', 'realtime', 'app_private')`,
    );
    expect(tables.length).toBeGreaterThan(5);
    for (const { name } of tables) {
      const { rows } = await server.deps.db.query<{ row: string }>(`select t::text as row from ${name} t`);
      for (const { row } of rows) {
        for (const needle of ['Zubin', 'Quartermaine', 'zubin.q', '966123987', '0966 123 987', 'peanuts', 'terrace']) {
          expect(row, `${name} holds ${needle}`).not.toContain(needle);
        }
      }
    }
    expect(await covers()).toEqual(coversBefore);
    const profile = await guest(guestId);
    expect(profile).toMatchObject({ name: null, mobile: null, email: null });
    const other = await server.deps.db.query(`select 1 from public.reservations where name = 'Other Guest'`);
    expect(other.rows).toHaveLength(1);
    // The owner sees who erased what, and nobody may change that log.
    const log = await owner.from('access_log').select('action,actor,subject');
    expect(log.data).toEqual([{ action: 'erasure', actor: 'guest', subject: `booking ${first.reference}` }]);
    expect((await hostSaPa.from('access_log').select('id')).data).toEqual([]);
    expect((await owner.from('access_log').delete().eq('action', 'erasure')).error?.code).toBe('42501');
    expect((await owner.from('access_log').insert({ actor: 'user', action: 'erasure' })).error?.code).toBe('42501');
  });

  it('an owner erases a guest; others may not', async () => {
    const made = await book({ name: 'Priya Venkataraman', mobile: '0977 777 777', email: 'priya.v@example.net' });
    const guestId = (await bookingByReference(made.reference)).guest_id;
    expect((await staff.rpc('erase_guest', { p_guest_id: guestId })).error?.code).toBe('42501');
    const done = await owner.rpc('erase_guest', { p_guest_id: guestId });
    expect(done.error).toBeNull();
    expect(done.data).toBe(1);
    const { rows } = await server.deps.db.query<{ name: string; email: string; erased: boolean }>(
      'select name, email, erased_at is not null as erased from public.reservations',
    );
    expect(rows).toEqual([{ name: 'Đã xóa · Erased', email: 'erased@erased.invalid', erased: true }]);
    const history = await owner.from('guest_history').select('action').eq('guest_id', guestId);
    expect(history.data).toEqual([{ action: 'erased' }]);
  });

  it('the retention job erases bookings older than PERSONAL_DATA_RETENTION_DAYS by its own clock', async () => {
    const old = await book({
      name: 'Old Timer',
      mobile: '0988 000 111',
      email: 'old.timer@example.com',
      date: restaurantDate(5),
    });
    const recent = await book({
      name: 'New Comer',
      mobile: '0988 000 222',
      email: 'new.comer@example.com',
      date: restaurantDate(400),
    });
    // A waitlist entry of an old day is personal data too (where nothing can be offered).
    await oneCoverASlot(onePlace);
    const waiting = await anon.from('waitlist_entries').insert({
      branch: onePlace,
      date: restaurantDate(5),
      time_from: '22:30',
      time_to: '22:30',
      guests: 2,
      name: 'Waiting Long',
      mobile: '0988 000 333',
      email: 'waiting.long@example.com',
    });
    expect(waiting.error).toBeNull();
    await server.mail.drain();
    expect(await server.retention.runNow()).toBe(0);
    // 740 days on: the first booking's date is 735 days past (over 730), the second's 340.
    clock = new Date(Date.now() + 740 * 86_400_000);
    expect(await server.retention.runNow()).toBe(1);
    const { rows } = await server.deps.db.query<{ reference: string; name: string; erased: boolean }>(
      'select reference, name, erased_at is not null as erased from public.reservations order by date',
    );
    expect(rows).toEqual([
      { reference: old.reference, name: 'Đã xóa · Erased', erased: true },
      { reference: recent.reference, name: 'New Comer', erased: false },
    ]);
    const oldGuest = await guest((await bookingByReference(old.reference)).guest_id);
    expect(oldGuest).toMatchObject({ name: null, mobile: null, email: null });
    const { rows: mail } = await server.deps.db.query<{ row: string }>('select o::text as row from private.outbox o');
    expect(mail.map((m) => m.row).join('\n')).not.toContain('old.timer@example.com');
    const { rows: waitlist } = await server.deps.db.query<{ row: string }>(
      'select w::text as row from public.waitlist_entries w',
    );
    expect(waitlist.map((w) => w.row).join('\n')).not.toMatch(/Waiting Long|waiting\.long|988000333/);
    expect(await server.retention.runNow()).toBe(0);
  });

  it('consent to news is given through its own call with version, time and source, and withdrawn from the email link', async () => {
    const made = await book({ mobile: '0999 111 222' });
    const guestId = (await bookingByReference(made.reference)).guest_id;
    // No call, no consent.
    expect((await server.deps.db.query('select 1 from public.consents')).rows).toHaveLength(0);
    const given = await anon.rpc('give_consent', {
      p_token: made.token,
      p_purpose: 'marketing_email',
      p_text_version: '2026-12-04',
      p_source: 'home_form',
    });
    expect(given.error).toBeNull();
    const { rows } = await server.deps.db.query<{
      guest_id: string;
      text_version: string;
      source: string;
      recent: boolean;
    }>(
      `select guest_id, text_version, source, given_at > now() - interval '1 minute' as recent, withdrawn_at from public.consents`,
    );
    expect(rows).toEqual([
      { guest_id: guestId, text_version: '2026-12-04', source: 'home_form', recent: true, withdrawn_at: null },
    ]);
    const bad = await anon.rpc('give_consent', {
      p_token: made.token,
      p_purpose: 'everything',
      p_text_version: '1',
      p_source: 'home_form',
    });
    expect(bad.error?.code).toBe('22023');
    const withdrawn = await anon.rpc('withdraw_consent', {
      p_token: made.token,
      p_purpose: 'marketing_email',
      p_source: 'email_link',
    });
    expect(withdrawn.data).toBe(1);
    const shown = await anon.rpc('consents_by_token', { p_token: made.token });
    expect(shown.data).toHaveLength(1);
    expect((shown.data as { withdrawn_at: string | null }[])[0]?.withdrawn_at).not.toBeNull();
    // A stranger's token opens nothing.
    const forged = await anon.rpc('withdraw_consent', {
      p_token: 'A'.repeat(43),
      p_purpose: 'marketing_email',
      p_source: 'email_link',
    });
    expect(forged.status).toBe(404);
  });
});
