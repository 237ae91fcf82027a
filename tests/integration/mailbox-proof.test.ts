/**
 * Review #31, item 1, on both databases, through the real supabase-js client and a real SMTP
 * server: the link the booking form hands out covers its own booking only. A stranger who knows a
 * guest's mobile and email books with them and gets such a link; with it they can neither read the
 * guest's other booking (its notes) nor erase it nor withdraw the guest's consent. The link mailed
 * to the booking's address does all of that, once; an expired or used one is refused.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newReceiptSecret, receiptSecretHeader } from '../../src/domain/booking-lifecycle.ts';
import type { Database } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { freePort } from '../e2e/support/free-port.ts';
import { guestBooking, restaurantDate } from '../support/builders.ts';
import { createTestPostgres } from '../support/postgres.ts';
import { anonClient } from '../support/rest-clients.ts';
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

const guest = { name: 'Priya Raman', mobile: '0912 777 333', email: 'priya.raman@example.org' };
const secretNote = 'Priya is allergic to peanuts';

describe.each(backends)('mailbox proof on %s', (backend) => {
  let server: TestServer;
  let inbox: Inbox;
  let anon: SupabaseClient;

  async function book(overrides: Parameters<typeof guestBooking>[0] = {}) {
    const secret = newReceiptSecret();
    const { data, error } = await anon
      .from('reservations')
      .insert(guestBooking(overrides))
      .select('reference')
      .setHeader(receiptSecretHeader, secret);
    expect(error).toBeNull();
    const reference = String((data as { reference: string }[] | null)?.[0]?.reference);
    const receipt = await anon.rpc('booking_receipt', { p_reference: reference, p_secret: secret });
    expect(receipt.error).toBeNull();
    return { reference, token: String(receipt.data) };
  }

  /** The guest's own booking (with a note and consent), and the stranger's made with her details. */
  async function guestAndStranger() {
    const own = await book({ ...guest, date: restaurantDate(12), guests: 2, notes: secretNote });
    const consent = await anon.rpc('give_consent', {
      p_token: own.token,
      p_purpose: 'marketing_email',
      p_text_version: '2026-12-04',
      p_source: 'home_form',
    });
    expect(consent.error).toBeNull();
    const stranger = await book({ ...guest, date: restaurantDate(15), guests: 6, time: '20:00' });
    await server.mail.drain();
    inbox.received.length = 0;
    return { own, stranger };
  }

  async function bookingRow(reference: string) {
    const { rows } = await server.deps.db.query<{ name: string; notes: string | null; erased: boolean }>(
      'select name, notes, erased_at is not null as erased from public.reservations where reference = $1',
      [reference],
    );
    return rows[0];
  }

  async function activeConsents(): Promise<number> {
    const { rows } = await server.deps.db.query<{ n: number }>(
      'select count(*)::int as n from public.consents where withdrawn_at is null',
    );
    return rows[0]?.n ?? -1;
  }

  /** Asks for the emailed link with a manage link and reads the token out of the email that came. */
  async function mailedToken(manageToken: string): Promise<string> {
    const asked = await anon.rpc('request_data_link', { p_token: manageToken });
    expect(asked.error).toBeNull();
    expect(asked.data).toBeNull();
    await server.mail.drain();
    const mail = inbox.received.at(-1);
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(guest.email);
    expect(mail?.subject).toContain('your link to all your data');
    expect(mail?.text).not.toContain('Priya');
    const match = /\/booking\/data\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
    expect(match).not.toBeNull();
    return String(match?.[1]);
  }

  beforeAll(async () => {
    inbox = await startInbox();
    server = await startTestServer(
      backend,
      { RATE_LIMITS: 'off', SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, MAIL_PER_RECIPIENT_HOUR: '5' },
      undefined,
      {
        mail: { retryBaseMs: 50, pollMs: 60_000 },
      },
    );
    anon = anonClient(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });
  beforeEach(async () => {
    await server.mail.drain();
    inbox.received.length = 0;
    await server.deps.db.exec(
      `delete from public.reservations; delete from public.guests; delete from private.outbox;
       delete from public.access_log;`,
    );
  });

  it("a stranger's form link reads its own booking only: not the guest's other booking, nor her consent", async () => {
    const { own, stranger } = await guestAndStranger();
    const copy = await anon.rpc('my_data', { p_token: stranger.token });
    expect(copy.error).toBeNull();
    const text = JSON.stringify(copy.data);
    expect(text).not.toContain('peanuts');
    expect(text).not.toContain(own.reference);
    expect((copy.data as { bookings: { reference: string }[] }).bookings.map((b) => b.reference)).toEqual([
      stranger.reference,
    ]);
    expect((copy.data as { consents: unknown[] }).consents).toEqual([]);
    expect((await anon.rpc('consents_by_token', { p_token: stranger.token })).data).toEqual([]);
    // The guest's own link shows her booking and the consent given through it.
    const ownCopy = await anon.rpc('my_data', { p_token: own.token });
    expect(JSON.stringify(ownCopy.data)).toContain('peanuts');
    expect((ownCopy.data as { consents: unknown[] }).consents).toHaveLength(1);
  });

  it("a stranger's form link erases its own booking only: the guest's upcoming booking and profile survive", async () => {
    const { own, stranger } = await guestAndStranger();
    const erased = await anon.rpc('erase_my_data', { p_token: stranger.token });
    expect(erased.error).toBeNull();
    expect(erased.data).toBe(1);
    expect(await bookingRow(own.reference)).toEqual({ name: guest.name, notes: secretNote, erased: false });
    expect(await bookingRow(stranger.reference)).toMatchObject({ erased: true });
    const { rows: profile } = await server.deps.db.query<{ email: string | null }>(
      'select email from public.guests where erased_at is null',
    );
    expect(profile).toEqual([{ email: guest.email }]);
    expect(await activeConsents()).toBe(1);
    // The address is told that a booking in its name was erased.
    await server.mail.drain();
    expect(inbox.received.at(-1)?.subject).toContain('personal data has been erased');
  });

  it("a stranger's form link cannot withdraw the guest's consent; her own link withdraws what was given through it", async () => {
    const { own, stranger } = await guestAndStranger();
    const withdrawn = await anon.rpc('withdraw_consent', {
      p_token: stranger.token,
      p_purpose: 'marketing_email',
      p_source: 'manage_page',
    });
    expect(withdrawn.error).toBeNull();
    expect(withdrawn.data).toBe(0);
    expect(await activeConsents()).toBe(1);
    const ownWithdrawn = await anon.rpc('withdraw_consent', {
      p_token: own.token,
      p_purpose: 'marketing_email',
      p_source: 'email_link',
    });
    expect(ownWithdrawn.data).toBe(1);
    expect(await activeConsents()).toBe(0);
  });

  it('the emailed link reads, withdraws and erases everything of the mailbox once; the answer to the request is the same for everyone', async () => {
    const { own, stranger } = await guestAndStranger();
    const lone = await book({ name: 'Lone Guest', mobile: '0933 222 111', email: 'lone@example.org' });
    await server.mail.drain();
    inbox.received.length = 0;

    // The request answers alike whether the guest has other bookings or not.
    const alone = await anon.rpc('request_data_link', { p_token: lone.token });
    const shared = await anon.rpc('request_data_link', { p_token: stranger.token });
    expect({ data: alone.data, error: alone.error, status: alone.status }).toEqual({
      data: shared.data,
      error: shared.error,
      status: shared.status,
    });
    await server.mail.drain();
    inbox.received.length = 0;

    const token = await mailedToken(stranger.token);
    const copy = await anon.rpc('my_data_by_mail_link', { p_token: token });
    expect(copy.error).toBeNull();
    expect(JSON.stringify(copy.data)).toContain('peanuts');
    expect((copy.data as { bookings: unknown[] }).bookings).toHaveLength(2);
    expect((copy.data as { consents: unknown[] }).consents).toHaveLength(1);
    // The form link does not open the emailed link's page.
    expect((await anon.rpc('my_data_by_mail_link', { p_token: stranger.token })).status).toBe(404);

    const withdrawn = await anon.rpc('withdraw_consent_by_mail_link', {
      p_token: token,
      p_purpose: 'marketing_email',
    });
    expect(withdrawn.data).toBe(1);
    expect(await activeConsents()).toBe(0);

    const erased = await anon.rpc('erase_my_data_by_mail_link', { p_token: token });
    expect(erased.error).toBeNull();
    expect(erased.data).toBe(2);
    expect(await bookingRow(own.reference)).toEqual({ name: 'Đã xóa · Erased', notes: null, erased: true });
    await server.mail.drain();
    expect(inbox.received.at(-1)?.subject).toContain('personal data has been erased');

    // Used: refused everywhere, and the page says so.
    for (const call of ['my_data_by_mail_link', 'erase_my_data_by_mail_link'] as const) {
      expect((await anon.rpc(call, { p_token: token })).status, call).toBe(404);
    }
    expect((await fetch(`${server.url}/booking/data/${token}`)).status).toBe(404);
    // Nothing of the guest is left in the outbox or the links (the token was only in the email).
    const { rows } = await server.deps.db.query<{ row: string }>(
      `select o::text as row from private.outbox o union all select l::text from private.data_links l`,
    );
    expect(rows.map((r) => r.row).join('\n')).not.toMatch(/priya|peanuts/i);
    expect(rows.map((r) => r.row).join('\n')).not.toContain(token);
  });

  it('an expired link, or one replaced by a newer one, is refused; the requests count against the mail limits', async () => {
    const { stranger } = await guestAndStranger();
    const first = await mailedToken(stranger.token);
    expect((await anon.rpc('my_data_by_mail_link', { p_token: first })).error).toBeNull();
    expect((await fetch(`${server.url}/vi/booking/data/${first}`)).status).toBe(200);
    const second = await mailedToken(stranger.token);
    expect(second).not.toBe(first);
    expect((await anon.rpc('my_data_by_mail_link', { p_token: first })).status).toBe(404);
    expect((await anon.rpc('my_data_by_mail_link', { p_token: second })).error).toBeNull();

    await server.deps.db.exec(`update private.data_links set expires_at = now() - interval '1 second'`);
    expect((await anon.rpc('my_data_by_mail_link', { p_token: second })).status).toBe(404);
    expect((await anon.rpc('erase_my_data_by_mail_link', { p_token: second })).status).toBe(404);
    expect(
      (await anon.rpc('withdraw_consent_by_mail_link', { p_token: second, p_purpose: 'marketing_email' })).status,
    ).toBe(404);
    expect((await fetch(`${server.url}/booking/data/${second}`)).status).toBe(404);
    expect(await activeConsents()).toBe(1);
    const { rows } = await server.deps.db.query<{ n: number }>(
      'select count(*)::int as n from public.reservations where erased_at is null',
    );
    expect(rows[0]?.n).toBe(2);

    // The requests are anonymous: their emails count against the address's hourly limit (5 here)
    // with the two confirmations, like every booking email, and the rest are dropped.
    for (let i = 0; i < 3; i += 1) {
      expect((await anon.rpc('request_data_link', { p_token: stranger.token })).error).toBeNull();
      await server.mail.drain();
    }
    const { rows: sent } = await server.deps.db.query<{ kind: string; sent: boolean }>(
      'select kind, sent_at is not null as sent from private.outbox where recipient = $1 order by id',
      [guest.email],
    );
    expect(sent.filter((row) => row.sent)).toHaveLength(5);
    expect(sent.filter((row) => row.kind === 'data_link' && !row.sent)).toHaveLength(2);
  });
});

