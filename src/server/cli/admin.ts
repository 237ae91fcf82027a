/**
 * Staff accounts from the command line (`npm run admin -- <command>`):
 *   create --email E --password P [--role owner|staff|host] [--branch NAME]...
 *                                      a new staff account (staff unless --role; a host needs a --branch);
 *                                      the first account: create --role owner
 *   set-role --email E --role R [--branch NAME]...   a new role; signs the account out everywhere
 *   list                               the staff accounts with their roles
 *   remove --email E                   delete a staff account (and its sessions)
 *   reset-password --email E --password P   new password; signs the account out everywhere
 *   reset-two-factor --email E         remove the account's authenticator apps (a lost phone)
 *   branches list | add | set …        the branches and their booking rules (see branches.ts)
 *   floor import|export --branch NAME FILE   a branch's tables as JSON (see floor.ts)
 *   backup --to FILE | backup verify FILE | restore --from FILE --data-dir DIR   (see backup.ts)
 *   import bookings FILE.csv           bookings from another system, all or nothing (see import-bookings.ts)
 * Without --password, the password is read from standard input (keeps it out of shell history).
 * Passwords follow the staff rule (src/domain/password-policy.ts); a refusal says why.
 * It uses the server's configuration (DATA_DIR or DATABASE_URL). PGlite allows one process at a
 * time, so on the embedded database the server must be stopped, except for `create` and `backup`,
 * which a running server does itself when asked through its ops socket (running-server.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { type RoleAssignment, roleAssignmentSchema } from '../../domain/team.ts';
import {
  AccountError,
  checkCredentials,
  createStaffAccount,
  listStaffAccounts,
  removeStaffAccount,
  resetStaffPassword,
  setStaffRole,
} from '../auth/accounts.ts';
import { resetTwoFactor } from '../auth/two-factor-reset.ts';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { DatabaseLockedError } from '../db/data-dir-lock.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { requireKnownBranches, UnknownBranchError } from '../known-branches.ts';
import { BackupError } from '../ops/backup.ts';
import { type SocketAccount, socketAccountsPath } from '../ops/socket-accounts.ts';
import { BackupUsageError, backupUsage, runBackupCommand } from './backup.ts';
import { BranchesError, BranchesUsageError, branchesUsage, runBranches } from './branches.ts';
import { FloorError, FloorUsageError, floorUsage, runFloor } from './floor.ts';
import { ImportError, ImportUsageError, importBookingsUsage, runImportBookings } from './import-bookings.ts';
import { askRunningServer } from './running-server.ts';

const usage = `Usage:
  npm run admin -- create --email E [--password P] [--role owner|staff|host] [--branch NAME]...
  npm run admin -- set-role --email E --role owner|staff|host [--branch NAME]...
  npm run admin -- list
  npm run admin -- remove --email E
  npm run admin -- reset-password --email E [--password P]
  npm run admin -- reset-two-factor --email E
${branchesUsage}
${floorUsage}
${backupUsage}
${importBookingsUsage}
Without --password the password is read from standard input. A host works at the branches named
with --branch (one or more); owner and staff work at every branch. The first account should be
the owner (--role owner); create works while the server runs.`;

class UsageError extends Error {}

async function readPasswordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  throw new UsageError('No password given (use --password or pass it on standard input).');
}

/** PGlite does not lock its folder, so two processes could damage it: refuse while the server answers. */
async function refuseIfEmbeddedInUse(config: Config): Promise<void> {
  if (config.databaseUrl) return;
  if (!existsSync(join(config.dataDir, 'pgdata', 'postmaster.pid'))) return;
  const running = await fetch(`http://127.0.0.1:${config.port}/health`, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );
  if (running) {
    throw new AccountError(
      `The server is running on port ${config.port} with the embedded database in ${config.dataDir}. Stop it first (PGlite allows one process at a time), or restart it with ADMIN_EMAIL and ADMIN_PASSWORD.`,
    );
  }
}

/** Opens the configured database for one command, and closes it after. */
async function withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env);
  await refuseIfEmbeddedInUse(config);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/**
 * create while a server runs on the embedded database: that server makes the account
 * (src/server/ops/socket-accounts.ts). False when none runs, and the command opens the database.
 */
async function createThroughRunningServer(account: SocketAccount): Promise<boolean> {
  const answer = await askRunningServer(loadConfig(process.env), socketAccountsPath, account);
  if (!answer) return false;
  if (answer.status === 201) return true;
  const reason = answer.body.toString('utf8');
  throw new AccountError(
    answer.status === 422 ? reason : `The running server could not create the account (${answer.status}): ${reason}`,
  );
}

/** --role and --branch, checked by the same schema as the team screen; a refusal is a usage error. */
function parseAssignment(values: { role?: string | undefined; branch?: string[] | undefined }): RoleAssignment {
  const parsed = roleAssignmentSchema.safeParse({ role: values.role ?? 'staff', branches: values.branch ?? [] });
  if (parsed.success && parsed.data.role !== 'host' && values.branch?.length) {
    throw new UsageError(`--branch is for hosts: ${parsed.data.role} works at every branch.`);
  }
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue?.path[0] === 'role') throw new UsageError(`--role takes owner, staff or host, not "${values.role}".`);
  if (issue?.path[0] === 'branches' && issue.code === 'custom')
    throw new UsageError('A host needs --branch NAME (one or more).');
  throw new UsageError(`--branch: ${issue?.message ?? 'not a branch name'}.`);
}

