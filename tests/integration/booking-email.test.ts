/**
 * Booking emails through the outbox and a real SMTP server (smtp-server, in process), on both
 * databases: one confirmation per booking with its reference, manage link and a parseable .ics;
 * a cancellation email; an SMTP server that is down and comes back (exactly one email); no
 * SMTP_URL (the messages wait); and a server killed with SIGKILL between the insert and the send
 * (exactly one email after the restart). Nothing of the guest's reaches the log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ICAL from 'ical.js';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../e2e/support/free-port.ts';
import { startTestServer as spawnServer } from '../e2e/support/server.ts';
import { guestBooking, sheetsPayload } from '../support/builders.ts';
import { createTestPostgres } from '../support/postgres.ts';
import { anonClient } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

interface Inbox {
  port: number;
  received: ParsedMail[];
  close(): Promise<void>;
}

async function startInbox(port?: number): Promise<Inbox> {
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
  const chosen = port ?? (await freePort());
  await new Promise<void>((resolve) => smtp.listen(chosen, '127.0.0.1', () => resolve()));
  return { port: chosen, received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** Waits for a condition the system reaches by itself (no assertion depends on how long it took). */
async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  for (let tries = 0; tries < 600; tries += 1) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    await delay(100);
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function bookAs(anon: SupabaseClient, overrides: Parameters<typeof guestBooking>[0] = {}) {
  const booking = guestBooking(overrides);
  const { data, error } = await anon.from('reservations').insert(booking).select('reference');
  expect(error).toBeNull();
  return String(data?.[0]?.reference);
}

function attachmentText(mail: ParsedMail): string {
  const ics = mail.attachments.find((a) => a.contentType === 'text/calendar');
  expect(ics, 'an .ics attachment').toBeDefined();
  return ics?.content.toString('utf8') ?? '';
}

