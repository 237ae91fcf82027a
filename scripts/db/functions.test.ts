/**
 * The drift test of issue 34: the function files in supabase/schemas/functions must be exactly
 * what the migrations make, so the file a reviewer reads is the function the database runs. And
 * `npm run db:migration` turns an edited file into a new migration and leaves files and database
 * in step.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { migrate, migrationsDir } from '../../src/server/db/migrate.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { copyPgliteTemplate, postgresTemplate } from '../../tests/support/database-templates.ts';
import { createTestPostgres } from '../../tests/support/postgres.ts';
import { compareFunctions, dumpFunctions, functionsDir, openMigrated, readFunctionFiles } from './functions.ts';
import { newMigration, nextPrefix, timestamp } from './new-migration.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

/**
 * A PGlite with `dir`'s migrations applied, from the run's migrated template when there is one
 * (migrate() then applies only what the template lacks), else from scratch.
 */
async function openFromTemplate(dir: string = migrationsDir): Promise<Database> {
  if (!process.env.TEST_PGLITE_TEMPLATE) return openMigrated(dir);
  const pgdata = join(tempFolder('saffron-functions-'), 'pgdata');
  copyPgliteTemplate(pgdata);
  const db = await openPglite(pgdata, { timeoutMs: 0 });
  try {
    await migrate(db, { migrationsDir: dir });
  } catch (error) {
    // Closed before afterAll removes its folder: an open PGlite whose lock file vanishes stops the process.
    await db.close();
    throw error;
  }
  return db;
}

function describeDrift(drift: ReturnType<typeof compareFunctions>): string {
  return drift.map(({ file, problem }) => `${file}: ${problem}`).join('\n');
}

describe('supabase/schemas/functions', () => {
  it('holds exactly the definition of every function the migrations make', async () => {
    const db = await openFromTemplate();
    try {
      const drift = compareFunctions(await dumpFunctions(db), readFunctionFiles());
      expect(
        drift,
        `Function files and migrations disagree. Edited a file? Run \`npm run db:migration -- <name>\`. Changed a migration? Run \`npm run db:functions\`.\n${describeDrift(drift)}`,
      ).toEqual([]);
    } finally {
      await db.close();
    }
  });

  // PGlite is a newer PostgreSQL than the 15 we support; pg_get_functiondef prints the same text
  // on both today (checked here), so the files serve either. Should a version start printing
  // differently, this test says so, and the files would follow PGlite (what `npm run
  // db:functions` uses) with this test turned into a comparison of the differing functions only.
  it('PostgreSQL 15 defines the functions exactly as the files do', async () => {
    const pg = await createTestPostgres({ template: postgresTemplate() });
    try {
      if (!postgresTemplate()) await migrate(pg.db);
      const drift = compareFunctions(await dumpFunctions(pg.db), readFunctionFiles());
      expect(describeDrift(drift)).toBe('');
    } finally {
      await pg.drop();
    }
  });
});

describe('compareFunctions', () => {
  it('names a function without a file, a file without a function and a different definition', () => {
    const actual = new Map([
      ['public.a.sql', 'a'],
      ['public.b.sql', 'b'],
      ['public.same.sql', 's'],
    ]);
    const files = new Map([
      ['public.b.sql', 'b edited'],
      ['public.c.sql', 'c'],
      ['public.same.sql', 's'],
    ]);
    expect(compareFunctions(actual, files)).toEqual([
      { file: 'public.a.sql', problem: 'no file' },
      { file: 'public.b.sql', problem: 'differs' },
      { file: 'public.c.sql', problem: 'no function' },
    ]);
  });
});

