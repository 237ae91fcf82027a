/**
 * Staff accounts with roles, on both databases: what ADMIN_EMAIL/ADMIN_ROLE do at start (an owner
 * is never lowered by a start with the default staff; a host is raised and signed out), and
 * setStaffRole keeping the rest of app_metadata while replacing role and branches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPostgres } from '../../../tests/support/postgres.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { createStaffAccount, ensureStaffAccount, listStaffAccounts, setStaffRole } from './accounts.ts';

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

const password = 'monsoon clouds over ha long bay';

describe.each(backends)('staff accounts with roles on %s', (_name, open) => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await open());
    await migrate(db);
  });
  afterAll(async () => drop?.());

  async function metadata(email: string) {
    const { rows } = await db.query<{ m: Record<string, unknown> }>(
      'select raw_app_meta_data as m from auth.users where email = $1',
      [email],
    );
    return rows[0]?.m;
  }
  async function sessions(email: string) {
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1',
      [email],
    );
    return rows[0]?.n;
  }
  async function addSession(email: string) {
    await db.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal)
       select gen_random_uuid(), id, now(), now(), 'aal1' from auth.users where email = $1`,
      [email],
    );
  }

  it('starts ADMIN_EMAIL with its role, never lowering an owner, and raising a host (signed out)', async () => {
    expect(await ensureStaffAccount(db, { email: 'boss@saffron-lotus.test', password, role: 'owner' })).toBe('created');
    expect(await metadata('boss@saffron-lotus.test')).toMatchObject({ role: 'owner' });
    await addSession('boss@saffron-lotus.test');
    // A later start without ADMIN_ROLE (staff) leaves the owner an owner, signed in.
    expect(await ensureStaffAccount(db, { email: 'boss@saffron-lotus.test', password })).toBe('unchanged');
    expect(await metadata('boss@saffron-lotus.test')).toMatchObject({ role: 'owner' });
    expect(await sessions('boss@saffron-lotus.test')).toBe(1);

    await createStaffAccount(db, {
      email: 'desk@saffron-lotus.test',
      password,
      assignment: { role: 'host', branches: ['Sa Pa'] },
    });
    await addSession('desk@saffron-lotus.test');
    expect(await ensureStaffAccount(db, { email: 'desk@saffron-lotus.test', password })).toBe('updated');
    const raised = await metadata('desk@saffron-lotus.test');
    expect(raised).toMatchObject({ role: 'staff', provider: 'email' });
    expect(raised).not.toHaveProperty('branches');
    expect(await sessions('desk@saffron-lotus.test')).toBe(0);
  });

  it('sets a role and branches, keeping the rest of app_metadata, and lists them', async () => {
    await createStaffAccount(db, { email: 'floor@saffron-lotus.test', password });
    const changed = await setStaffRole(
      db,
      { email: 'floor@saffron-lotus.test' },
      { role: 'host', branches: ['Da Nang', 'Sa Pa'] },
    );
    expect(changed).toMatchObject({ role: 'host', branches: ['Da Nang', 'Sa Pa'], mfa: false, lastSignInAt: null });
    expect(await metadata('floor@saffron-lotus.test')).toEqual({
      provider: 'email',
      providers: ['email'],
      role: 'host',
      branches: ['Da Nang', 'Sa Pa'],
    });
    await setStaffRole(db, { email: 'floor@saffron-lotus.test' }, { role: 'owner', branches: [] });
    expect(await metadata('floor@saffron-lotus.test')).toEqual({
      provider: 'email',
      providers: ['email'],
      role: 'owner',
    });
    // Not a staff account: nothing changes.
    await db.query(
      `update auth.users set raw_app_meta_data = '{"provider":"email"}' where email = 'desk@saffron-lotus.test'`,
    );
    expect(
      await setStaffRole(db, { email: 'desk@saffron-lotus.test' }, { role: 'owner', branches: [] }),
    ).toBeUndefined();
    expect(await metadata('desk@saffron-lotus.test')).toEqual({ provider: 'email' });
    expect((await listStaffAccounts(db)).map((a) => [a.email, a.role])).toEqual([
      ['boss@saffron-lotus.test', 'owner'],
      ['floor@saffron-lotus.test', 'owner'],
    ]);
  });
});
