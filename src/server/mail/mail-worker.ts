/**
 * The mail worker: sends what the database wrote to private.outbox in the booking's own
 * transaction (a confirmation, a cancellation), at least once, over SMTP with nodemailer.
 *
 * - Claiming: a row is leased (its next attempt pushed past the lease) with FOR UPDATE SKIP LOCKED,
 *   so several server instances over one PostgreSQL never send the same row at once; on PGlite the
 *   one connection makes it serial anyway. A server killed mid-send leaves the lease to run out,
 *   and the row is sent again under the same Message-ID.
 * - Failures: retried with exponential backoff (capped); a permanent refusal (5xx) stops retries.
 * - Sent rows lose their manage token at once and are deleted after MAIL_RETENTION_DAYS.
 * - Woken by NOTIFY mail_outbox (written with each row), with a slow poll as a safety net.
 * - Each email is sent to one mailbox, and to one address at most `perRecipient` emails an hour
 *   and a day (private.admit_outbox_email counts them, across instances): one booking per
 *   address and hour is what a guest needs, and more is someone using our mail against a stranger.
 *   An email over a limit, or to anything but one mailbox, is dropped.
 * - Logs say which outbox row and what went wrong, never to whom or about what booking.
 */
import nodemailer from 'nodemailer';
import { oneMailboxPattern } from '../../domain/reservation-options.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { composeMail, outboxPayloadSchema } from './compose.ts';
import { composeDataLinkMail, dataLinkPayloadSchema } from './data-link-mail.ts';
import { composeDoorReadyMail, doorReadyPayloadSchema } from './door-ready-mail.ts';
import { composeErasureMail, erasurePayloadSchema } from './erasure-mail.ts';
import type { OutboxKind } from './mail-words.ts';

export interface MailWorkerOptions {
  db: Database;
  logger: Logger;
  smtpUrl: string | undefined;
  from: string;
  retentionDays: number;
  /** Booking emails one address may receive in an hour and in a day (MAIL_PER_RECIPIENT_HOUR, _DAY). */
  perRecipient: { hour: number; day: number };
  /** The site's public origin, for the manage links; read when a message is composed. */
  siteUrl: () => string;
  /** First retry after this long, doubling per attempt (tests shorten it). */
  retryBaseMs?: number;
  /** The safety-net poll. */
  pollMs?: number;
  /** How long a claimed row is left to one sender before another may try. */
  leaseMs?: number;
}

export interface MailWorker {
  /** Whether email is on (SMTP_URL set). */
  readonly enabled: boolean;
  /** Sends every row due now, then resolves (tests; the worker also runs by itself). */
  drain(): Promise<void>;
  /** Stops: the message being sent is finished, the rest of its batch is given back to the outbox. */
  close(): Promise<void>;
}

interface OutboxRow {
  id: string;
  message_key: string;
  kind: OutboxKind | 'erasure' | 'door_ready' | 'data_link';
  recipient: string;
  payload: unknown;
  attempts: number;
}

const batchSize = 10;
const maxBackoffMs = 60 * 60 * 1000;

