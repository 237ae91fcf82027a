/**
 * Staff accounts: email accounts whose app_metadata carries a staff role (`owner`, `staff` or
 * `host`, a host with its `branches`), which the row-level security policies check (see
 * supabase/migrations/20261123400000_roles.sql). Made by the admin CLI, the team screen's
 * endpoint or ADMIN_EMAIL/ADMIN_PASSWORD at start, never by public sign-up. Their passwords follow
 * the staff rule (src/domain/password-policy.ts).
 */
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { loadStaffPasswordRule } from '../../domain/password-policy.ts';
import {
  type RoleAssignment,
  roleClaims,
  type StaffRole,
  staffRoleSchema,
  staffRoles,
  type TeamAccount,
} from '../../domain/team.ts';
import type { Database, Queryable } from '../db/database.ts';
import { sqlState } from '../db/database.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { insertEmailUser, normaliseEmail } from './users.ts';

const checkStaffPassword = await loadStaffPasswordRule();

export const staffAppMetadata = { provider: 'email', providers: ['email'], role: 'staff' } as const;

/** The SQL test "this auth.users row (as u) is a staff account". */
const isStaffSql = `(u.raw_app_meta_data ->> 'role') in (${staffRoles.map((r) => `'${r}'`).join(', ')})`;

export class AccountError extends Error {
  override name = 'AccountError';
}

/**
 * The database refused to take the team's last owner away (TM001, supabase/migrations/
 * 20261125200000_last_owner.sql): its own message says what to do.
 */
export class LastOwnerError extends AccountError {
  override name = 'LastOwnerError';
}

/** Runs a change that may demote or remove an owner, turning the database's refusal into LastOwnerError. */
async function keepingAnOwner<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (sqlState(error) === 'TM001' && error instanceof Error) throw new LastOwnerError(error.message);
    throw error;
  }
}

export type StaffAccount = TeamAccount;

function checkEmail(email: string): string {
  const normalised = normaliseEmail(email);
  if (!z.email().safeParse(normalised).success) throw new AccountError(`"${email}" is not an email address.`);
  return normalised;
}

/** Throws AccountError saying why the password was refused (never repeating it). */
function checkPassword(password: string, email: string): void {
  const verdict = checkStaffPassword(password, { email });
  if (!verdict.ok) throw new AccountError(verdict.message);
}

/** Checks an email and password before anything is opened; throws AccountError. */
export function checkCredentials(input: { email: string; password: string }): void {
  checkPassword(input.password, checkEmail(input.email));
}

async function findAccount(q: Queryable, email: string) {
  const result = await q.query<{ id: string; role: string | null; encrypted_password: string | null }>(
    `select id, raw_app_meta_data ->> 'role' as role, encrypted_password
       from auth.users where email = $1 and is_sso_user = false`,
    [email],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  const role = staffRoleSchema.safeParse(row.role);
  return { id: row.id, encrypted_password: row.encrypted_password, role: role.success ? role.data : undefined };
}

export async function createStaffAccount(
  db: Database,
  input: { email: string; password: string; assignment?: RoleAssignment },
): Promise<string> {
  const email = checkEmail(input.email);
  checkPassword(input.password, email);
  const passwordHash = await hashPassword(input.password);
  const claims = roleClaims(input.assignment ?? { role: 'staff', branches: [] });
  try {
    return await db.transaction((tx) =>
      insertEmailUser(tx, {
        email,
        passwordHash,
        appMetadata: { provider: 'email', providers: ['email'], ...claims },
        userMetadata: {},
      }),
    );
  } catch (error) {
    if (sqlState(error) === '23505') {
      throw new AccountError(`An account for ${email} exists already (use reset-password to change its password).`);
    }
    throw error;
  }
}

const accountRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  branches: z.unknown(),
  mfa: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});

const accountSelect = `
  select u.id, u.email, u.raw_app_meta_data ->> 'role' as role, u.raw_app_meta_data -> 'branches' as branches,
         exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified') as mfa,
         to_jsonb(u.created_at) #>> '{}' as created_at, to_jsonb(u.last_sign_in_at) #>> '{}' as last_sign_in_at
    from auth.users u
   where ${isStaffSql} and u.deleted_at is null`;

function toAccount(row: unknown): StaffAccount {
  const parsed = accountRowSchema.parse(row);
  const branches = z.array(z.string()).safeParse(parsed.branches);
  return {
    id: parsed.id,
    email: parsed.email,
    role: parsed.role,
    branches: parsed.role === 'host' && branches.success ? branches.data : [],
    mfa: parsed.mfa,
    createdAt: parsed.created_at,
    lastSignInAt: parsed.last_sign_in_at,
  };
}

/** Every staff account (owner, staff, host), by email. */
export async function listStaffAccounts(db: Queryable): Promise<StaffAccount[]> {
  const result = await db.query(`${accountSelect} order by u.email`);
  return result.rows.map(toAccount);
}

/** Whether the team has an owner yet (the start-up log says how to make the first one). */
export async function hasOwnerAccount(db: Queryable): Promise<boolean> {
  const result = await db.query<{ found: boolean }>(
    `select exists (select 1 from auth.users u where u.raw_app_meta_data ->> 'role' = 'owner') as found`,
  );
  return result.rows[0]?.found === true;
}

/** One staff account by id, or undefined. */
export async function findStaffAccount(db: Queryable, id: string): Promise<StaffAccount | undefined> {
  const result = await db.query(`${accountSelect} and u.id = $1`, [id]);
  return result.rows[0] === undefined ? undefined : toAccount(result.rows[0]);
}

