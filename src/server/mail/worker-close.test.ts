/**
 * Issue 27, graceful shutdown: stopping the mail worker finishes the message it is sending and no
 * more. The rest of its claimed batch goes back to the outbox at once (due now, the claim not
 * counted as an attempt), so the next start sends it instead of waiting out the two-minute lease.
 * On both databases, against a real SMTP server that takes its time over each message.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../tests/e2e/support/free-port.ts';
import { createTestPostgres } from '../../../tests/support/postgres.ts';
import { backends } from '../../../tests/support/test-server.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { startMailWorker } from './mail-worker.ts';

describe.each(backends)('stopping the mail worker on %s', (backend) => {
  let db: Database;
  let drop: (() => Promise<void>) | undefined;
  let dataDir: string;
  let smtp: SMTPServer;
  let smtpPort: number;
  let delivered = 0;
  let firstArrived: () => void = () => {};

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'saffron-mail-close-'));
    let databaseUrl: string | undefined;
    if (backend === 'postgres') {
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
        stream.resume();
        stream.on('end', () => {
          firstArrived();
          // A slow server: the worker is asked to stop while this message is still in flight.
          setTimeout(() => {
            delivered += 1;
            callback();
          }, 400);
        });
      },
    });
    smtpPort = await freePort();
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', () => resolve()));
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await db?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the message in flight, and gives the rest of its batch back unsent and due', async () => {
    // Five confirmations, queued while no worker runs (each booking writes one).
    for (let i = 0; i < 5; i += 1) {
      await db.query(
        `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
         values ('Close Guest', '0912345678', $1, current_date + 30, 2, 'Uptown', '19:00', 'Dinner')`,
        [`close-${i}@example.com`],
      );
    }
    const arrived = new Promise<void>((resolve) => {
      firstArrived = resolve;
    });
    const worker = startMailWorker({
      db,
      logger: pino({ level: 'silent' }),
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      from: 'Saffron Lotus <book@saffron.test>',
      retentionDays: 30,
      perRecipient: { hour: 3, day: 10 },
      siteUrl: () => 'http://localhost:8080',
      retryBaseMs: 50,
      pollMs: 60_000,
    });
    await arrived;
    await worker.close();

    // The message being sent when the worker was asked to stop was finished, and no other began.
    expect(delivered).toBe(1);
    const { rows } = await db.query<{ sent: boolean; attempts: number; due: boolean }>(
      `select sent_at is not null as sent, attempts, next_attempt_at <= now() as due
         from private.outbox where recipient like 'close-%' order by id`,
    );
    expect(rows).toHaveLength(5);
    expect(rows.filter((row) => row.sent)).toHaveLength(1);
    // The four given back: not counted as an attempt, and due now rather than after the lease.
    expect(rows.filter((row) => !row.sent)).toEqual(
      Array.from({ length: 4 }, () => ({ sent: false, attempts: 0, due: true })),
    );
  });
});