/** The error's class and SMTP code: never its text, which can quote the recipient. */
function errorSummary(error: unknown): { summary: string; permanent: boolean } {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
    name?: unknown;
  };
  const responseCode = typeof fields.responseCode === 'number' ? fields.responseCode : undefined;
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  const name = typeof fields.name === 'string' ? fields.name : 'Error';
  return {
    summary: [name, code, responseCode].filter((part) => part !== undefined).join(' '),
    permanent: responseCode !== undefined && responseCode >= 500 && responseCode < 600,
  };
}

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, logger } = options;
  const retryBaseMs = options.retryBaseMs ?? 5000;
  const pollMs = options.pollMs ?? 30_000;
  const leaseMs = options.leaseMs ?? 120_000;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  let closed = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let listening: { close(): Promise<void> } | undefined;

  const claim = () =>
    db.transaction(async (tx) => {
      const { rows } = await tx.query<OutboxRow>(
        `update private.outbox o
            set attempts = o.attempts + 1,
                next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
          where o.id in (
            select id from private.outbox
             where sent_at is null and failed_at is null and next_attempt_at <= now()
             order by next_attempt_at, id
             limit $1
             for update skip locked)
          returning o.id::text as id, o.message_key, o.kind, o.recipient, o.payload, o.attempts`,
        [batchSize, leaseMs],
      );
      return rows;
    });

  /** Gives claimed rows back unsent: due now, and their claim not counted as an attempt. */
  async function release(rows: readonly OutboxRow[]): Promise<void> {
    await db.query(
      `update private.outbox set attempts = attempts - 1, next_attempt_at = now()
        where id = any($1::bigint[]) and sent_at is null and failed_at is null`,
      [rows.map((row) => row.id)],
    );
  }

  /** Marks a row that will never be sent; its manage token goes with it. */
  async function drop(row: OutboxRow, reason: string): Promise<void> {
    await db.query(
      `update private.outbox set failed_at = now(), last_error = $2, payload = payload - 'manage_token' where id = $1`,
      [row.id, reason],
    );
  }

  /** Whether the row may be sent now; logs why not, without the address. */
  async function admit(row: OutboxRow): Promise<boolean> {
    // Rows written before the database checked addresses (20261125210000_guest_text.sql) may hold a list.
    if (!oneMailboxPattern.test(row.recipient)) {
      await drop(row, 'dropped: the recipient is not one mailbox');
      logger.warn({ outbox: row.id, kind: row.kind }, 'booking email dropped: the recipient is not one address');
      return false;
    }
    const { rows } = await db.query<{ verdict: string }>('select private.admit_outbox_email($1, $2, $3) as verdict', [
      row.id,
      options.perRecipient.hour,
      options.perRecipient.day,
    ]);
    const verdict = rows[0]?.verdict;
    if (verdict === 'hour' || verdict === 'day') {
      logger.warn(
        { outbox: row.id, kind: row.kind, limit: verdict },
        `booking email dropped: its address has had ${verdict === 'hour' ? options.perRecipient.hour : options.perRecipient.day} in the last ${verdict}`,
      );
    }
    return verdict === 'admitted';
  }

  async function send(row: OutboxRow): Promise<void> {
    if (!transport) return;
    try {
      if (!(await admit(row))) return;
      const mail =
        row.kind === 'erasure'
          ? composeErasureMail(
              { messageKey: row.message_key, payload: erasurePayloadSchema.parse(row.payload) },
              { siteUrl: options.siteUrl() },
            )
          : row.kind === 'door_ready'
            ? composeDoorReadyMail(
                { messageKey: row.message_key, payload: doorReadyPayloadSchema.parse(row.payload) },
                { siteUrl: options.siteUrl() },
              )
            : row.kind === 'data_link'
              ? composeDataLinkMail(
                  { messageKey: row.message_key, payload: dataLinkPayloadSchema.parse(row.payload) },
                  { siteUrl: options.siteUrl() },
                )
              : composeMail(
                  { messageKey: row.message_key, kind: row.kind, payload: outboxPayloadSchema.parse(row.payload) },
                  { siteUrl: options.siteUrl() },
                );
      await transport.sendMail({
        from: options.from,
        to: row.recipient,
        messageId: mail.messageId,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
      });
      await db.query(
        `update private.outbox set sent_at = now(), last_error = null, payload = payload - 'manage_token' where id = $1`,
        [row.id],
      );
      logger.info({ outbox: row.id, kind: row.kind, attempts: row.attempts }, 'booking email sent');
    } catch (error) {
      const { summary, permanent } = errorSummary(error);
      const delay = Math.min(retryBaseMs * 2 ** Math.max(row.attempts - 1, 0), maxBackoffMs);
      await db
        .query(
          `update private.outbox
              set last_error = $2,
                  failed_at = case when $3 then now() end,
                  payload = case when $3 then payload - 'manage_token' else payload end,
                  next_attempt_at = now() + make_interval(secs => $4::double precision / 1000)
            where id = $1`,
          [row.id, summary, permanent, delay],
        )
        .catch(() => undefined);
      logger.warn(
        { outbox: row.id, kind: row.kind, attempts: row.attempts, error: summary },
        permanent ? 'booking email refused for good by the SMTP server' : 'booking email not sent; will retry',
      );
    }
  }

  async function purge(): Promise<void> {
    await db.query(
      `delete from private.outbox
        where coalesce(sent_at, failed_at) < now() - make_interval(days => $1)`,
      [options.retentionDays],
    );
    await db.query(`delete from private.booking_receipts where created_at < now() - interval '15 minutes'`);
  }

  async function pass(): Promise<void> {
    await purge();
    if (!transport) return;
    for (;;) {
      if (closed) return;
      const rows = await claim();
      for (const [index, row] of rows.entries()) {
        if (closed) {
          // Shutting down: the message being sent was finished; the rest of the batch goes back
          // to the outbox at once, uncounted, so the next start (or another instance) sends it
          // instead of waiting for the lease to run out.
          await release(rows.slice(index));
          return;
        }
        await send(row);
      }
      if (rows.length < batchSize) return;
    }
  }

  /** One pass at a time; a wake-up during a pass runs one more pass after it. */
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (error) {
          // The database was unavailable: the next wake-up or poll tries again.
          logger.warn({ error: errorSummary(error).summary }, 'mail outbox not read');
        }
      } while (again && !closed);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  /** How long until the next row waiting for a retry is due (the poll's period at most). */
  async function nextWake(): Promise<number> {
    if (!transport) return pollMs;
    try {
      const { rows } = await db.query<{ ms: number | null }>(
        `select (extract(epoch from min(next_attempt_at) - now()) * 1000)::float8 as ms
           from private.outbox where sent_at is null and failed_at is null`,
      );
      const ms = rows[0]?.ms;
      return ms === null || ms === undefined ? pollMs : Math.min(Math.max(Math.ceil(ms), 10), pollMs);
    } catch {
      return pollMs;
    }
  }

  function schedule(): void {
    if (closed) return;
    void nextWake().then((ms) => {
      if (closed) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        void run().finally(schedule);
      }, ms);
      timer.unref();
    });
  }

  if (transport) {
    void db
      .listen('mail_outbox', {
        notification: () => void run().finally(schedule),
        lost: () => undefined,
        // Rows written while not listening are found now rather than at the next poll.
        resumed: () => void run().finally(schedule),
      })
      .then(
        (handle) => {
          if (closed) void handle.close();
          else listening = handle;
        },
        () => logger.warn('mail worker could not listen for new emails; it polls instead'),
      );
  }
  void run().finally(schedule);

  return {
    enabled: transport !== undefined,
    async drain() {
      // A pass already under way may have claimed rows before they were due; one more after it.
      await run();
      await run();
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await listening?.close();
      await running;
      transport?.close();
    },
  };
}