describe.each(backends)('booking emails on %s', (backend) => {
  let inbox: Inbox;
  let server: TestServer;
  let anon: SupabaseClient;

  beforeAll(async () => {
    inbox = await startInbox();
    server = await startTestServer(
      backend,
      {
        RATE_LIMITS: 'off',
        SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
        MAIL_FROM: 'Saffron Lotus <book@saffron.test>',
      },
      undefined,
      { mail: { retryBaseMs: 50, pollMs: 60_000 } },
    );
    anon = anonClient(server);
  });
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });
  afterEach(() => {
    inbox.received.length = 0;
  });

  it('sends one confirmation with the reference, the manage link and a calendar file; then a cancellation', async () => {
    const reference = await bookAs(anon, { email: 'mira@example.com', name: 'Mira <b>Das</b>', guests: 3 });
    await until(() => inbox.received.length > 0, 'the confirmation');
    await server.mail.drain();
    expect(inbox.received).toHaveLength(1);
    const mail = inbox.received[0] as ParsedMail;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('mira@example.com');
    expect(mail.from?.value).toEqual([{ name: 'Saffron Lotus', address: 'book@saffron.test' }]);
    expect(mail.subject).toBe(`Your table at Saffron Lotus Sa Pa — ${reference}`);
    expect(mail.text).toContain(`Booking reference: ${reference}`);
    expect(mail.text).toContain('+84 214 387 2024');
    expect(mail.text).toContain('45 Cầu Mây, Sa Pa, Lào Cai');
    // HTML part, with the guest's text escaped.
    expect(mail.html).toContain(reference);
    expect(mail.html).toContain('Mira &lt;b&gt;Das&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Das</b>');

    const link = /http:\/\/localhost:\d+\/booking\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
    expect(link, 'the manage link').not.toBeNull();
    const token = link?.[1] ?? '';
    expect(mail.html).toContain(`/booking/${token}`);
    const view = await anon.rpc('booking_by_token', { p_token: token }).single<{ reference: string }>();
    expect(view.data?.reference).toBe(reference);

    const { rows } = await server.deps.db.query<{ id: string; sent: boolean; has_token: boolean }>(
      `select id::text, sent_at is not null as sent, payload ? 'manage_token' as has_token
         from private.outbox where payload ->> 'reference' = $1`,
      [reference],
    );
    expect(rows).toEqual([{ id: expect.any(String), sent: true, has_token: false }]);
    expect(mail.messageId).toBe(`<${reference.toLowerCase()}.confirmation.${await rowId(reference)}@localhost>`);

    const calendar = new ICAL.Component(ICAL.parse(attachmentText(mail)));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(event.uid).toBe(`${reference}@saffronlotus.vn`);
    expect(calendar.getFirstSubcomponent('vevent')?.getFirstProperty('dtstart')?.getParameter('tzid')).toBe(
      'Asia/Ho_Chi_Minh',
    );
    expect(event.location).toBe('Saffron Lotus Sa Pa, 45 Cầu Mây, Sa Pa, Lào Cai');
    expect(event.endDate.subtractDate(event.startDate).toSeconds()).toBe(7200);

    inbox.received.length = 0;
    await anon.rpc('cancel_booking', { p_token: token });
    await anon.rpc('cancel_booking', { p_token: token });
    await until(() => inbox.received.length > 0, 'the cancellation');
    await server.mail.drain();
    expect(inbox.received).toHaveLength(1);
    const cancelled = inbox.received[0] as ParsedMail;
    expect(cancelled.subject).toBe(`Cancelled: your table at Saffron Lotus Sa Pa — ${reference}`);
    expect(cancelled.text).not.toContain('/booking/');
    expect(attachmentText(cancelled)).toContain('STATUS:CANCELLED');
  });

  it('a guest who booked in Vietnamese gets both emails in Vietnamese, with the Vietnamese manage page', async () => {
    // As the site's pages send it (src/web/shared/lib/supabase.ts): the page's language on every call.
    const inVietnamese = createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { 'Accept-Language': 'vi' } },
    });
    const reference = await bookAs(inVietnamese, { email: 'ha@example.vn', name: 'Nguyễn Thu Hà', guests: 4 });
    await until(() => inbox.received.length > 0, 'the confirmation');
    await server.mail.drain();
    expect(inbox.received).toHaveLength(1);
    const mail = inbox.received[0] as ParsedMail;
    expect(mail.subject).toBe(`Xác nhận đặt bàn tại Saffron Lotus Sa Pa — ${reference}`);
    expect(mail.text).toContain('Xin chào Nguyễn Thu Hà,');
    expect(mail.text).toContain(`Mã đặt bàn: ${reference}`);
    expect(mail.text).toContain('Số khách: Bàn cho 4 người');
    expect(mail.html).toContain('<html lang="vi">');
    const link = /http:\/\/localhost:\d+\/vi\/booking\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
    expect(link, 'the Vietnamese manage link').not.toBeNull();
    expect(attachmentText(mail)).toContain('Mã đặt bàn');

    // Stored with the booking: a cancellation made from an English page is still written in Vietnamese.
    const { rows } = await server.deps.db.query<{ language: string }>(
      'select language from public.reservations where reference = $1',
      [reference],
    );
    expect(rows).toEqual([{ language: 'vi' }]);
    inbox.received.length = 0;
    await anon.rpc('cancel_booking', { p_token: link?.[1] ?? '' });
    await until(() => inbox.received.length > 0, 'the cancellation');
    await server.mail.drain();
    expect(inbox.received.map((m) => m.subject)).toEqual([`Đã hủy đặt bàn tại Saffron Lotus Sa Pa — ${reference}`]);
  });

  it('a booking names its language only through the page: the body cannot set it, other tags are English', async () => {
    const { error } = await anon.from('reservations').insert({ ...guestBooking(), language: 'vi' });
    expect(error?.code).toBe('42501');
    const inFrench = createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { 'Accept-Language': 'fr-FR,vi;q=0.9' } },
    });
    const reference = await bookAs(inFrench);
    const { rows } = await server.deps.db.query<{ language: string }>(
      'select language from public.reservations where reference = $1',
      [reference],
    );
    expect(rows).toEqual([{ language: 'en' }]);
    await until(() => inbox.received.length > 0, 'the confirmation');
    await server.mail.drain();
    expect(inbox.received.map((m) => m.subject)).toEqual([`Your table at Saffron Lotus Sa Pa — ${reference}`]);
  });

  it('the spreadsheet receiver (call 8, sent no-cors) writes in the browser’s language', async () => {
    const post = (language: string, name: string) =>
      fetch(`${server.url}/sheets/exec`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'Accept-Language': language },
        body: JSON.stringify(sheetsPayload({ name, email: `${name.toLowerCase()}@example.vn` })),
      });
    expect((await post('vi-VN,vi;q=0.9,en;q=0.8', 'Lan')).status).toBe(200);
    expect((await post('en-GB,en;q=0.9', 'Binh')).status).toBe(200);
    await until(() => inbox.received.length >= 2, 'both confirmations');
    await server.mail.drain();
    const subjectFor = (address: string) =>
      inbox.received.find((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '') === address)?.subject ?? '';
    expect(subjectFor('lan@example.vn')).toMatch(/^Xác nhận đặt bàn tại Saffron Lotus /);
    expect(subjectFor('binh@example.vn')).toMatch(/^Your table at Saffron Lotus /);
  });

  async function rowId(reference: string): Promise<string> {
    const { rows } = await server.deps.db.query<{ id: string }>(
      'select id::text from public.reservations where reference = $1',
      [reference],
    );
    return rows[0]?.id ?? '';
  }

  it('an SMTP server that is down and comes back gets the email exactly once', async () => {
    const port = await freePort();
    const other = await startTestServer(
      backend,
      { RATE_LIMITS: 'off', SMTP_URL: `smtp://127.0.0.1:${port}` },
      undefined,
      {
        mail: { retryBaseMs: 50, pollMs: 60_000 },
      },
    );
    let late: Inbox | undefined;
    try {
      const reference = await bookAs(anonClient(other), { email: 'late@example.com' });
      // Refused at least twice while the SMTP server is down.
      await until(async () => {
        await other.mail.drain();
        const { rows } = await other.deps.db.query<{ attempts: number; last_error: string | null }>(
          'select attempts, last_error from private.outbox',
        );
        return (rows[0]?.attempts ?? 0) >= 2 ? rows[0] : undefined;
      }, 'failed attempts');
      const { rows: failed } = await other.deps.db.query<{ last_error: string; sent_at: unknown }>(
        'select last_error, sent_at from private.outbox',
      );
      expect(failed[0]?.sent_at).toBeNull();
      // Nodemailer's code for a connection that could not be made.
      expect(failed[0]?.last_error).toContain('ESOCKET');
      expect(failed[0]?.last_error).not.toContain('late@example.com');

      late = await startInbox(port);
      const box = late;
      await until(async () => {
        await other.mail.drain();
        return box.received.length > 0;
      }, 'the late email');
      await other.mail.drain();
      expect(box.received).toHaveLength(1);
      expect(box.received[0]?.subject).toContain(reference);
    } finally {
      await other.close();
      await late?.close();
    }
  });

  it('without SMTP_URL, email is off and the messages wait in the outbox', async () => {
    const quiet = await startTestServer(backend, { RATE_LIMITS: 'off' });
    try {
      expect(quiet.mail.enabled).toBe(false);
      await bookAs(anonClient(quiet));
      await quiet.mail.drain();
      const { rows } = await quiet.deps.db.query<{ attempts: number; sent_at: unknown }>(
        'select attempts, sent_at from private.outbox',
      );
      expect(rows).toEqual([{ attempts: 0, sent_at: null }]);
    } finally {
      await quiet.close();
    }
  });

  it('deletes sent messages after MAIL_RETENTION_DAYS, and keeps those not yet sent', async () => {
    await bookAs(anon, { email: 'old@example.com' });
    await until(() => inbox.received.length > 0, 'the email');
    await server.mail.drain();
    await server.deps.db.query(
      `update private.outbox set sent_at = now() - interval '31 days' where sent_at is not null`,
    );
    await server.deps.db.query(
      `insert into private.outbox (message_key, kind, reservation_id, recipient, payload, next_attempt_at)
       values ('waiting', 'confirmation', 0, 'wait@example.com', '{}', now() + interval '1 day')`,
    );
    await server.mail.drain();
    const { rows } = await server.deps.db.query<{ message_key: string }>('select message_key from private.outbox');
    expect(rows).toEqual([{ message_key: 'waiting' }]);
    await server.deps.db.query('delete from private.outbox');
  });
});

