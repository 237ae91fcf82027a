/**
 * `npm run db:migration -- <name>`: writes the function files (supabase/schemas/functions) that
 * differ from a freshly migrated database into a new migration, then rewrites the files from the
 * database with that migration applied, so files and migrations agree again. Migrations stay
 * append-only: databases in the field have run the old ones (see docs/development/sql.md).
 */
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Database } from '../../src/server/db/database.ts';
import { migrationsDir as defaultMigrationsDir } from '../../src/server/db/migrate.ts';
import {
  compareFunctions,
  functionsDir as defaultFunctionsDir,
  dumpFunctions,
  openMigrated,
  readFunctionFiles,
  writeFunctionFiles,
} from './functions.ts';

/** Lowercase words and underscores: the name becomes part of a file name sorted by migrate.ts. */
export const migrationName = z
  .string()
  .regex(/^[a-z0-9_]+$/, 'a migration name is made of a-z, 0-9 and _ only, e.g. booking_rules');

/** yyyyMMddHHmmss in UTC, the prefix every migration file has (they apply in name order). */
export function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/**
 * The new migration's prefix: now, or the one after the newest migration's when that is later
 * (the project's migrations carry dates ahead of the calendar). A file sorted before the newest
 * would run before it, and a later migration that re-creates the same function would undo it.
 */
export function nextPrefix(existing: readonly string[], now: Date): string {
  const newest = existing
    .map((file) => /^(\d{14})_/.exec(file)?.[1])
    .filter((prefix): prefix is string => prefix !== undefined)
    .sort()
    .at(-1);
  const fromNow = timestamp(now);
  if (newest === undefined || fromNow > newest) return fromNow;
  // The prefixes are sorted as text and are not all real times (20261209400000 is "hour 40"), so
  // the next one is the number after the newest, not a second later on the calendar.
  return (BigInt(newest) + 1n).toString().padStart(14, '0');
}

export interface NewMigrationOptions {
  name: string;
  migrationsDir?: string;
  functionsDir?: string;
  now?: Date;
  /** How to get a database with `migrationsDir` applied (tests start from the run's template). */
  open?: (migrationsDir: string) => Promise<Database>;
}

/** The path of the migration written, or undefined when no file differs from the database. */
export async function newMigration(options: NewMigrationOptions): Promise<string | undefined> {
  const name = migrationName.parse(options.name);
  const migrations = options.migrationsDir ?? defaultMigrationsDir;
  const functions = options.functionsDir ?? defaultFunctionsDir;
  const open = options.open ?? openMigrated;
  const files = readFunctionFiles(functions);
  const before = await open(migrations);
  let actual: Map<string, string>;
  try {
    actual = await dumpFunctions(before);
  } finally {
    await before.close();
  }
  // Only edited or new files: a function without a file is not dropped (that takes a migration
  // written by hand, `drop function` needs its arguments), the re-dump below gives it back its file.
  const changed = compareFunctions(actual, files).filter((drift) => drift.problem !== 'no file');
  if (changed.length === 0) return undefined;
  const file = join(migrations, `${nextPrefix(readdirSync(migrations), options.now ?? new Date())}_${name}.sql`);
  if (existsSync(file)) throw new Error(`${file} exists already: wait a second or choose another name.`);
  const header = [
    `-- ${name}: written by \`npm run db:migration\` from supabase/schemas/functions (${changed.map((drift) => drift.file).join(', ')}).`,
    '-- Migrations are append-only: change a function in its file and write a new migration.',
  ].join('\n');
  const body = changed.map((drift) => files.get(drift.file) ?? '').join('\n');
  writeFileSync(file, `${header}\n\n${body}`);
  let after: Database;
  try {
    after = await open(migrations);
  } catch (error) {
    // A migration that does not apply must not be left behind for the next run to trip on.
    rmSync(file);
    throw error;
  }
  try {
    const dumped = await dumpFunctions(after);
    // Each changed function must read differently once the migration ran, or the migration
    // changed nothing (e.g. a later file re-creates it): keep neither it nor the lost edit quiet.
    const unchanged = changed.filter((drift) => {
      const key = drift.file;
      return dumped.get(key) === actual.get(key);
    });
    if (unchanged.length > 0) {
      rmSync(file);
      throw new Error(
        `The migration left ${unchanged.map((drift) => drift.file).join(', ')} as they were; nothing written.`,
      );
    }
    writeFunctionFiles(dumped, functions);
  } finally {
    await after.close();
  }
  return file;
}

async function main(): Promise<void> {
  const parsed = migrationName.safeParse(process.argv[2]);
  if (!parsed.success) {
    console.error(`Usage: npm run db:migration -- <name>  (${parsed.error.issues[0]?.message ?? 'a name is needed'})`);
    process.exitCode = 2;
    return;
  }
  const file = await newMigration({ name: parsed.data });
  if (file) console.log(`Wrote ${file} and brought supabase/schemas/functions in step with it.`);
  else console.log('Nothing changed: every function file matches the migrations. No migration written.');
}

if (import.meta.main) await main();
