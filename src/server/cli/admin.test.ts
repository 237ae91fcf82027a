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

  it('refuses a branch that does not exist, listing those that do, on accounts and floors alike (review #31, item 4)', async () => {
    const known = 'The branches are: Hanoi (main branch), Ninh Binh, Sa Pa, Da Nang, Downtown, Uptown, Suburb.';
    const atlantis = await admin([
      'create',
      '--email',
      'atlantis.host@saffron-lotus.test',
      '--password',
      'a city beneath the waves',
      '--role',
      'host',
      '--branch',
      'Atlantis',
    ]);
    expect(atlantis.code).toBe(1);
    expect(atlantis.stderr.trim()).toBe(`There is no branch called "Atlantis". ${known}`);
    expect(await storedAccount('atlantis.host@saffron-lotus.test')).toBeUndefined();

    // "Hanoi" is not "Hanoi (main branch)": a near miss is refused too, before the account is looked up.
    const hanoi = await admin([
      'set-role',
      '--email',
      'owner@saffron-lotus.test',
      '--role',
      'host',
      '--branch',
      'Hanoi',
    ]);
    expect(hanoi.code).toBe(1);
    expect(hanoi.stderr.trim()).toBe(`There is no branch called "Hanoi". ${known}`);

    const floor = await admin([
      'floor',
      'import',
      '--branch',
      'Hanoi',
      join(import.meta.dirname, '..', '..', '..', 'docs', 'floors', 'da-nang.json'),
    ]);
    expect(floor.code).toBe(1);
    expect(floor.stderr.trim()).toBe(`Not imported: There is no branch called "Hanoi". ${known}`);
  }, 120_000);

  it('never removes or demotes the last owner, by the CLI or by SQL (security review #20, item 1)', async () => {
    const created = await admin(
      ['create', '--email', 'last.owner@saffron-lotus.test', '--role', 'owner'],
      'a lantern over the old quarter\n',
    );
    expect(created.code, created.stderr).toBe(0);
    const db = await openDatabase({ databaseUrl, dataDir });
    try {
      // Other tests' owners become staff: last.owner is the only owner.
      await db.query(
        `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"staff"}'
          where raw_app_meta_data ->> 'role' = 'owner' and email <> 'last.owner@saffron-lotus.test'`,
      );
      for (const sql of [
        `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"host","branches":["Sa Pa"]}' where email = 'last.owner@saffron-lotus.test'`,
        `update auth.users set raw_app_meta_data = raw_app_meta_data - 'role' where email = 'last.owner@saffron-lotus.test'`,
        `update auth.users set deleted_at = now() where email = 'last.owner@saffron-lotus.test'`,
        `delete from auth.users where email = 'last.owner@saffron-lotus.test'`,
      ]) {
        await expect(db.query(sql), sql).rejects.toMatchObject({ code: 'TM001' });
      }
    } finally {
      await db.close();
    }
    const message = 'The team must keep at least one owner: make another account owner first';
    for (const args of [
      ['set-role', '--email', 'last.owner@saffron-lotus.test', '--role', 'staff'],
      ['remove', '--email', 'last.owner@saffron-lotus.test'],
    ]) {
      const refused = await admin(args);
      expect(refused.code, args.join(' ')).toBe(1);
      expect(refused.stderr.trim()).toBe(message);
    }
    expect(await storedAccount('last.owner@saffron-lotus.test')).toMatchObject({ role: 'owner' });

    // With a second owner, either may go; and two owners demoted in one statement are refused together.
    const second = await admin(
      ['create', '--email', 'next.owner@saffron-lotus.test', '--role', 'owner'],
      'the ferry at dawn on the red river\n',
    );
    expect(second.code, second.stderr).toBe(0);
    const both = await openDatabase({ databaseUrl, dataDir });
    try {
      await expect(
        both.query(
          `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"staff"}'
            where raw_app_meta_data ->> 'role' = 'owner'`,
        ),
      ).rejects.toMatchObject({ code: 'TM001' });
    } finally {
      await both.close();
    }
    const demoted = await admin(['set-role', '--email', 'last.owner@saffron-lotus.test', '--role', 'staff']);
    expect(demoted.code, demoted.stderr).toBe(0);
    expect(await storedAccount('next.owner@saffron-lotus.test')).toMatchObject({ role: 'owner' });
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

    // A branch must exist before it has settings; an owner's new one is added first.
    const unknown = await admin(['branches', 'set', '--branch', 'Hoi An', '--capacity', '10']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      'Not saved: There is no branch called "Hoi An". The branches are: Hanoi (main branch),',
    );
    const added = await admin(['branches', 'add', '--branch', 'Hoi An', '--time-zone', 'Asia/Bangkok']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('Added Hoi An (Asia/Bangkok).');
    const again = await admin(['branches', 'add', '--branch', 'hoi an']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Not added:');
    const hoiAn = await admin(['branches', 'set', '--branch', 'Hoi An', '--capacity', '10']);
    expect(hoiAn.code, hoiAn.stderr).toBe(0);
    expect(hoiAn.stdout).toContain('(Asia/Bangkok)');

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
  it('lists and sets the turn times by party size and the reset buffer', async () => {
    const listed = await admin(['branches', 'list']);
    expect(listed.stdout).toContain(
      'turn times:      1–2: 90 min, 3–4: 105 min, 5–6: 120 min, 7+: 150 min, then 10 min to reset',
    );

    const set = await admin([
      'branches',
      'set',
      '--branch',
      'Ninh Binh',
      '--turn',
      '5=130',
      '--turn',
      '1=75',
      '--reset',
      '20',
    ]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('turn times:      1–4: 75 min, 5+: 130 min, then 20 min to reset');
    // Other options leave them as they are.
    const kept = await admin(['branches', 'set', '--branch', 'Ninh Binh', '--max-party', '12']);
    expect(kept.stdout).toContain('1–4: 75 min, 5+: 130 min, then 20 min to reset');

    const usage = await admin(['branches', 'set', '--branch', 'Ninh Binh', '--turn', 'six=90']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--turn takes SIZE=MINUTES (e.g. 3=105), not "six=90"');
    const notFirst = await admin(['branches', 'set', '--branch', 'Ninh Binh', '--turn', '2=90']);
    expect(notFirst.code).toBe(1);
    expect(notFirst.stderr).toContain('Not saved: turn_times.0: The first row must start at party size 1');
    const tooShort = await admin(['branches', 'set', '--branch', 'Ninh Binh', '--turn', '1=10', '--reset', '200']);
    expect(tooShort.code).toBe(1);
    expect(tooShort.stderr).toContain('turn_times.0.minutes');
    expect(tooShort.stderr).toContain('reset_minutes');
    const after = await admin(['branches', 'list']);
    expect(after.stdout).toContain('1–4: 75 min, 5+: 130 min, then 20 min to reset');
  }, 120_000);
});
