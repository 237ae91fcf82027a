/**
 * Upgrades: a database made by the previous release (its migrations, its record table without
 * checksums) starts on this code with its rows; a failing migration rolls back and leaves a
 * database the old code still opens; a database from a newer release is refused untouched; an
 * applied migration whose file changed is reported. On a PGlite data folder and on PostgreSQL.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restaurantDate } from '../../../tests/support/builders.ts';
import { createTestPostgres } from '../../../tests/support/postgres.ts';
import type { Database } from './database.ts';
import { MigrationError, migrate, migrationsDir, platformDir } from './migrate.ts';
import { openDatabase } from './open.ts';
import { openPglite } from './pglite.ts';

/** The app migrations of the previous release (commit 7c5b572), which ran the old record table. */
const previousRelease = [
  '20261122000000_reservations.sql',
  '20261123000000_branch_availability.sql',
  '20261123100000_reservation_changes.sql',
  '20261123200000_booking_lifecycle.sql',
  '20261123250000_accent_search.sql',
  '20261123300000_require_aal2.sql',
  '20261123400000_roles.sql',
  '20261123500000_booking_history.sql',
  '20261123600000_booking_language.sql',
  '20261123700000_slot_covers_index.sql',
];

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** What the previous release's runner did: a record table without checksums, each file once. */
async function migrateAsPreviousRelease(db: Database): Promise<void> {
  await db.exec(`
    create schema if not exists local_platform;
    create table if not exists local_platform.applied_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    );`);
  const files = [
    ...readdirSync(platformDir)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => ({ name: `platform/${f}`, path: join(platformDir, f) })),
    ...previousRelease.map((f) => ({ name: `migrations/${f}`, path: join(migrationsDir, f) })),
  ];
  for (const file of files) {
    await db.transaction(
      async (tx) => {
        await tx.exec(readFileSync(file.path, 'utf8'));
        await tx.query('insert into local_platform.applied_migrations (name) values ($1)', [file.name]);
      },
      { timeoutMs: 0 },
    );
  }
}

const insertBooking = `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
  values ($1, '+84 90 000 0000', 'guest@example.com', $2, 2, 'Sa Pa', '19:00', 'PM')`;

interface Backend {
  /** Opens the database as the previous release left it (closed again by the caller). */
  fresh(): Promise<{ open: () => Promise<Database>; openCurrent: () => Promise<Database> }>;
}

const backends: [string, Backend][] = [
  [
    'a PGlite data folder',
    {
      async fresh() {
        const dataDir = mkdtempSync(join(tmpdir(), 'saffron-upgrade-'));
        cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
        const pgdata = join(dataDir, 'pgdata');
        return {
          open: () => openPglite(pgdata),
          openCurrent: () => openDatabase({ databaseUrl: undefined, dataDir }),
        };
      },
    },
  ],
  [
    'PostgreSQL',
    {
      async fresh() {
        const pg = await createTestPostgres();
        await pg.db.close();
        cleanups.push(() => pg.drop());
        const { openPostgres } = await import('./postgres.ts');
        return {
          open: () => openPostgres(pg.url),
          openCurrent: () => openDatabase({ databaseUrl: pg.url, dataDir: tmpdir() }),
        };
      },
    },
  ],
];

// Each opens an embedded database two or three times: slow on a busy machine.
describe.each(backends)('upgrading %s', { timeout: 120_000 }, (_name, backend) => {
  it("starts on the previous release's database with its rows, and records checksums", async () => {
    const { open, openCurrent } = await backend.fresh();
    const old = await open();
    await migrateAsPreviousRelease(old);
    for (const name of ['Asha', 'Binh', 'Chitra']) await old.query(insertBooking, [name, restaurantDate(20)]);
    await old.close();

    const db = await openCurrent();
    try {
      const { rows } = await db.query<{ name: string }>('select name from public.reservations order by name');
      expect(rows.map((r) => r.name)).toEqual(['Asha', 'Binh', 'Chitra']);
      const unrecorded = await db.query('select name from local_platform.applied_migrations where checksum is null');
      expect(unrecorded.rows).toEqual([]);
      // Every migration of this code is applied (the previous release's and any newer ones).
      const applied = await db.query<{ n: number }>(
        `select count(*)::int as n from local_platform.applied_migrations where name like 'migrations/%'`,
      );
      expect(applied.rows[0]?.n).toBe(readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).length);
    } finally {
      await db.close();
    }
  });

  it('rolls a failing migration back and stops; the database still opens on the old code', async () => {
    const { open } = await backend.fresh();
    const db = await open();
    try {
      await migrate(db);
      await db.query(insertBooking, ['Dara', restaurantDate(21)]);
      const broken = mkdtempSync(join(tmpdir(), 'saffron-broken-'));
      cleanups.push(async () => rmSync(broken, { recursive: true, force: true }));
      cpSync(migrationsDir, broken, { recursive: true });
      writeFileSync(
        join(broken, '29991231000000_broken.sql'),
        `create table public.half_done (x int);
         update public.reservations set name = 'changed';
         select 1 / 0;`,
      );
      const failure = await migrate(db, { migrationsDir: broken }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(MigrationError);
      expect(String(failure)).toContain('migrations/29991231000000_broken.sql failed and was rolled back');
      const table = await db.query(`select to_regclass('public.half_done') as t`);
      expect(table.rows).toEqual([{ t: null }]);
      expect((await db.query('select name from public.reservations')).rows).toEqual([{ name: 'Dara' }]);
      // The old code (this release's files) finds nothing to do and opens it.
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('refuses a database from a newer release without changing it, and reports an edited migration', async () => {
    const { open, openCurrent } = await backend.fresh();
    const db = await open();
    await migrate(db);
    await db.query(`update local_platform.applied_migrations set checksum = 'edited' where name = $1`, [
      `migrations/${previousRelease[0]}`,
    ]);
    // A database that ran the floor migration before it was fixed in place (review #31, item 5)
    // needs nothing: its earlier checksum is not reported as an edit.
    await db.query(`update local_platform.applied_migrations set checksum = $2 where name = $1`, [
      'migrations/20261126000000_floor.sql',
      '213c18297db59558f5d107c952e8e399dd5a4d0d866bbcbcb15c136ff84a2056',
    ]);
    const changed: string[][] = [];
    expect(await migrate(db, { onChanged: (names) => changed.push(names) })).toEqual([]);
    expect(changed).toEqual([[`migrations/${previousRelease[0]}`]]);

    await db.query(`insert into local_platform.applied_migrations (name, checksum) values ($1, 'x')`, [
      'migrations/29990101000000_from_the_future.sql',
    ]);
    const before = await db.query('select name, checksum from local_platform.applied_migrations order by name');
    await db.close();
    await expect(openCurrent()).rejects.toThrow(/newer release.*29990101000000_from_the_future\.sql/);
    const again = await open();
    try {
      const after = await again.query('select name, checksum from local_platform.applied_migrations order by name');
      expect(after.rows).toEqual(before.rows);
    } finally {
      await again.close();
    }
  });
});
