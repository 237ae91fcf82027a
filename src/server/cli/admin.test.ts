/** `npm run admin` as the owner runs it: a separate process on the embedded database or PostgreSQL. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurantDate } from '../../../tests/support/builders.ts';
import { createTestPostgres } from '../../../tests/support/postgres.ts';
import { type Backend, backends } from '../../../tests/support/test-server.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { openDatabase } from '../db/open.ts';

const script = join(import.meta.dirname, 'admin.ts');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe.each(backends)('the admin CLI on %s', (backend: Backend) => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'saffron-admin-'));
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

  function admin(args: string[], stdin?: string): Promise<Run> {
    return new Promise((resolve) => {
      const child = execFile(
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
        (error, stdout, stderr) => {
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: String(stdout), stderr: String(stderr) });
        },
      );
      if (stdin !== undefined) child.stdin?.end(stdin);
      else child.stdin?.end();
    });
  }

  async function storedAccount(email: string) {
    const db = await openDatabase({ databaseUrl, dataDir });
    try {
      const result = await db.query<{ encrypted_password: string; role: string | null; branches: unknown }>(
        `select encrypted_password, raw_app_meta_data ->> 'role' as role, raw_app_meta_data -> 'branches' as branches
           from auth.users where email = $1`,
        [email],
      );
      return result.rows[0];
    } finally {
      await db.close();
    }
  }

  it('creates, lists, resets and removes a staff account', async () => {
    const created = await admin(['create', '--email', 'Chef@Saffron-Lotus.test', '--password', 'first passphrase']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Created staff account');
    expect(created.stdout + created.stderr).not.toContain('first passphrase');

    const duplicate = await admin(['create', '--email', 'chef@saffron-lotus.test', '--password', 'other passphrase']);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('exists already');

    const listed = await admin(['list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('chef@saffron-lotus.test');

    let account = await storedAccount('chef@saffron-lotus.test');
    expect(account?.role).toBe('staff');
    expect(await verifyPassword('first passphrase', account?.encrypted_password)).toBe(true);

    // Without --password it is read from standard input.
    const reset = await admin(['reset-password', '--email', 'chef@saffron-lotus.test'], 'second passphrase\n');
    expect(reset.code, reset.stderr).toBe(0);
    account = await storedAccount('chef@saffron-lotus.test');
    expect(await verifyPassword('second passphrase', account?.encrypted_password)).toBe(true);
    expect(await verifyPassword('first passphrase', account?.encrypted_password)).toBe(false);

    const removed = await admin(['remove', '--email', 'chef@saffron-lotus.test']);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await admin(['list'])).stdout).toContain('No staff accounts.');
    expect(await storedAccount('chef@saffron-lotus.test')).toBeUndefined();
  }, 120_000);

  it('explains bad usage and bad input without touching the database', async () => {
    const unknown = await admin(['promote', '--email', 'x@example.test']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Usage:');
    const missingEmail = await admin(['remove']);
    expect(missingEmail.code).toBe(2);
    const short = await admin(['create', '--email', 'waiter@saffron-lotus.test', '--password', 'short']);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 12 characters');
    const notEmail = await admin(['create', '--email', 'not-an-email', '--password', 'long enough passphrase']);
    expect(notEmail.code).toBe(1);
    const missing = await admin([
      'reset-password',
      '--email',
      'nobody@saffron-lotus.test',
      '--password',
      'long enough one',
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No staff account');
  }, 60_000);

  it('gives roles on create and with set-role (a host with its branches), ending the sessions on a change', async () => {
    const owner = await admin(
      ['create', '--email', 'owner@saffron-lotus.test', '--role', 'owner'],
      'tamarind rain on the terrace\n',
    );
    expect(owner.code, owner.stderr).toBe(0);
    expect(owner.stdout).toContain('Created owner account owner@saffron-lotus.test.');
    expect(await storedAccount('owner@saffron-lotus.test')).toMatchObject({ role: 'owner', branches: null });

    const host = await admin([
      'create',
      '--email',
      'sapa.host@saffron-lotus.test',
      '--password',
      'misty rice terraces at dawn',
      '--role',
      'host',
      '--branch',
      'Sa Pa',
      '--branch',
      'Da Nang',
    ]);
    expect(host.code, host.stderr).toBe(0);
    expect(host.stdout).toContain('Created host of Sa Pa, Da Nang account');
    expect(await storedAccount('sapa.host@saffron-lotus.test')).toMatchObject({
      role: 'host',
      branches: ['Sa Pa', 'Da Nang'],
    });

    const listed = await admin(['list']);
    expect(listed.stdout).toMatch(/owner@saffron-lotus\.test\towner\tpassword only/);
    expect(listed.stdout).toMatch(/sapa\.host@saffron-lotus\.test\thost of Sa Pa, Da Nang\t/);

    // A session of the host's, to see set-role end it.
    const db = await openDatabase({ databaseUrl, dataDir });
    try {
      await db.query(
        `insert into auth.sessions (id, user_id, created_at, updated_at, aal)
         select gen_random_uuid(), id, now(), now(), 'aal1' from auth.users where email = 'sapa.host@saffron-lotus.test'`,
      );
    } finally {
      await db.close();
    }
    const narrowed = await admin([
      'set-role',
      '--email',
      'sapa.host@saffron-lotus.test',
      '--role',
      'host',
      '--branch',
      'Sa Pa',
    ]);
    expect(narrowed.code, narrowed.stderr).toBe(0);
    expect(narrowed.stdout).toContain('is now host of Sa Pa; its sessions were signed out.');
    expect(await storedAccount('sapa.host@saffron-lotus.test')).toMatchObject({ role: 'host', branches: ['Sa Pa'] });
    const after = await openDatabase({ databaseUrl, dataDir });
    try {
      const { rows } = await after.query<{ n: number }>(
        `select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id
          where u.email = 'sapa.host@saffron-lotus.test'`,
      );
      expect(rows[0]?.n).toBe(0);
    } finally {
      await after.close();
    }

    const promoted = await admin(['set-role', '--email', 'sapa.host@saffron-lotus.test', '--role', 'staff']);
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(await storedAccount('sapa.host@saffron-lotus.test')).toMatchObject({ role: 'staff', branches: null });

    const refusals: [string[], string][] = [
      [['set-role', '--email', 'owner@saffron-lotus.test', '--role', 'manager'], '--role takes owner, staff or host'],
      [['set-role', '--email', 'owner@saffron-lotus.test', '--role', 'host'], 'A host needs --branch NAME'],
      [
        ['set-role', '--email', 'owner@saffron-lotus.test', '--role', 'staff', '--branch', 'Sa Pa'],
        '--branch is for hosts',
      ],
      [['set-role', '--email', 'owner@saffron-lotus.test'], 'set-role needs --role'],
      [['remove', '--email', 'owner@saffron-lotus.test', '--role', 'host'], 'takes no --role or --branch'],
    ];
    for (const [args, message] of refusals) {
      const refused = await admin(args);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr).toContain(message);
    }
    expect(await storedAccount('owner@saffron-lotus.test')).toMatchObject({ role: 'owner' });
    const nobody = await admin(['set-role', '--email', 'nobody@saffron-lotus.test', '--role', 'owner']);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('No staff account');
  }, 120_000);

  it('refuses weak staff passwords, saying why without repeating them, and stores nothing', async () => {
    const cases: [string, string][] = [
      ['password', 'The password is too short: use at least 12 characters'],
      ['aaaaaaaa', 'The password is too short: use at least 12 characters'],
      ['aaaaaaaaaaaa', 'The password is too easy to guess. Repeated characters like "aaa" are easy to guess.'],
      ['password1234', 'The password is too common.'],
      ['sommelier@saffron-lotus.test', 'personal or page related data'],
    ];
    const email = 'sommelier@saffron-lotus.test';
    const runs = [
      ...cases.map(([password, reason]) => ({ password, reason, args: ['--password', password], stdin: undefined })),
      // Standard input goes through the same rule.
      { password: 'password', reason: 'too short', args: [], stdin: 'password\n' },
    ];
    for (const { password, reason, args, stdin } of runs) {
      const refused = await admin(['create', '--email', email, ...args], stdin);
      expect(refused.code, password).toBe(1);
      expect(refused.stderr, password).toContain(reason);
      expect(refused.stdout + refused.stderr.replace(/The password/g, ''), password).not.toContain(password);
    }
    expect(await storedAccount('sommelier@saffron-lotus.test')).toBeUndefined();

    const created = await admin([
      'create',
      '--email',
      'pastry@saffron-lotus.test',
      '--password',
      'cardamom kulfi at noon',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const weakReset = await admin(['reset-password', '--email', 'pastry@saffron-lotus.test', '--password', 'aaaaaaaa']);
    expect(weakReset.code).toBe(1);
    expect(weakReset.stderr).toContain('too short');
    const account = await storedAccount('pastry@saffron-lotus.test');
    expect(await verifyPassword('cardamom kulfi at noon', account?.encrypted_password)).toBe(true);
  }, 120_000);

  it('lists and sets the booking rules of each branch, which the database then enforces', async () => {
    const listed = await admin(['branches', 'list']);
    expect(listed.code, listed.stderr).toBe(0);
    for (const branch of ['Hanoi (main branch)', 'Ninh Binh', 'Sa Pa', 'Da Nang'])
      expect(listed.stdout).toContain(branch);
    expect(listed.stdout).toContain('Mon–Sun 10:30–23:00 (Asia/Ho_Chi_Minh)');
    expect(listed.stdout).toContain('covers per slot: no limit');

    const closedDay = restaurantDate(45);
    const set = await admin([
      'branches',
      'set',
      '--branch',
      'Sa Pa',
      '--capacity',
      '4',
      '--max-party',
      '3',
      '--closed',
      closedDay,
    ]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('covers per slot: 4 guests');
    expect(set.stdout).toContain(`closed:          ${closedDay}`);

    const bad = await admin(['branches', 'set', '--branch', 'Sa Pa', '--capacity', 'lots']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--capacity takes a whole number or "none"');
    const outOfRange = await admin(['branches', 'set', '--branch', 'Sa Pa', '--window', '99999']);
    expect(outOfRange.code).toBe(1);
    expect(outOfRange.stderr).toContain('Not saved: booking_window_days');

    const db = await openDatabase({ databaseUrl, dataDir });
    try {
      const insert = (guests: number, date: string) =>
        db.query(
          `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
           values ('CLI guest', '0900', 'cli@example.com', $1, $2, 'Sa Pa', '07:00', 'PM')`,
          [date, guests],
        );
      await insert(3, restaurantDate(10));
      await expect(insert(2, restaurantDate(10))).rejects.toMatchObject({ code: 'BK001' });
      await expect(insert(4, restaurantDate(11))).rejects.toMatchObject({ code: 'BK005' });
      await expect(insert(1, closedDay)).rejects.toMatchObject({ code: 'BK002' });
    } finally {
      await db.close();
    }

    const cleared = await admin(['branches', 'set', '--branch', 'Sa Pa', '--capacity', 'none', '--reopen', closedDay]);
    expect(cleared.stdout).toContain('covers per slot: no limit');
    expect(cleared.stdout).toContain('closed:          no dates');
  }, 120_000);
});
