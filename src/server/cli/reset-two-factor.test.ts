/**
 * `npm run admin -- reset-two-factor --email E` (a lost phone), as a separate process on the
 * embedded database and on PostgreSQL: the account's factors and sessions go, nothing else does.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPostgres } from '../../../tests/support/postgres.ts';
import { type Backend, backends } from '../../../tests/support/test-server.ts';
import { createStaffAccount } from '../auth/accounts.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';

const script = join(import.meta.dirname, 'admin.ts');
const lost = { email: 'lost-phone@saffron-lotus.test', password: 'river ferries at first light' };
const other = { email: 'kept-phone@saffron-lotus.test', password: 'paper lanterns on hang buom street' };

describe.each(backends)('reset-two-factor on %s', (backend: Backend) => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'saffron-admin-2fa-'));
    if (backend === 'postgres') {
      const pg = await createTestPostgres();
      await pg.db.close();
      databaseUrl = pg.url;
      drop = pg.drop;
    }
  });
  afterAll(async () => {
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function withDb<T>(fn: (db: Database) => Promise<T>): Promise<T> {
    const db = await openDatabase({ databaseUrl, dataDir });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  }

  function admin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [script, ...args],
        {
          env: {
            PATH: process.env.PATH,
            DATA_DIR: dataDir,
            PORT: '1',
            LOG_LEVEL: 'silent',
            ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          },
          timeout: 60_000,
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: String(stdout), stderr: String(stderr) }),
      );
    });
  }

  const counts = (db: Database, email: string) =>
    db.query<{ factors: number; sessions: number }>(
      `select (select count(*)::int from auth.mfa_factors f where f.user_id = u.id) as factors,
              (select count(*)::int from auth.sessions s where s.user_id = u.id) as sessions
         from auth.users u where u.email = $1`,
      [email],
    );

  it('removes the factors and sessions of one account only', async () => {
    await withDb(async (db) => {
      for (const account of [lost, other]) {
        const id = await createStaffAccount(db, account);
        await db.query(
          `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
           values ($1, $2, 'Phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
          [randomUUID(), id],
        );
        await db.query(
          `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal2')`,
          [randomUUID(), id],
        );
      }
    });
    const run = await admin(['reset-two-factor', '--email', lost.email]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Removed 1 authenticator app(s) of ${lost.email}`);
    await withDb(async (db) => {
      expect((await counts(db, lost.email)).rows).toEqual([{ factors: 0, sessions: 0 }]);
      expect((await counts(db, other.email)).rows).toEqual([{ factors: 1, sessions: 1 }]);
    });

    const unknown = await admin(['reset-two-factor', '--email', 'nobody@saffron-lotus.test']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account nobody@saffron-lotus.test.');
    const missing = await admin(['reset-two-factor']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('reset-two-factor needs --email.');
  }, 120_000);
});
