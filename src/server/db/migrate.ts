/**
 * Applies the local platform SQL (roles and the auth schema a hosted Supabase project already
 * has) and then the app's migrations, each file once, recording what ran.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database.ts';

const root = join(import.meta.dirname, '..', '..', '..');
export const platformDir = join(import.meta.dirname, 'platform');
export const migrationsDir = join(root, 'supabase', 'migrations');

function sqlFiles(dir: string): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ name: file, sql: readFileSync(join(dir, file), 'utf8') }));
}

export async function migrate(db: Database): Promise<string[]> {
  const files = [
    ...sqlFiles(platformDir).map((f) => ({ ...f, name: `platform/${f.name}` })),
    ...sqlFiles(migrationsDir).map((f) => ({ ...f, name: `migrations/${f.name}` })),
  ];
  await db.transaction(
    (tx) =>
      tx.exec(`
    create schema if not exists local_platform;
    create table if not exists local_platform.applied_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    );
  `),
    { timeoutMs: 0 },
  );
  const applied: string[] = [];
  for (const file of files) {
    // One transaction per file, under a lock, so two servers starting together apply it once.
    const ran = await db.transaction(
      async (tx) => {
        await tx.query('select pg_advisory_xact_lock(727274)');
        const done = await tx.query('select 1 from local_platform.applied_migrations where name = $1', [file.name]);
        if (done.rows.length > 0) return false;
        await tx.exec(file.sql);
        await tx.query('insert into local_platform.applied_migrations (name) values ($1)', [file.name]);
        return true;
      },
      { timeoutMs: 0 },
    ); // a migration over many rows may take its time; nothing is served yet
    if (ran) applied.push(file.name);
  }
  return applied;
}
