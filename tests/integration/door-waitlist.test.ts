/**
 * The walk-in waitlist at the door (issue 26), on PGlite and PostgreSQL through the real server and
 * supabase-js: the quoted wait read from the day's holds and turn times, a door party added and
 * seated (which takes it off the list), the "table ready" email (a real SMTP server in process)
 * or, without an email, nothing sent; door parties kept out of the online waitlist's offers, and
 * hosts of another branch refused.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floorSchema } from '../../src/domain/floor.ts';
import { importFloor } from '../../src/server/cli/floor.ts';
import { doorPartySchema } from '../../src/web/shared/lib/waitlist-rows.ts';
import { freePort } from '../e2e/support/free-port.ts';
import { guestBooking, restaurantDate } from '../support/builders.ts';
import { testFloor } from '../support/floors.ts';
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

async function startInbox() {
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

describe.each(backends)('the door waitlist on %s', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;
  let hostSaPa: SupabaseClient;
  let hostDowntown: SupabaseClient;
  let inbox: Awaited<ReturnType<typeof startInbox>>;

  beforeAll(async () => {
    inbox = await startInbox();
    server = await startTestServer(backend, {
      RATE_LIMITS: 'off',
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      MAIL_PER_RECIPIENT_HOUR: '1000',
      MAIL_PER_RECIPIENT_DAY: '10000',
    });
    await server.deps.db.query('select public.save_branch_settings($1, $2::jsonb)', [
      'Sa Pa',
      JSON.stringify({ time_zone: 'Asia/Ho_Chi_Minh', hours: allDay, closed_dates: [] }),
    ]);
    await importFloor(server.deps.db, 'Sa Pa', floorSchema.parse(testFloor));
    // Downtown has no opening hours, so a walk-in is seated there at any time of day.
    await importFloor(server.deps.db, 'Downtown', floorSchema.parse(testFloor));
    anon = anonClient(server);
    hostSaPa = clientWith(server, await claimsToken(server, { role: 'host', branches: ['Sa Pa'] }));
    hostDowntown = clientWith(server, await claimsToken(server, { role: 'host', branches: ['Downtown'] }));
  });
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });

  it('quotes the wait until the first table that seats the party frees, for hosts of the branch only', async () => {
    const day = restaurantDate(40);
    // Three parties of 4 at 19:00 take T4a, T4b and T6, every table that seats 4 but the
    // staff-only X10 (6 to 10); their holds are cut to end at 20:30.
    for (const name of ['Door A', 'Door B', 'Door C']) {
      const made = await anon
        .from('reservations')
        .insert(guestBooking({ name, guests: 4, time: '19:00', period: 'Dinner', date: day, branch: 'Sa Pa' }));
      expect(made.status).toBe(201);
    }
    const cut = await server.deps.db.query(
      `update public.reservation_tables h
          set during = tstzrange(lower(h.during), ($1::date + time '20:30') at time zone 'Asia/Ho_Chi_Minh', '[)')
         from public.reservations r where r.id = h.reservation_id and r.branch = 'Sa Pa' and r.date = $1 and h.holds`,
      [day],
    );
    expect(cut.affectedRows).toBe(3);
    const at = (time: string) => new Date(`${day}T${time}:00+07:00`).toISOString();

    const four = await hostSaPa.rpc('door_wait', { p_branch: 'Sa Pa', p_guests: 4, p_at: at('19:45') });
    expect(four.error).toBeNull();
    expect(four.data).toBe(45);
    // A party of 2 takes the free 2-top at once; after 20:30 a party of 4 waits no more.
    expect((await hostSaPa.rpc('door_wait', { p_branch: 'Sa Pa', p_guests: 2, p_at: at('19:45') })).data).toBe(0);
    expect((await hostSaPa.rpc('door_wait', { p_branch: 'Sa Pa', p_guests: 4, p_at: at('20:30') })).data).toBe(0);
    // No table or combination seats 11.
    expect((await hostSaPa.rpc('door_wait', { p_branch: 'Sa Pa', p_guests: 11 })).error?.code).toBe('BK046');

    // A host of another branch is refused, and so is a guest.
    expect((await hostDowntown.rpc('door_wait', { p_branch: 'Sa Pa', p_guests: 4 })).error?.code).toBe('42501');
    expect((await anon.rpc('door_wait', { p_branch: 'Sa Pa', p_guests: 4 })).error).not.toBeNull();
    const stranger = await hostDowntown.rpc('add_door_party', { p_branch: 'Sa Pa', p_guests: 2, p_name: 'Nope' });
    expect(stranger.error?.code).toBe('42501');
    const { rows } = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from public.waitlist_entries where name = 'Nope'`,
    );
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('adds a door party with its quoted wait, marks its table ready, and seating it takes it off the list', async () => {
    const added = await hostDowntown.rpc('add_door_party', {
      p_branch: 'Downtown',
      p_guests: 3,
      p_name: 'Nguyễn Lan',
      p_mobile: '+84 903 111 222',
      p_email: 'lan.door@example.vn',
      p_language: 'vi',
    });
    expect(added.error).toBeNull();
    const party = doorPartySchema.array().length(1).parse(added.data)[0];
    expect(party?.quoted_minutes).toBeGreaterThanOrEqual(0);
    const id = party?.id ?? 0;

    // The host of the branch reads it from the table, as the screens do; another host does not.
    const read = await hostDowntown.from('waitlist_entries').select('status,source,language,email,guests').eq('id', id);
    expect(read.data).toEqual([
      { status: 'waiting', source: 'door', language: 'vi', email: 'lan.door@example.vn', guests: 3 },
    ]);
    expect((await hostSaPa.from('waitlist_entries').select('id').eq('id', id)).data).toEqual([]);
    expect((await hostSaPa.rpc('seat_door_party', { p_entry_id: id })).error?.code).toBe('PT404');
    // The online waitlist never offers a door party a table by email.
    expect((await hostDowntown.rpc('offer_waitlist_table', { p_entry_id: id })).error?.code).toBe('BK048');
    await server.deps.db.query('select * from private.waitlist_pass(now(), 15)');
    expect((await hostDowntown.from('waitlist_entries').select('status').eq('id', id)).data).toEqual([
      { status: 'waiting' },
    ]);

    // Table ready: the email goes once, in Vietnamese; pressed twice, still one email.
    const ready = await hostDowntown.rpc('door_table_ready', { p_entry_id: id });
    expect(ready.error).toBeNull();
    expect(ready.data).toBe(true);
    expect((await hostDowntown.rpc('door_table_ready', { p_entry_id: id })).data).toBe(true);
    const mails = () => inbox.received.filter((mail) => mail.subject?.startsWith('Bàn của bạn tại'));
    for (let i = 0; i < 100 && mails().length === 0; i += 1) await delay(100);
    await delay(300);
    expect(mails()).toHaveLength(1);
    expect(mails()[0]?.text).toContain('Bàn cho 3 người của bạn đã sẵn sàng');
    const seated = await hostDowntown.rpc('seat_door_party', { p_entry_id: id });
    expect(seated.error).toBeNull();
    const { rows } = await server.deps.db.query<{ status: string; ready: boolean; booking: string; name: string }>(
      `select w.status, w.ready_at is not null as ready, r.status as booking, r.name
         from public.waitlist_entries w join public.reservations r on r.id = w.reservation_id where w.id = $1`,
      [id],
    );
    expect(rows).toEqual([{ status: 'claimed', ready: true, booking: 'seated', name: 'Nguyễn Lan' }]);
    // Seated once: a second seat is refused and seats nobody.
    expect((await hostDowntown.rpc('seat_door_party', { p_entry_id: id })).error?.code).toBe('BK047');
  });

  it('sends nothing when the door party left no email', async () => {
    const added = await hostDowntown.rpc('add_door_party', { p_branch: 'Downtown', p_guests: 2, p_name: 'No Mail' });
    const id = doorPartySchema.array().parse(added.data)[0]?.id ?? 0;
    const ready = await hostDowntown.rpc('door_table_ready', { p_entry_id: id });
    expect(ready.data).toBe(false);
    const { rows } = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from private.outbox where message_key = $1`,
      [`door_ready.${id}`],
    );
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('refuses a bad email and stores nothing', async () => {
    const bad = await hostDowntown.rpc('add_door_party', {
      p_branch: 'Downtown',
      p_guests: 2,
      p_name: 'Bad Mail',
      p_email: 'a@b.example, c@d.example',
    });
    expect(bad.error?.code).toBe('23514');
    const { rows } = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from public.waitlist_entries where name = 'Bad Mail'`,
    );
    expect(Number(rows[0]?.n)).toBe(0);
  });
});
