/**
 * The daily retention job (issue 25): the personal data of bookings dated more than
 * PERSONAL_DATA_RETENTION_DAYS ago is erased by the database (public.erase_expired_personal_data,
 * the same erasure as an owner's or a guest's), once at start and then every day. Several
 * instances over one PostgreSQL may run it at once: the erasure is idempotent.
 *
 * The clock is a parameter so tests can stand two years in the future without waiting for them.
 */
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';

export interface RetentionJob {
  /** Erases what is due now; resolves with the number of bookings erased. */
  runNow(): Promise<number>;
  close(): Promise<void>;
}

const dayMs = 86_400_000;

export function startRetentionJob(options: {
  db: Database;
  logger: Logger;
  days: number;
  now?: () => Date;
  /** Between runs; a day unless a test says otherwise. */
  intervalMs?: number;
}): RetentionJob {
  const { db, logger, days } = options;
  const now = options.now ?? (() => new Date());
  let closed = false;
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function erase(): Promise<number> {
    const { rows } = await db.query<{ erased: number }>(
      'select public.erase_expired_personal_data($1, $2::timestamptz) as erased',
      [days, now().toISOString()],
    );
    const erased = Number(rows[0]?.erased ?? 0);
    // A count only: the job never names whom it erased.
    if (erased > 0) logger.info({ erased, retentionDays: days }, 'personal data of old bookings erased');
    return erased;
  }

  function runNow(): Promise<number> {
    running ??= erase().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delay: number): void {
    if (closed) return;
    timer = setTimeout(() => {
      runNow()
        .catch((error: unknown) => {
          // The database was unavailable: tomorrow's run (or the next start) catches up.
          logger.warn({ error: error instanceof Error ? error.name : typeof error }, 'retention job did not run');
        })
        .finally(() => schedule(options.intervalMs ?? dayMs));
    }, delay);
    timer.unref();
  }
  // The first run a minute after start: a restart loop does not hammer the database.
  schedule(Math.min(60_000, options.intervalMs ?? dayMs));

  return {
    runNow,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
