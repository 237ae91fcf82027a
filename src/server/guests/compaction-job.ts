/**
 * Erased personal data leaves the database's files (issue 25). An erasure rewrites rows, but the
 * old row versions stay in the table's pages (and its indexes') until the table is rewritten:
 * plain VACUUM only marks their space reusable, it does not zero it. So this job rewrites the
 * tables an erasure touches with VACUUM (FULL, ANALYZE), then pg_statistic, whose old rows can
 * quote the erased values as "most common values".
 *
 * VACUUM FULL holds an ACCESS EXCLUSIVE lock on the table it rewrites; on the embedded database
 * every request waits for it. Measured with 50,000 bookings (bench/results/erasure-compaction.md),
 * the small tables take well under a second and the booking tables several seconds each, longer
 * than a booking may wait. Hence two runs:
 * - soon after an erasure (signalled by the database on 'personal_data_erased' after its commit,
 *   supabase/migrations/20261208000000_*): the small tables, the guest's profile among them;
 * - every night at the quiet hour (04:00 in Vietnam, when no restaurant serves): every table,
 *   the booking tables too. So an erased booking's values stay in those files until the next
 *   night at most (docs/security.md, "Personal data").
 * One run at a time per instance; VACUUM cannot run inside a transaction, so each table is its own
 * statement and holds its lock only for its own rewrite.
 */
import type { Database, Listening } from '../db/database.ts';
import type { Logger } from '../logger.ts';

/** Rewritten soon after each erasure: a few thousand rows at most, well under a second each. */
export const smallPersonalDataTables = [
  'public.guests',
  'public.guest_history',
  'public.consents',
  'public.waitlist_entries',
  'private.outbox',
  'private.booking_receipts',
] as const;

/** A row or more per booking ever made: rewritten at the quiet hour only. */
export const bookingPersonalDataTables = [
  'public.reservations',
  'public.reservation_history',
  'private.reservation_search',
] as const;

export const personalDataTables = [...smallPersonalDataTables, ...bookingPersonalDataTables] as const;

export const erasureChannel = 'personal_data_erased';

/** 04:00 in Vietnam (UTC+7 all year, no daylight saving) is 21:00 UTC. */
const quietHourUtc = 21;

/** Milliseconds from `now` to the next quiet hour. */
export function untilQuietHour(now: Date): number {
  const next = new Date(now);
  next.setUTCHours(quietHourUtc, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

export interface CompactionJob {
  /** Compacts the small tables now (after the run under way); resolves with the tables compacted. */
  run(): Promise<string[]>;
  /** The quiet hour's run, now: every table. */
  runNightly(): Promise<string[]>;
  /** Resolves once no compaction is running or waiting to start (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function startCompactionJob(options: {
  db: Database;
  logger: Logger;
  /** How long after a signal the run starts, so a burst of erasures makes one run. */
  delayMs?: number;
  now?: () => Date;
}): CompactionJob {
  const { db, logger } = options;
  const delayMs = options.delayMs ?? 2000;
  const now = options.now ?? (() => new Date());
  let closed = false;
  // Runs one after another, never two at once.
  let queue: Promise<unknown> = Promise.resolve();
  let pending = 0;
  // The erasure run queued and not yet started, if any.
  let waiting: Promise<string[]> | undefined;
  let soon: NodeJS.Timeout | undefined;
  let nightly: NodeJS.Timeout | undefined;
  let listening: Listening | undefined;

  async function compact(tables: readonly string[], kind: 'erasure' | 'nightly'): Promise<string[]> {
    // Only the tables this database has (a table listed here may come with a later migration).
    const { rows } = await db.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name
         from unnest($1::text[]) with ordinality as t (name, position)
         join pg_class c on c.oid = to_regclass(t.name)
         join pg_namespace n on n.oid = c.relnamespace
        order by t.position`,
      [tables],
    );
    const started = performance.now();
    for (const { name } of rows) {
      await db.query(`vacuum (full, analyze) ${name}`);
    }
    // Owned by the database owner: an owner that is not a superuser may vacuum it; a role that may
    // not is warned and skipped by PostgreSQL, not refused.
    await db.query('vacuum (full) pg_catalog.pg_statistic');
    const names = rows.map((row) => row.name);
    logger.info(
      { kind, tables: names.length, ms: Math.round(performance.now() - started) },
      'erased data compacted away',
    );
    return names;
  }

  function enqueue(tables: readonly string[], kind: 'erasure' | 'nightly', onStart?: () => void): Promise<string[]> {
    pending += 1;
    const done = queue.then(() => {
      onStart?.();
      return compact(tables, kind).catch((error: unknown) => {
        // The database was unavailable or busy: the next erasure or the next night compacts again.
        logger.warn({ kind, error: error instanceof Error ? error.name : 'Error' }, 'compaction did not run');
        return [] as string[];
      });
    });
    queue = done.finally(() => {
      pending -= 1;
    });
    return done;
  }

  function run(): Promise<string[]> {
    // A run that has not started yet will see this erasure too; one that has started may not.
    if (waiting) return waiting;
    const mine = enqueue(smallPersonalDataTables, 'erasure', () => {
      if (waiting === mine) waiting = undefined;
    });
    waiting = mine;
    return mine;
  }

  function later(): void {
    if (closed || soon) return;
    soon = setTimeout(() => {
      soon = undefined;
      void run();
    }, delayMs);
    soon.unref();
  }

  function scheduleNightly(): void {
    if (closed) return;
    nightly = setTimeout(() => {
      void enqueue(personalDataTables, 'nightly').finally(scheduleNightly);
    }, untilQuietHour(now()));
    nightly.unref();
  }
  scheduleNightly();

  void db
    .listen(erasureChannel, {
      notification: later,
      lost: () => undefined,
      // An erasure may have been missed while not listening.
      resumed: later,
    })
    .then(
      (handle) => {
        if (closed) void handle.close();
        else listening = handle;
      },
      () => logger.warn('compaction could not listen for erasures; it runs at the quiet hour only'),
    );

  return {
    run,
    runNightly: () => enqueue(personalDataTables, 'nightly'),
    async idle() {
      while (pending > 0 || soon) {
        await (pending > 0 ? queue : new Promise((resolve) => setTimeout(resolve, delayMs)));
      }
    },
    async close() {
      closed = true;
      clearTimeout(soon);
      clearTimeout(nightly);
      await listening?.close();
      await queue;
    },
  };
}