describe.each(backends)('a server killed between the insert and the send, on %s', (backend) => {
  // Two starts of a server process (migrations, keys) on a shared, busy machine.
  it('sends the email once after the restart', { timeout: 180_000 }, async () => {
    const smtpPort = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'saffron-kill-'));
    const pg = backend === 'postgres' ? await createTestPostgres() : undefined;
    await pg?.db.close();
    const env = {
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'info',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    };
    let inbox: Inbox | undefined;
    let second: Awaited<ReturnType<typeof spawnServer>> | undefined;
    try {
      const first = await spawnServer(env, dataDir);
      const config = (await (await fetch(`${first.url}/config.json`)).json()) as { supabaseAnonKey: string };
      const guest = guestBooking({ email: 'killed@example.com', name: 'Kavya Killtest' });
      const inserted = await fetch(`${first.url}/rest/v1/reservations`, {
        method: 'POST',
        headers: { apikey: config.supabaseAnonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(guest),
      });
      expect(inserted.status).toBe(201);
      // The SMTP server is down: the first attempt fails (and is recorded), then the process dies
      // without warning, before any send succeeded.
      await until(() => first.output().includes('booking email not sent; will retry'), 'the failed attempt');
      await first.stop('SIGKILL');

      inbox = await startInbox(smtpPort);
      const box = inbox;
      second = await spawnServer(env, dataDir);
      await until(() => box.received.length > 0, 'the email after the restart');
      const log = `${first.output()}${second.output()}`;
      expect(log).toContain('Booking emails go out through 127.0.0.1');
      // The row is marked sent after the one delivery; nothing more is claimed once it is.
      const check = await fetch(`${second.url}/health`);
      expect(check.status).toBe(200);
      await until(() => second?.output().includes('booking email sent'), 'the send to be recorded');
      expect(box.received).toHaveLength(1);
      expect(box.received[0]?.to && !Array.isArray(box.received[0].to) ? box.received[0].to.text : '').toBe(
        'killed@example.com',
      );
      const fullLog = `${first.output()}${second.output()}`;
      for (const secret of ['killed@example.com', 'Kavya', /\/booking\/[A-Za-z0-9_-]{43}/]) {
        if (typeof secret === 'string') expect(fullLog).not.toContain(secret);
        else expect(fullLog).not.toMatch(secret);
      }
    } finally {
      await second?.stop('SIGTERM');
      await inbox?.close();
      rmSync(dataDir, { recursive: true, force: true });
      await pg?.drop();
    }
  });
});
