/**
 * `admin import bookings`: a file's rows checked by the booking's shapes and by every booking rule
 * of the database, past bookings kept with their statuses, a bad file refused by its line with
 * nothing imported; and the guest's row written once per statement however many bookings a guest
 * has in it (issue 31, item 10). On both databases.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restaurantDate } from '../../../tests/support/builders.ts';
import { copyPgliteTemplate, postgresTemplate } from '../../../tests/support/database-templates.ts';
import { createTestPostgres } from '../../../tests/support/postgres.ts';
import { type Backend, backends } from '../../../tests/support/test-server.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { ImportError, parseBookingsCsv, runImportBookings } from './import-bookings.ts';

const header = 'name,mobile,email,date,time,period,guests,branch,notes,status,created_at';

/** The error's message, or '' when `fn` did not throw. */
async function refusal(fn: () => unknown): Promise<string> {
  try {
    await fn();
    return '';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('booking files', () => {
  it('reads the documented columns, in any order, with blanks for the optional ones', () => {
    const rows = parseBookingsCsv(
      `\uFEFFbranch,guests,name,mobile,email,date,time,period\r\nSa Pa,4,"Lê Minh, Khoa",+84 912 000 001,khoa@example.vn,2030-01-05,19:00,Dinner\r\n`,
    );
    expect(rows).toEqual([
      {
        name: 'Lê Minh, Khoa',
        mobile: '+84 912 000 001',
        email: 'khoa@example.vn',
        date: '2030-01-05',
        time: '19:00',
        period: 'Dinner',
        guests: 4,
        branch: 'Sa Pa',
        notes: null,
        status: 'booked',
        created_at: undefined,
        line: 2,
      },
    ]);
  });

  it('refuses a bad row or header by its line and reason', async () => {
    const good = 'Asha,+84 912 000 002,asha@example.vn,2030-01-05,19:00,Dinner,2,Sa Pa,,,';
    expect(
      await refusal(() => parseBookingsCsv(`${header}\n${good}\n${good.replace('2030-01-05', '2030-02-30')}`)),
    ).toBe('Not imported: line 3: date: Not a calendar date');
    expect(await refusal(() => parseBookingsCsv(`${header}\n${good.replace(',2,Sa Pa', ',two,Sa Pa')}`))).toBe(
      'Not imported: line 2: guests: Not a whole number',
    );
    expect(await refusal(() => parseBookingsCsv(`${header}\n${good.replace(',,,', ',,eaten,')}`))).toMatch(
      /^Not imported: line 2: status: /,
    );
    expect(await refusal(() => parseBookingsCsv(`${header.replace('guests', 'gusts')}\n${good}`))).toMatch(
      /^Not imported: line 1: unknown column\(s\) gusts/,
    );
    expect(await refusal(() => parseBookingsCsv(`name,mobile\nAsha,1`))).toBe(
      'Not imported: line 1: missing column(s) email, date, time, period, guests, branch.',
    );
    expect(await refusal(() => parseBookingsCsv(header))).toBe('Not imported: the file has no bookings.');
  });
});

describe.each(backends)('importing bookings on %s', (backend: Backend) => {
  let db: Database;
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'saffron-import-'));
    const pg = backend === 'postgres' ? await createTestPostgres({ template: postgresTemplate() }) : undefined;
    await pg?.db.close();
    drop = pg?.drop;
    if (!pg) copyPgliteTemplate(join(dataDir, 'pgdata'));
    db = await openDatabase({ databaseUrl: pg?.url, dataDir });
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await db.query(`update public.branch_settings set covers_per_slot = 10 where branch = 'Sa Pa'`);
  });

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db.query<{ n: number }>(sql, params)).rows[0]?.n);
  const bookings = () => count(`select count(*)::int as n from public.reservations`);

  const importFile = async (lines: string[]) => {
    const file = join(dataDir, `bookings-${Date.now()}.csv`);
    writeFileSync(file, `${[header, ...lines].join('\n')}\n`);
    return runImportBookings(db, ['bookings', file]);
  };

  it('imports past bookings with their statuses and future ones under the rules, with no emails', async () => {
    const past = restaurantDate(-40);
    const future = restaurantDate(20);
    const mobile = '+84 912 555 001';
    const answer = await importFile([
      `Trần Thị Mai,${mobile},mai@example.vn,${past},19:00,Dinner,4,Sa Pa,Window seat,finished,2025-01-02T10:00:00+07:00`,
      `Trần Thị Mai,${mobile},mai@example.vn,${restaurantDate(-33)},19:00,Dinner,2,Sa Pa,,finished,`,
      `Trần Thị Mai,${mobile},mai@example.vn,${restaurantDate(-26)},12:00,Lunch,3,Sa Pa,,no_show,`,
      `Trần Thị Mai,${mobile},mai@example.vn,${restaurantDate(-19)},19:00,Dinner,9,Sa Pa,,cancelled,`,
      // The cancelled 9 take no covers: 8 more fit the slot of 10.
      `Rahul Mehta,+84 912 555 002,rahul@example.vn,${restaurantDate(-19)},19:00,Dinner,8,Sa Pa,,seated,`,
      `Trần Thị Mai,${mobile},mai@example.vn,${future},19:00,Dinner,6,Sa Pa,,,`,
      `Priya Nair,+84 912 555 003,priya@example.vn,${future},19:00,Dinner,4,Sa Pa,High chair,booked,`,
    ]);
    expect(answer).toMatch(/^Imported 7 booking\(s\) from .* in [\d.]+ s\.$/);
    const rows = await db.query<{ status: string; arrived: boolean; cancelled: boolean; created: string }>(
      `select status, arrived, cancelled_at is not null as cancelled, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24') as created
         from public.reservations order by id`,
    );
    expect(rows.rows.map((r) => [r.status, r.arrived, r.cancelled])).toEqual([
      ['finished', true, false],
      ['finished', true, false],
      ['no_show', false, false],
      ['cancelled', false, true],
      ['seated', true, false],
      ['booked', false, false],
      ['booked', false, false],
    ]);
    expect(rows.rows[0]?.created).toBe('2025-01-02 03');
    const guest = await db.query(
      `select visit_count, no_show_count, cancel_count, covers from public.guests where mobile = '+84912555001'`,
    );
    expect(guest.rows).toEqual([{ visit_count: 2, no_show_count: 1, cancel_count: 1, covers: 6 }]);
    expect(await count(`select count(*)::int as n from private.outbox`)).toBe(0);
    expect(await count(`select count(*)::int as n from private.reservation_search`)).toBe(7);
  });

  it.each([
    ['a slot over its covers', 30, (line: string) => line.replace(',3,Sa Pa', ',5,Sa Pa'), /is now full at Sa Pa/],
    ['an unknown branch', 31, (line: string) => line.replace('Sa Pa', 'Hue'), /"Hue" is not one of our branches/],
    ['a closed hour', 32, (line: string) => line.replace('19:00', '03:00'), /Sa Pa is closed at/],
    [
      'a booking still to come marked finished',
      33,
      (line: string) => line.replace(',,,', ',,finished,'),
      /7:00 PM on .* has not come yet, so the booking cannot be finished/,
    ],
    [
      'a booking still to come marked a no-show',
      34,
      (line: string) => line.replace(',,,', ',,no_show,'),
      /has not come yet, so the booking cannot be a no-show/,
    ],
  ])('refuses %s by its line and imports nothing', async (_what, days, spoil, reason) => {
    const before = await bookings();
    const day = restaurantDate(days);
    const line = `Guest,+84 912 555 100,guest@example.vn,${day},19:00,Dinner,3,Sa Pa,,,`;
    const message = await refusal(() =>
      importFile([
        line.replace(',3,', ',6,'),
        line.replace(day, restaurantDate(-50)).replace(',,,', ',,finished,'),
        spoil(line),
      ]),
    );
    expect(message).toMatch(/^Not imported: line 4: /);
    expect(message).toMatch(reason);
    expect(await bookings()).toBe(before);
    await expect(importFile([line])).resolves.toMatch(/^Imported 1 booking/);
  });

  it('keeps the rules for everyone else: a past booking outside an import, or from an API role', async () => {
    const insertPast = `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
      values ('Late', '+84 912 555 200', 'late@example.vn', '${restaurantDate(-5)}', 2, 'Sa Pa', '19:00', 'Dinner')`;
    expect(await refusal(() => db.query(insertPast))).toMatch(/has already passed/);
    const asApi = await refusal(() =>
      db.transaction(async (tx) => {
        await tx.query(`select set_config('booking.import', 'on', true)`);
        await tx.query('set local role anon');
        await tx.query(insertPast);
      }),
    );
    expect(asApi).toMatch(/has already passed/);
  });

  it("writes a guest's row once for a statement of their bookings, whatever their number", async () => {
    // The guests' row writes, counted by a probe trigger that the transaction's rollback removes.
    const rollback = new Error('rollback');
    const written: number[][] = [];
    const outcome = db.transaction(async (tx) => {
      await tx.exec(`
        create table public.guest_writes_probe (op text);
        create function public.count_guest_write() returns trigger language plpgsql as
          $$ begin insert into public.guest_writes_probe values (tg_op); return null; end $$;
        create trigger guest_writes_probe after insert or update on public.guests
          for each row execute function public.count_guest_write();`);
      const probe = async () => {
        const result = await tx.query<{ inserts: number; updates: number; visits: number }>(
          `select count(*) filter (where op = 'INSERT')::int as inserts, count(*) filter (where op = 'UPDATE')::int as updates,
                  (select visit_count from public.guests where mobile = '+84912555300') as visits
             from public.guest_writes_probe`,
        );
        const row = result.rows[0];
        written.push([row?.inserts ?? -1, row?.updates ?? -1, row?.visits ?? -1]);
      };
      const insert = (status: string, fromDay: number, step: number) =>
        tx.query(
          `insert into public.reservations (name, mobile, email, date, guests, branch, time, period, status)
           select 'Regular', '+84 912 555 300', 'regular@example.vn', $1::date + i * $3, 1, 'Ninh Binh', '19:00',
                  'Dinner', $2
             from generate_series(1, 60) as i`,
          [restaurantDate(fromDay), status, step],
        );
      // A guest's 60 bookings in one statement, as guests make them.
      await insert('booked', 1, 1);
      await probe();
      // And 60 past visits imported in one statement: their counts are taken once.
      await tx.query(`select set_config('booking.import', 'on', true)`);
      await insert('finished', -1, -1);
      await probe();
      throw rollback;
    });
    const settled = await outcome.then(
      () => undefined,
      (error: unknown) => error,
    );
    // Before: the first statement rewrote the guest's row for each of the 59 bookings after the
    // first, the second recounted and rewrote it 60 times.
    expect(written[0]).toEqual([1, 0, 0]);
    expect(settled).toBe(rollback);
    expect(written[1]).toEqual([1, 1, 60]);
  });

  it('is refused with a usage error for anything but "bookings FILE"', async () => {
    expect(await refusal(() => runImportBookings(db, ['guests', 'x.csv']))).toBe('import takes: bookings FILE.csv');
    expect(await refusal(() => runImportBookings(db, ['bookings', join(dataDir, 'missing.csv')]))).toMatch(
      /^Not imported: cannot read /,
    );
    await expect(runImportBookings(db, ['bookings', join(dataDir, 'missing.csv')])).rejects.toBeInstanceOf(ImportError);
  });
});
