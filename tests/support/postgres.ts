/**
 * A fresh database on the machine's PostgreSQL (127.0.0.1:5432, or TEST_POSTGRES_URL) for one
 * test file: created with a random name and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../src/server/db/database.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';

export const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createTestPostgres(): Promise<{ db: Database; url: string; drop: () => Promise<void> }> {
  const name = `saffron_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close().catch(() => {}); // the caller may have closed it already
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
