import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurantDate } from '../../../tests/support/builders.ts';
import { createTestPostgres } from '../../../tests/support/postgres.ts';
import type { Database } from './database.ts';
import { sqlState } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';

// The same checks on both databases: the schema, the grants and RLS must behave identically.
const backends: [string, () => Promise<{ db: Database; drop: () => Promise<void> }>][] = [
  [
    'PGlite',
    async () => {
      const db = await openPglite(undefined);
      return { db, drop: () => db.close() };
    },
  ],
  ['PostgreSQL', createTestPostgres],
];

async function asRole<T>(db: Database, role: string, claims: object, fn: (q: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
      role,
      JSON.stringify({ ...claims, role }),
    ]);
    return fn({ ...db, query: tx.query, exec: tx.exec });
  });
}

const bookingDate = restaurantDate(30);
const booking = ['Asha', '+84 90 000 0000', 'asha@example.com', bookingDate, 4, 'Sa Pa', '19:00', 'PM', null];
const insertSql =
  'insert into public.reservations (name, mobile, email, date, guests, branch, time, period, notes) values ($1,$2,$3,$4,$5,$6,$7,$8,$9)';

describe.each(backends)('schema on %s', (_name, open) => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await open());
    await migrate(db);
  });
  afterAll(async () => drop());

  it('applies each migration once', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it('lets anon insert guest columns but not read them back', async () => {
    await asRole(db, 'anon', {}, (q) => q.query(insertSql, booking));
    await expect(asRole(db, 'anon', {}, (q) => q.query('select * from public.reservations'))).rejects.toSatisfy(
      (e) => sqlState(e) === '42501',
    );
  });

  it('refuses anon setting arrived', async () => {
    await expect(
      asRole(db, 'anon', {}, (q) =>
        q.query(
          'insert into public.reservations (name, mobile, email, date, guests, branch, time, period, arrived) values ($1,$2,$3,$4,$5,$6,$7,$8,true)',
          booking.slice(0, 8),
        ),
      ),
    ).rejects.toSatisfy((e) => sqlState(e) === '42501');
  });

  it('refuses zero guests and blank names with a check violation', async () => {
    await expect(asRole(db, 'anon', {}, (q) => q.query(insertSql, ['  ', ...booking.slice(1)]))).rejects.toSatisfy(
      (e) => sqlState(e) === '23514',
    );
    const zero = [...booking];
    zero[4] = 0;
    await expect(asRole(db, 'anon', {}, (q) => q.query(insertSql, zero))).rejects.toSatisfy(
      (e) => sqlState(e) === '23514',
    );
  });

  it('shows rows to staff only, and lets staff change only the flags', async () => {
    const staff = { sub: '00000000-0000-4000-8000-000000000001', app_metadata: { role: 'staff' } };
    const guest = { sub: '00000000-0000-4000-8000-000000000002', app_metadata: {} };
    const seen = await asRole(db, 'authenticated', staff, (q) =>
      q.query<{ id: number; date: string }>('select id, date from public.reservations'),
    );
    expect(seen.rows).toHaveLength(1);
    expect(seen.rows[0]?.date).toBe(bookingDate);
    const none = await asRole(db, 'authenticated', guest, (q) => q.query('select id from public.reservations'));
    expect(none.rows).toHaveLength(0);
    const updated = await asRole(db, 'authenticated', staff, (q) =>
      q.query('update public.reservations set arrived = true'),
    );
    expect(updated.affectedRows).toBe(1);
    await expect(
      asRole(db, 'authenticated', staff, (q) => q.query(`update public.reservations set name = 'x'`)),
    ).rejects.toSatisfy((e) => sqlState(e) === '42501');
  });
});
