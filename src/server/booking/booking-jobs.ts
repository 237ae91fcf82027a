/**
 * The booking jobs that run by the clock (issue 26): reminders come due, and the waitlist moves on
 * (a table that has come free is held for the first waiting guest it fits; a hold nobody claimed
 * in time is let go, which frees the table for the next). Both live in the database
 * (private.queue_due_reminders, private.waitlist_pass), which makes them safe to run from any
 * number of instances at once: a reminder is queued under a key unique per booking, and the
 * waitlist is moved by one instance at a time.
 *
 * A pass runs every `intervalMs`, and soon after any booking changes (the boards' NOTIFY
 * realtime_changes), so a booking made inside the reminder window is reminded at once and a
 * cancelled table is offered at once. The clock is the server's, injectable for tests.
 */
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';

export interface BookingJobsOptions {
  db: Database;
  logger: Logger;
  /** REMINDER_HOURS: how long before a booking its reminder goes. */
  reminderHours: number;
  /** WAITLIST_HOLD_MINUTES: how long a freed table is held for the guest it was offered to. */
  holdMinutes: number;
  /** What time it is (tests move it). */
  clock?: () => Date;
  intervalMs?: number;
}

export interface BookingJobs {
  /** One pass now (tests; the jobs also run by themselves). */
  run(): Promise<{ reminders: number; offers: number; expired: number }>;
  close(): Promise<void>;
}

export function startBookingJobs(options: BookingJobsOptions): BookingJobs {
  const { db, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const intervalMs = options.intervalMs ?? 60_000;
  let closed = false;
  let running: Promise<{ reminders: number; offers: number; expired: number }> | undefined;
  let again = false;
  let soon: NodeJS.Timeout | undefined;
  let listening: { close(): Promise<void> } | undefined;

  async function pass() {
    const now = clock().toISOString();
    const reminded = await db.query<{ n: number }>('select private.queue_due_reminders($1, $2::timestamptz) as n', [
      options.reminderHours,
      now,
    ]);
    const moved = await db.query<{ offers: number; expired: number }>(
      'select offers, expired from private.waitlist_pass($1::timestamptz, $2)',
      [now, options.holdMinutes],
    );
    return {
      reminders: reminded.rows[0]?.n ?? 0,
      offers: moved.rows[0]?.offers ?? 0,
      expired: moved.rows[0]?.expired ?? 0,
    };
  }

  function run(): Promise<{ reminders: number; offers: number; expired: number }> {
    if (running) {
      again = true;
      return running.then(() => run());
    }
    running = (async () => {
      let last = { reminders: 0, offers: 0, expired: 0 };
      do {
        again = false;
        try {
          last = await pass();
          if (last.reminders + last.offers + last.expired > 0) logger.info(last, 'booking jobs');
        } catch (error) {
          // The database was unavailable: the next change or tick tries again.
          logger.warn({ error: error instanceof Error ? error.name : 'Error' }, 'booking jobs did not run');
        }
      } while (again && !closed);
      return last;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const ticker = setInterval(() => void run(), intervalMs);
  ticker.unref();
  void db
    .listen('realtime_changes', {
      // A burst of changes makes one pass shortly after it.
      notification: () => {
        if (closed || soon) return;
        soon = setTimeout(() => {
          soon = undefined;
          void run();
        }, 200);
        soon.unref();
      },
      lost: () => undefined,
      resumed: () => void run(),
    })
    .then(
      (handle) => {
        if (closed) void handle.close();
        else listening = handle;
      },
      () => logger.warn('booking jobs could not listen for changes; they run by the clock only'),
    );

  return {
    run,
    async close() {
      closed = true;
      clearInterval(ticker);
      clearTimeout(soon);
      await listening?.close();
      await running;
    },
  };
}