describe.each(backends)('upgrading a database in the field to mailbox proof on %s', (backend) => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    if (backend === 'pglite') {
      db = await openPglite(undefined);
      drop = () => db.close();
    } else {
      ({ db, drop } = await createTestPostgres());
    }
    await migrate(db, { before: '20261209000000' });
  }, 120_000);
  afterAll(async () => drop?.());

  it("gives a form's consent to the booking made just before it; other consents stay the guest's as a whole", async () => {
    const insert = `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
                    values ($1, $2, $3, $4, 2, 'Sa Pa', '19:00', 'PM') returning id::int as id, guest_id`;
    const own = await db.query<{ id: number; guest_id: string }>(insert, [
      guest.name,
      guest.mobile,
      guest.email,
      restaurantDate(12),
    ]);
    const guestId = own.rows[0]?.guest_id;
    expect(guestId).toBeTruthy();
    await db.query(
      `insert into public.consents (guest_id, purpose, text_version, source)
       values ($1, 'marketing_email', '2026-12-04', 'home_form'), ($1, 'marketing_email', '2026-12-04', 'manage_page')`,
      [guestId],
    );
    // A later booking with the same details (a stranger's, say) takes none of them.
    const later = await db.query<{ id: number; guest_id: string }>(insert, [
      guest.name,
      guest.mobile,
      guest.email,
      restaurantDate(15),
    ]);
    expect(later.rows[0]?.guest_id).toBe(guestId);

    await migrate(db);
    const { rows } = await db.query<{ source: string; reservation_id: number | null }>(
      'select source, reservation_id::int as reservation_id from public.consents order by source',
    );
    expect(rows).toEqual([
      { source: 'home_form', reservation_id: own.rows[0]?.id },
      { source: 'manage_page', reservation_id: null },
    ]);
  });
});
