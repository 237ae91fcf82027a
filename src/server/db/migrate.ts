/**
 * Applies the local platform SQL (roles and the auth schema a hosted Supabase project already
 * has) and then the app's migrations, each file once and in its own transaction, recording what
 * ran with the file's SHA-256.
 *
 * - A migration that fails is rolled back and stops the start: the database stays as the previous
 *   migration left it, and the release it came from can still open it.
 * - A database that records migrations this code does not have was used by a newer release: it
 *   is refused before anything is changed (old code could misread or damage the newer schema).
 * - A file that changed after it was applied is reported (migrations are never edited: the
 *   databases in the field ran the old text).
 * The record table of earlier releases had no checksums: the column is added in place, and the
 * files they applied are recorded with the checksum they have now.
 *
 * One exception to "never edited": a file whose old text failed on some databases and did exactly
 * what the new text does on every other may be fixed in place (a new file cannot help a database
 * that stops on the old one). Its old checksum is listed in earlierChecksums and is not reported.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database.ts';

const root = join(import.meta.dirname, '..', '..', '..');
export const platformDir = join(import.meta.dirname, 'platform');
export const migrationsDir = join(root, 'supabase', 'migrations');

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export interface MigrateOptions {
  /** Other folders (tests inject a failing migration, or apply an older release's files). */
  platformDir?: string;
  migrationsDir?: string;
  /** Only these app migrations (file names), e.g. the ones an older release had. */
  only?: readonly string[];
  /**
   * Stop short of the first app migration whose file name sorts at or after this one: tests build
   * a database as one in the field has it, put data in, and then migrate the rest.
   */
  before?: string;
  /** Told about applied migrations whose file has changed since. */
  onChanged?: (names: string[]) => void;
}

/**
 * Checksums a file had before it was fixed in place: a database that ran that text needs nothing.
 * 20261126000000_floor.sql added the floor tables to a `supabase_realtime` publication even when
 * it was FOR ALL TABLES, which PostgreSQL refuses (review #31, item 5); wherever it succeeded the
 * fixed text does the same.
 */
const earlierChecksums: Record<string, readonly string[]> = {
  'migrations/20261126000000_floor.sql': ['213c18297db59558f5d107c952e8e399dd5a4d0d866bbcbcb15c136ff84a2056'],
};

interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

function sqlFiles(dir: string, prefix: string): MigrationFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const sql = readFileSync(join(dir, file), 'utf8');
      return { name: `${prefix}/${file}`, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

export async function migrate(db: Database, options: MigrateOptions = {}): Promise<string[]> {
  const { before, only } = options;
  const partial = before !== undefined || only !== undefined;
  const files = [
    ...sqlFiles(options.platformDir ?? platformDir, 'platform'),
    ...sqlFiles(options.migrationsDir ?? migrationsDir, 'migrations').filter((file) => {
      const base = file.name.slice('migrations/'.length);
      return (!only || only.includes(base)) && (before === undefined || base < before);
    }),
  ];
  const known = new Set(files.map((file) => file.name));
  const recorded = await db.transaction(
    async (tx) => {
      await tx.exec(`
        create schema if not exists local_platform;
        create table if not exists local_platform.applied_migrations (
          name text primary key,
          applied_at timestamptz not null default now()
        );
        alter table local_platform.applied_migrations add column if not exists checksum text;
      `);
      const { rows } = await tx.query<{ name: string; checksum: string | null }>(
        'select name, checksum from local_platform.applied_migrations order by name',
      );
      return rows;
    },
    { timeoutMs: 0 },
  );
  const unknown = recorded.map((row) => row.name).filter((name) => !known.has(name));
  if (unknown.length > 0 && !partial) {
    throw new MigrationError(
      `This database was used by a newer release: it has migrations this version does not know (${unknown.join(', ')}). Run that release or a newer one, or restore a backup made by this version. Nothing was changed.`,
    );
  }
  const applied: string[] = [];
  const changed: string[] = [];
  for (const file of files) {
    // One transaction per file, under a lock, so two servers starting together apply it once.
    const ran = await db
      .transaction(
        async (tx) => {
          await tx.query('select pg_advisory_xact_lock(727274)');
          const done = await tx.query<{ checksum: string | null }>(
            'select checksum from local_platform.applied_migrations where name = $1',
            [file.name],
          );
          const row = done.rows[0];
          if (row) {
            if (row.checksum === null) {
              await tx.query('update local_platform.applied_migrations set checksum = $2 where name = $1', [
                file.name,
                file.checksum,
              ]);
            } else if (row.checksum !== file.checksum && !earlierChecksums[file.name]?.includes(row.checksum)) {
              changed.push(file.name);
            }
            return false;
          }
          await tx.exec(file.sql);
          await tx.query('insert into local_platform.applied_migrations (name, checksum) values ($1, $2)', [
            file.name,
            file.checksum,
          ]);
          return true;
        },
        { timeoutMs: 0 },
      ) // a migration over many rows may take its time; nothing is served yet
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        throw new MigrationError(
          `Migration ${file.name} failed and was rolled back (${reason}). The database is as the previous migration left it; the release you upgraded from can still open it.`,
        );
      });
    if (ran) applied.push(file.name);
  }
  if (changed.length > 0) options.onChanged?.(changed);
  return applied;
}