describe('npm run db:migration', () => {
  /** Copies of the migrations and function files, so nothing lands in the repository. */
  function copies(): { migrations: string; functions: string } {
    const folder = tempFolder('saffron-new-migration-');
    const migrations = join(folder, 'migrations');
    const functions = join(folder, 'functions');
    cpSync(migrationsDir, migrations, { recursive: true });
    cpSync(functionsDir, functions, { recursive: true });
    return { migrations, functions };
  }

  it('refuses a name other than a-z, 0-9 and _', async () => {
    const { migrations, functions } = copies();
    for (const name of ['Booking', 'two words', '../escape', '']) {
      await expect(newMigration({ name, migrationsDir: migrations, functionsDir: functions })).rejects.toThrow(
        /a-z, 0-9 and _/,
      );
    }
    expect(readdirSync(migrations)).toEqual(readdirSync(migrationsDir));
  });

  it('writes nothing when every file matches', async () => {
    const { migrations, functions } = copies();
    const file = await newMigration({
      name: 'nothing',
      migrationsDir: migrations,
      functionsDir: functions,
      open: openFromTemplate,
    });
    expect(file).toBeUndefined();
    expect(readdirSync(migrations)).toEqual(readdirSync(migrationsDir));
  });

  it('writes the edited and new files into a new migration and leaves files and database in step', async () => {
    const { migrations, functions } = copies();
    const edited = join(functions, 'private.is_one_line.sql');
    const editedText = readFileSync(edited, 'utf8').replace(
      'AS $function$ select p_text !~',
      'AS $function$ -- no control characters, no line or paragraph separators\n select p_text !~',
    );
    writeFileSync(edited, editedText);
    const added = join(functions, 'private.test_answer.sql');
    writeFileSync(
      added,
      "-- a new function\ncreate function private.test_answer() returns int language sql immutable set search_path = '' as $$ select 42 $$;\n",
    );
    const now = new Date('2099-01-02T03:04:05Z');
    const file = await newMigration({
      name: 'test_change',
      migrationsDir: migrations,
      functionsDir: functions,
      now,
      open: openFromTemplate,
    });
    expect(file).toBe(join(migrations, '20990102030405_test_change.sql'));
    const sql = readFileSync(file ?? '', 'utf8');
    expect(sql).toMatch(/^-- test_change: written by `npm run db:migration`/);
    expect(sql).toContain('-- no control characters');
    expect(sql).toContain('private.test_answer()');
    expect(sql).not.toContain('private.booking_range');
    // Re-dumped: the new function has its generated file, and the database agrees with every file.
    expect(readFileSync(added, 'utf8')).toContain('CREATE OR REPLACE FUNCTION private.test_answer()');
    expect(readFileSync(edited, 'utf8')).toBe(editedText);
    const db = await openFromTemplate(migrations);
    try {
      expect(describeDrift(compareFunctions(await dumpFunctions(db), readFunctionFiles(functions)))).toBe('');
    } finally {
      await db.close();
    }
    // Run again: nothing left to write.
    expect(
      await newMigration({ name: 'again', migrationsDir: migrations, functionsDir: functions, open: openFromTemplate }),
    ).toBeUndefined();
  });

  it('removes its migration when the SQL does not apply', async () => {
    const { migrations, functions } = copies();
    writeFileSync(join(functions, 'private.broken.sql'), 'create function private.broken( returns;\n');
    await expect(
      newMigration({ name: 'broken', migrationsDir: migrations, functionsDir: functions, open: openFromTemplate }),
    ).rejects.toThrow();
    expect(readdirSync(migrations)).toEqual(readdirSync(migrationsDir));
  });

  it('refuses a migration that changes no function, and leaves nothing behind', async () => {
    const { migrations, functions } = copies();
    // Only the file's own comment line differs: the SQL it writes re-creates the same function.
    const file = join(functions, 'private.is_one_line.sql');
    writeFileSync(file, `-- edited by hand\n${readFileSync(file, 'utf8')}`);
    await expect(
      newMigration({ name: 'no_change', migrationsDir: migrations, functionsDir: functions, open: openFromTemplate }),
    ).rejects.toThrow(/left private\.is_one_line\.sql as they were/);
    expect(readdirSync(migrations)).toEqual(readdirSync(migrationsDir));
  });

  it('names migrations by UTC time', () => {
    expect(timestamp(new Date('2026-11-27T21:05:09.123Z'))).toBe('20261127210509');
  });

  it('sorts a new migration after the newest, whose date may be ahead of the clock', () => {
    const existing = ['20261122000000_reservations.sql', '20261209400000_flat_booking_cost.sql', 'README'];
    expect(nextPrefix(existing, new Date('2026-11-27T21:39:53Z'))).toBe('20261209400001');
    expect(nextPrefix(existing, new Date('2099-01-02T03:04:05Z'))).toBe('20990102030405');
    expect(nextPrefix(['20261231235959_a.sql'], new Date('2026-11-27T00:00:00Z'))).toBe('20261231235960');
    expect(nextPrefix([], new Date('2026-11-27T21:05:09Z'))).toBe('20261127210509');
  });

  it('writes a migration that takes effect when the newest migration is dated ahead of the clock', async () => {
    const { migrations, functions } = copies();
    const edited = join(functions, 'private.is_one_line.sql');
    const editedText = readFileSync(edited, 'utf8').replace(
      'AS $function$ select p_text !~',
      'AS $function$ -- dated before the newest migration\n select p_text !~',
    );
    writeFileSync(edited, editedText);
    const file = await newMigration({
      name: 'clock_behind',
      migrationsDir: migrations,
      functionsDir: functions,
      now: new Date('2026-01-01T00:00:00Z'),
      open: openFromTemplate,
    });
    const newest = readdirSync(migrationsDir).sort().at(-1) ?? '';
    expect(file?.endsWith('_clock_behind.sql')).toBe(true);
    expect(readdirSync(migrations).sort().at(-1)).toBe(`${file?.split('/').at(-1)}`);
    expect(`${file?.split('/').at(-1)}` > newest).toBe(true);
    expect(readFileSync(edited, 'utf8')).toBe(editedText);
  });
});
