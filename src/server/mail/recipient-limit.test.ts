/**
 * Security review #20, item 5: booking emails per recipient, on both databases, with a real SMTP
 * server (smtp-server) and the worker's own log. One address gets at most 3 booking emails an hour
 * and 10 a day; the rest are dropped (no manage token kept) and logged without the address; an
 * outbox row from before the address rule, holding a list, is dropped too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../tests/e2e/support/free-port.ts';
import { createTestPostgres } from '../../../tests/support/postgres.ts';
import { backends } from '../../../tests/support/test-server.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { type MailWorker, startMailWorker } from './mail-worker.ts';

describe.each(backends)('booking emails per recipient on %s', (backend) => {
  let db: Database;
  let drop: (() => Promise<void>) | undefined;
  let dataDir: string;
  let worker: MailWorker;
  let smtp: SMTPServer;
  const received: ParsedMail[] = [];
  const logLines: string[] = [];

  const recipients = () => received.map((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : ''));

  async function book(email: string): Promise<void> {
    await db.query(
      `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
       values ('Limit Guest', '0912345678', $1, current_date + 30, 2, 'Uptown', '19:00', 'Dinner')`,
      [email],
    );
  }

  async function outboxOf(address: string) {
    const { rows } = await db.query<{ sent: boolean; last_error: string | null; token: boolean }>(
      `select sent_at is not null as sent, last_error, payload ? 'manage_token' as token
         from private.outbox where lower(recipient) = $1 and reservation_id > 0 order by id`,
      [address],
    );
    return rows;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'saffron-mail-limit-'));
    let databaseUrl: string | undefined;
    if (backend === 'postgres') {
      // Created empty; opening it as the server does applies the migrations.
      const pg = await createTestPostgres();
      await pg.db.close();
      databaseUrl = pg.url;
      drop = pg.drop;
    }
    db = await openDatabase({ databaseUrl, dataDir });
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
    const port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', () => resolve()));
    worker = startMailWorker({
      db,
      logger: pino({ level: 'info', base: undefined }, { write: (line: string) => void logLines.push(line) }),
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Saffron Lotus <book@saffron.test>',
      retentionDays: 30,
      perRecipient: { hour: 3, day: 10 },
      siteUrl: () => 'http://localhost:8080',
      retryBaseMs: 50,
      pollMs: 60_000,
    });
  });
  afterAll(async () => {
    await worker?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await db?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    received.length = 0;
    logLines.length = 0;
  });

  it('sends one address 3 emails an hour: the 4th is dropped without its link and logged without the address', async () => {
    for (const email of ['many@example.com', 'Many@Example.com', 'many@example.com', 'many@example.com']) {
      await book(email);
    }
    await book('other@example.com');
    await worker.drain();
    expect(recipients().filter((to) => to.toLowerCase() === 'many@example.com')).toHaveLength(3);
    expect(recipients().filter((to) => to === 'other@example.com')).toHaveLength(1);
    const rows = await outboxOf('many@example.com');
    expect(rows.filter((row) => row.sent)).toHaveLength(3);
    expect(rows.filter((row) => !row.sent)).toEqual([
      { sent: false, last_error: 'dropped: over the per-recipient limit of the hour', token: false },
    ]);
    const log = logLines.join('');
    expect(log).toContain('booking email dropped: its address has had 3 in the last hour');
    expect(log.toLowerCase()).not.toContain('many@');
    expect(log).not.toContain('example.com');
  });

  it('and 10 a day, counting those sent hours ago', async () => {
    // Seven emails to the address earlier today, and three an hour ago: ten in the day, none this hour.
    await db.query(
      `insert into private.outbox (message_key, kind, reservation_id, recipient, payload, sent_at, admitted_at)
       select 'earlier.' || g, 'confirmation', 0, 'daily@example.com', '{}'::jsonb, now() - interval '5 hours', now() - interval '5 hours'
         from generate_series(1, 7) g
       union all
       select 'hour-ago.' || g, 'confirmation', 0, 'daily@example.com', '{}'::jsonb, now() - interval '61 minutes', now() - interval '61 minutes'
         from generate_series(1, 3) g`,
    );
    await book('daily@example.com');
    await worker.drain();
    expect(recipients()).toEqual([]);
    expect(await outboxOf('daily@example.com')).toEqual([
      { sent: false, last_error: 'dropped: over the per-recipient limit of the day', token: false },
    ]);
    expect(logLines.join('')).toContain('booking email dropped: its address has had 10 in the last day');
  });

  it('drops an email queued before the address rule to a list of addresses', async () => {
    await db.query(
      `insert into private.outbox (message_key, kind, reservation_id, recipient, payload)
       values ('old-list.1', 'confirmation', 1, 'a@example.com,b@example.com', '{"manage_token":"x"}')`,
    );
    await worker.drain();
    expect(received).toEqual([]);
    const { rows } = await db.query<{ failed: boolean; last_error: string; token: boolean }>(
      `select failed_at is not null as failed, last_error, payload ? 'manage_token' as token
         from private.outbox where message_key = 'old-list.1'`,
    );
    expect(rows).toEqual([{ failed: true, last_error: 'dropped: the recipient is not one mailbox', token: false }]);
    expect(logLines.join('')).toContain('booking email dropped: the recipient is not one address');
    expect(logLines.join('')).not.toContain('example.com');
  });
});
