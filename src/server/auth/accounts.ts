/**
 * Staff accounts: email accounts whose app_metadata carries `role: "staff"`, which the
 * reservations policies check. Made by the admin CLI or by ADMIN_EMAIL/ADMIN_PASSWORD at start,
 * never by public sign-up. Their passwords follow the staff rule (src/domain/password-policy.ts).
 */
import { z } from 'zod';
import { loadStaffPasswordRule } from '../../domain/password-policy.ts';
import type { Database, Queryable } from '../db/database.ts';
import { sqlState } from '../db/database.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { insertEmailUser, normaliseEmail } from './users.ts';

const checkStaffPassword = await loadStaffPasswordRule();

export const staffAppMetadata = { provider: 'email', providers: ['email'], role: 'staff' } as const;

export class AccountError extends Error {
  override name = 'AccountError';
}

export interface StaffAccount {
  id: string;
  email: string;
  createdAt: string;
  lastSignInAt: string | null;
}

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
  const result = await q.query<{ id: string; staff: boolean; encrypted_password: string | null }>(
    `select id, coalesce(raw_app_meta_data ->> 'role' = 'staff', false) as staff, encrypted_password
       from auth.users where email = $1 and is_sso_user = false`,
    [email],
  );
  return result.rows[0];
}

export async function createStaffAccount(db: Database, input: { email: string; password: string }): Promise<string> {
  const email = checkEmail(input.email);
  checkPassword(input.password, email);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction((tx) =>
      insertEmailUser(tx, { email, passwordHash, appMetadata: { ...staffAppMetadata }, userMetadata: {} }),
    );
  } catch (error) {
    if (sqlState(error) === '23505') {
      throw new AccountError(`An account for ${email} exists already (use reset-password to change its password).`);
    }
    throw error;
  }
}

export async function listStaffAccounts(db: Queryable): Promise<StaffAccount[]> {
  const result = await db.query<{ id: string; email: string; created_at: string; last_sign_in_at: string | null }>(
    `select id, email, to_jsonb(created_at) #>> '{}' as created_at, to_jsonb(last_sign_in_at) #>> '{}' as last_sign_in_at
       from auth.users where raw_app_meta_data ->> 'role' = 'staff' and deleted_at is null order by email`,
  );
  return result.rows.map((row) => ({
    id: row.id,
    email: row.email,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
  }));
}

/** Removes a staff account with its sessions and factors. False when there is no such staff account. */
export async function removeStaffAccount(db: Database, email: string): Promise<boolean> {
  const result = await db.query(`delete from auth.users where email = $1 and raw_app_meta_data ->> 'role' = 'staff'`, [
    normaliseEmail(email),
  ]);
  return result.affectedRows > 0;
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
    if (!account?.staff) return false;
    await setPassword(tx, account.id, passwordHash);
    return true;
  });
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start: creates the account, or makes the existing one staff with
 * that password. A restart with the same password changes nothing, so nobody is signed out.
 */
export async function ensureStaffAccount(
  db: Database,
  input: { email: string; password: string },
): Promise<'created' | 'updated' | 'unchanged'> {
  const email = checkEmail(input.email);
  checkPassword(input.password, email);
  const existing = await findAccount(db, email);
  if (!existing) {
    try {
      await createStaffAccount(db, { email, password: input.password });
      return 'created';
    } catch (error) {
      // Another instance starting at the same time created it: fall through to the check below.
      if (!(error instanceof AccountError)) throw error;
    }
  }
  const account = existing ?? (await findAccount(db, email));
  if (!account) throw new AccountError(`Could not create the staff account ${email}.`);
  const passwordMatches = await verifyPassword(input.password, account.encrypted_password);
  if (account.staff && passwordMatches) return 'unchanged';
  const passwordHash = passwordMatches ? undefined : await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.query(
      `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb,
              email_confirmed_at = coalesce(email_confirmed_at, now()), banned_until = null, updated_at = now()
        where id = $1`,
      [account.id, JSON.stringify({ role: 'staff' })],
    );
    if (passwordHash) await setPassword(tx, account.id, passwordHash);
  });
  return 'updated';
}