/** Removes a staff account with its sessions and factors. False when there is no such staff account. */
export async function removeStaffAccount(db: Queryable, email: string): Promise<boolean> {
  const result = await keepingAnOwner(() =>
    db.query(`delete from auth.users u where u.email = $1 and ${isStaffSql}`, [normaliseEmail(email)]),
  );
  return result.affectedRows > 0;
}

/** The same by id; the returned id is the removed account's (its sessions went with it). */
export async function removeStaffAccountById(db: Queryable, id: string): Promise<boolean> {
  const result = await keepingAnOwner(() =>
    db.query(`delete from auth.users u where u.id = $1 and ${isStaffSql}`, [id]),
  );
  return result.affectedRows > 0;
}

/**
 * Gives a staff account a role (and a host its branches), and signs it out everywhere: its access
 * tokens carry the old role until they expire, so they must stop working now (session liveness).
 * Undefined when there is no such staff account.
 */
export async function setStaffRole(
  db: Database,
  target: { id: string } | { email: string },
  assignment: RoleAssignment,
): Promise<StaffAccount | undefined> {
  const claims = roleClaims(assignment);
  return keepingAnOwner(() => setRoleIn(db, target, claims));
}

async function setRoleIn(
  db: Database,
  target: { id: string } | { email: string },
  claims: ReturnType<typeof roleClaims>,
): Promise<StaffAccount | undefined> {
  return db.transaction(async (tx) => {
    const byId = 'id' in target;
    const updated = await tx.query<{ id: string }>(
      `update auth.users u
          set raw_app_meta_data = (coalesce(u.raw_app_meta_data, '{}'::jsonb) - 'branches') || $2::jsonb,
              updated_at = now()
        where ${byId ? 'u.id = $1' : 'u.email = $1'} and ${isStaffSql}
        returning u.id`,
      [byId ? target.id : normaliseEmail(target.email), JSON.stringify(claims)],
    );
    const id = updated.rows[0]?.id;
    if (!id) return undefined;
    await tx.query('delete from auth.sessions where user_id = $1', [id]);
    return findStaffAccount(tx, id);
  });
}

/** Readable, typeable and far beyond guessing: 4 groups of 5 from 31 unambiguous characters (~99 bits). */
const temporaryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new temporary password that passes the staff rule, for an account the team screen makes or resets. */
export function generateTemporaryPassword(email: string): string {
  for (;;) {
    const groups = Array.from({ length: 4 }, () =>
      Array.from({ length: 5 }, () => temporaryAlphabet[randomInt(temporaryAlphabet.length)]).join(''),
    );
    const password = groups.join('-');
    // Practically always true; checked so a generated password can never break the rule.
    if (checkStaffPassword(password, { email }).ok) return password;
  }
}

async function setPassword(tx: Queryable, id: string, passwordHash: string): Promise<void> {
  await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [id, passwordHash]);
  // A new password ends every session: whoever knew the old one is signed out.
  await tx.query('delete from auth.sessions where user_id = $1', [id]);
}

/** Sets a staff account's password and signs it out everywhere. False when there is no such staff account. */
export async function resetStaffPassword(db: Database, input: { email: string; password: string }): Promise<boolean> {
  const email = checkEmail(input.email);
  checkPassword(input.password, email);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const account = await findAccount(tx, email);
    if (!account?.role) return false;
    await setPassword(tx, account.id, passwordHash);
    return true;
  });
}

/** Owner includes everything staff may do, and staff everything a host may. */
const roleRank: Record<StaffRole, number> = { host: 0, staff: 1, owner: 2 };

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start: creates the account with `role` (ADMIN_ROLE, staff unless
 * set), or gives the existing one that password and at least that role: an owner stays owner when
 * the server starts with the default staff. A restart with the same password changes nothing, so
 * nobody is signed out.
 */
export async function ensureStaffAccount(
  db: Database,
  input: { email: string; password: string; role?: 'owner' | 'staff' },
): Promise<'created' | 'updated' | 'unchanged'> {
  const email = checkEmail(input.email);
  checkPassword(input.password, email);
  const role = input.role ?? 'staff';
  const existing = await findAccount(db, email);
  if (!existing) {
    try {
      await createStaffAccount(db, { email, password: input.password, assignment: { role, branches: [] } });
      return 'created';
    } catch (error) {
      // Another instance starting at the same time created it: fall through to the check below.
      if (!(error instanceof AccountError)) throw error;
    }
  }
  const account = existing ?? (await findAccount(db, email));
  if (!account) throw new AccountError(`Could not create the staff account ${email}.`);
  const passwordMatches = await verifyPassword(input.password, account.encrypted_password);
  const roleHolds = account.role !== undefined && roleRank[account.role] >= roleRank[role];
  if (roleHolds && passwordMatches) return 'unchanged';
  const passwordHash = passwordMatches ? undefined : await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.query(
      `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), banned_until = null,
              updated_at = now()
        where id = $1`,
      [account.id],
    );
    if (!roleHolds) {
      await tx.query(
        `update auth.users set raw_app_meta_data = (coalesce(raw_app_meta_data, '{}'::jsonb) - 'branches') || $2::jsonb
          where id = $1`,
        [account.id, JSON.stringify({ role })],
      );
      // A host made staff (or staff made owner) must not keep a token with the narrower claims.
      await tx.query('delete from auth.sessions where user_id = $1', [account.id]);
    }
    if (passwordHash) await setPassword(tx, account.id, passwordHash);
  });
  return 'updated';
}
