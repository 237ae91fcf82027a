/**
 * Random sequences of bookings, moves, host assignments, walk-ins, seatings, finishes, cancels and
 * no-shows, on PGlite and PostgreSQL: whatever happens, no table is ever held twice at once, no
 * party sits at a unit that does not seat its size, released bookings hold nothing, and the
 * availability the forms read agrees with what the insert then does.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floorSchema } from '../../src/domain/floor.ts';
import { importFloor } from '../../src/server/cli/floor.ts';
import type { Queryable } from '../../src/server/db/database.ts';
import { restaurantDate } from '../support/builders.ts';
import { testFloor } from '../support/floors.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// Few slots, 30 minutes apart: turns of 100–160 minutes meet each other at their edges.
const slots = ['17:00', '17:30', '18:00', '18:30', '19:00'];
const allDay = Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, opens: '00:00', closes: '23:59' }));

type Op =
  | { kind: 'book'; guests: number; slot: number; guest: boolean }
  | { kind: 'move'; pick: number; guests: number; slot: number }
  | { kind: 'assign'; pick: number; table: number }
  | { kind: 'status'; pick: number; to: 'seated' | 'finished' | 'no_show' | 'cancelled' | 'booked' }
  | { kind: 'walkIn'; guests: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      // Mostly couples and fours, so the small floor fills up and turns meet at their edges.
      guests: fc.oneof(fc.constantFrom(2, 2, 2, 4, 4), fc.integer({ min: 1, max: 10 })),
      slot: fc.nat(slots.length - 1),
      guest: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      pick: fc.nat(),
      guests: fc.integer({ min: 1, max: 10 }),
      slot: fc.nat(slots.length - 1),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('assign' as const), pick: fc.nat(), table: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      pick: fc.nat(),
      to: fc.constantFrom('seated', 'finished', 'no_show', 'cancelled', 'booked'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('walkIn' as const), guests: fc.integer({ min: 1, max: 8 }) }) },
);

/** The SQLSTATE of a refusal the rules allow for an operation; anything else fails the test. */
function sqlState(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'none';
}

describe.each(backends)('tables and turns, random sequences, on %s', (backend) => {
  let server: TestServer;
  let dayOffset = 60;

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    await server.deps.db.query('select public.save_branch_settings($1, $2::jsonb)', [
      'Sa Pa',
      JSON.stringify({ time_zone: 'Asia/Ho_Chi_Minh', hours: allDay, closed_dates: [] }),
    ]);
    await importFloor(server.deps.db, 'Sa Pa', floorSchema.parse(testFloor));
  });
  afterAll(async () => server?.close());

  /** Runs `fn` as a guest with the publishable key (role anon), as /rest/v1 and /sheets/exec do. */
  function asGuest<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return server.deps.db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`,
      );
      return fn(tx);
    });
  }

  async function run(ops: Op[]): Promise<void> {
    const db = server.deps.db;
    // A fresh start: a failed run (and fast-check's shrinking replays) leaves its rows behind.
    await db.query(`delete from public.reservations where branch = 'Sa Pa'`);
    dayOffset += 1;
    const day = restaurantDate(dayOffset);
    const made: number[] = [];
    const { rows: tableRows } = await db.query<{ id: string }>(
      `select id from public.dining_tables where branch = 'Sa Pa' order by name`,
    );
    for (const step of ops) {
      const pick = (n: number) => made[n % Math.max(made.length, 1)];
      if (step.kind === 'book') {
        const time = slots[step.slot] ?? '19:00';
        const run = step.guest ? asGuest : <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction(fn);
        const offered = await run(async (tx) => {
          const { rows } = await tx.query<{ status: string }>(
            `select status from public.booking_availability('Sa Pa', $1, $2) where slot = $3`,
            [day, step.guests, time],
          );
          return rows[0]?.status;
        });
        const outcome = await run(async (tx) => {
          // No RETURNING: a guest may not read the row back; the lifecycle notes its id.
          await tx.query(
            `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
             values ('Random', '1', 'r@example.com', $1, $2, 'Sa Pa', $3, 'Dinner')`,
            [day, step.guests, time],
          );
          const { rows } = await tx.query<{ id: string }>(`select current_setting('booking.made') as id`);
          return rows[0]?.id;
        }).then(
          (id) => ({ id, code: undefined }),
          (error: unknown) => ({ id: undefined, code: sqlState(error) }),
        );
        // What the availability offered is what the insert did.
        expect({ offered, code: outcome.code }).toEqual(
          offered === 'open' ? { offered, code: undefined } : { offered: 'full', code: 'BK001' },
        );
        if (outcome.id !== undefined) made.push(Number(outcome.id));
      } else if (step.kind === 'walkIn') {
        await db.query('select public.seat_walk_in($1, $2) as id', ['Sa Pa', step.guests]).then(
          ({ rows }) => made.push(Number((rows[0] as { id: number }).id)),
          (error: unknown) => expect(['BK001', 'BK002']).toContain(sqlState(error)),
        );
      } else if (made.length > 0) {
        const id = pick(step.pick);
        if (step.kind === 'move') {
          // A booking that is over (finished, no-show, cancelled) is not moved to another time
          // (BK051, issue 23); one that is on is moved, or refused for want of a table.
          const { rows: before } = await db.query<{ status: string }>(
            'select status from public.reservations where id = $1',
            [id],
          );
          const on = ['booked', 'seated'].includes(before[0]?.status ?? '');
          await db
            .query('update public.reservations set guests = $2, time = $3 where id = $1', [
              id,
              step.guests,
              slots[step.slot],
            ])
            .catch((error: unknown) => expect(sqlState(error)).toBe(on ? 'BK001' : 'BK051'));
        } else if (step.kind === 'assign') {
          const table = tableRows[step.table % tableRows.length]?.id;
          await db
            .query('select * from public.assign_tables($1, $2::uuid[])', [id, [table]])
            .catch((error: unknown) => expect(['BK020', 'BK021', 'BK022']).toContain(sqlState(error)));
        } else {
          await db
            .query('update public.reservations set status = $2 where id = $1', [id, step.to])
            .catch((error: unknown) => expect(sqlState(error)).toBe('BK020'));
        }
      }
    }
    const { rows: overlaps } = await db.query(
      `select a.id from public.reservation_tables a join public.reservation_tables b
          on a.table_id = b.table_id and a.id < b.id and a.holds and b.holds and a.during && b.during`,
    );
    expect(overlaps).toEqual([]);
    // Booked and seated parties sit at a unit that seats them; released bookings hold nothing;
    // a finished party's holds are its record and end by the time it finished (its size may be
    // corrected afterwards without moving it).
    const { rows: misfits } = await db.query(
      `select r.id, r.guests, r.status, r.time, held.ids::text as tables from public.reservations r
         join lateral (select array_agg(h.table_id order by h.table_id) as ids, max(upper(h.during)) as ends
                         from public.reservation_tables h where h.reservation_id = r.id and h.holds) held on true
        where held.ids is not null and (
          r.status in ('cancelled', 'no_show')
          or (r.status = 'finished' and held.ends > now())
          or (r.status in ('booked', 'seated') and not exists (
                select 1 from private.floor_units(r.branch) u
                 where u.table_ids = held.ids and r.guests between u.min_seats and u.max_seats)))`,
    );
    expect(misfits).toEqual([]);
  }

  it('never double-holds a table, never misfits a party, and offers exactly what it then books', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 8, maxLength: 30 }), (ops) => run(ops)),
      { numRuns: 12 },
    );
  });
});