/** "owner", "staff", "host of Sa Pa, Da Nang". */
function describeRole(assignment: { role: string; branches: readonly string[] } | undefined): string {
  if (!assignment) return 'staff';
  return assignment.role === 'host' ? `host of ${assignment.branches.join(', ')}` : assignment.role;
}

async function runResetTwoFactor(argv: string[]): Promise<string> {
  const { values } = parseArgs({ args: argv, options: { email: { type: 'string' } } });
  const email = values.email;
  if (!email) throw new UsageError('reset-two-factor needs --email.');
  return withDatabase(async (db) => {
    const { found, removed } = await resetTwoFactor(db, email);
    if (!found) throw new AccountError(`No account ${email}.`);
    return `Removed ${removed} authenticator app(s) of ${email}; its sessions were signed out. It signs in with its password and can enrol again.`;
  });
}

async function run(argv: string[]): Promise<string> {
  if (argv[0] === 'branches') return withDatabase((db) => runBranches(db, argv.slice(1)));
  if (argv[0] === 'floor') return withDatabase((db) => runFloor(db, argv.slice(1)));
  if (argv[0] === 'import') return withDatabase((db) => runImportBookings(db, argv.slice(1)));
  if (argv[0] === 'reset-two-factor') return runResetTwoFactor(argv.slice(1));
  if (argv[0] === 'backup' || argv[0] === 'restore') return runBackupCommand(argv, () => loadConfig(process.env));
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      branch: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || !command) return usage;
  if (!['create', 'set-role', 'list', 'remove', 'reset-password'].includes(command) || positionals.length > 1) {
    throw new UsageError(`Unknown command "${positionals.join(' ')}".`);
  }
  const email = values.email;
  if (command !== 'list' && !email) throw new UsageError(`${command} needs --email.`);
  if (command === 'set-role' && !values.role) throw new UsageError('set-role needs --role.');
  if ((values.role !== undefined || values.branch !== undefined) && !['create', 'set-role'].includes(command)) {
    throw new UsageError(`${command} takes no --role or --branch.`);
  }
  const assignment = command === 'create' || command === 'set-role' ? parseAssignment(values) : undefined;
  const password =
    command === 'create' || command === 'reset-password' ? (values.password ?? (await readPasswordFromStdin())) : '';

  if (password) checkCredentials({ email: email ?? '', password });
  if (
    command === 'create' &&
    assignment &&
    (await createThroughRunningServer({ email: email ?? '', password, assignment }))
  ) {
    return `Created ${describeRole(assignment)} account ${email} (by the running server).`;
  }
  return withDatabase(async (db) => {
    // The team screen's check: a host's branches must exist (public.branches).
    if (assignment) await requireKnownBranches(db, assignment.branches);
    switch (command) {
      case 'create':
        await createStaffAccount(db, { email: email ?? '', password, ...(assignment ? { assignment } : {}) });
        return `Created ${describeRole(assignment)} account ${email}.`;
      case 'set-role':
        if (!assignment || !(await setStaffRole(db, { email: email ?? '' }, assignment))) {
          throw new AccountError(`No staff account ${email}.`);
        }
        return `${email} is now ${describeRole(assignment)}; its sessions were signed out.`;
      case 'remove':
        if (!(await removeStaffAccount(db, email ?? ''))) throw new AccountError(`No staff account ${email}.`);
        return `Removed staff account ${email}.`;
      case 'reset-password':
        if (!(await resetStaffPassword(db, { email: email ?? '', password }))) {
          throw new AccountError(`No staff account ${email}.`);
        }
        return `New password set for ${email}; its sessions were signed out.`;
      default: {
        const accounts = await listStaffAccounts(db);
        if (accounts.length === 0) return 'No staff accounts.';
        return accounts
          .map(
            (a) =>
              `${a.email}\t${describeRole(a)}\t${a.mfa ? 'two-factor' : 'password only'}\tcreated ${a.createdAt}\tlast sign-in ${a.lastSignInAt ?? 'never'}`,
          )
          .join('\n');
      }
    }
  });
}

try {
  console.log(await run(process.argv.slice(2)));
} catch (error) {
  if (
    error instanceof UsageError ||
    error instanceof BranchesUsageError ||
    error instanceof FloorUsageError ||
    error instanceof BackupUsageError ||
    error instanceof ImportUsageError
  ) {
    console.error(`${error.message}\n\n${usage}`);
    process.exitCode = 2;
  } else if (
    error instanceof AccountError ||
    error instanceof ConfigError ||
    error instanceof BranchesError ||
    error instanceof FloorError ||
    error instanceof BackupError ||
    error instanceof ImportError ||
    error instanceof DatabaseLockedError ||
    error instanceof UnknownBranchError
  ) {
    console.error(error.message);
    process.exitCode = 1;
  } else if (error instanceof Error && error.name === 'TypeError' && 'code' in error) {
    // parseArgs: an unknown option or a missing value.
    console.error(`${error.message}\n\n${usage}`);
    process.exitCode = 2;
  } else {
    console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
