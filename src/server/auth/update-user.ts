/**
 * PUT /auth/v1/user (supabase-js `updateUser`): a signed-in account changes its own password or
 * user_metadata. GoTrue's rules and error codes, with this project's choices made explicit:
 *
 * - An account with a verified factor changes its password only from an aal2 session (401
 *   insufficient_aal), as GoTrue does: a stolen password cannot replace itself.
 * - The current password is always required (GoTrue's UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD
 *   on): a session left open on the host stand's tablet is not enough to take the account. Wrong
 *   guesses count against the same per-address limit and per-account delay as sign-in.
 * - Staff accounts (any role in app_metadata) follow the staff password rule
 *   (src/domain/password-policy.ts); other accounts GoTrue's minimum length.
 * - A new password ends every other session of the account (GoTrue keeps the current one too).
 * - Changing the email or phone is not offered (there is no confirmation mail to send): refused.
 */
import { z } from 'zod';
import { loadStaffPasswordRule } from '../../domain/password-policy.ts';
import type { Database } from '../db/database.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { Authenticated } from './bearer.ts';
import { AuthError, errors } from './errors.ts';
import { hashPassword, maxPasswordBytes, minPasswordLength, passwordProblem, verifyPassword } from './passwords.ts';
import { authLimits, emailKey, enforce, signInDelayMs, signInDelayWindow } from './rate-limits.ts';
import type { SessionLiveness } from './session-liveness.ts';
import { type LoadedUser, loadUserById, normaliseEmail } from './users.ts';

export const updateUserSchema = z.object({
  email: z.string().max(255).optional(),
  phone: z.string().max(64).optional(),
  password: z.string().max(1024).optional(),
  current_password: z.string().max(1024).optional(),
  nonce: z.string().max(255).optional(),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  app_metadata: z.unknown().optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** Roles an account of the team may hold; any of them makes the account staff. */
const staffRoles: ReadonlySet<string> = new Set(['owner', 'staff', 'host']);

export function isStaffUser(user: LoadedUser): boolean {
  const role = user.row.raw_app_meta_data.role;
  return typeof role === 'string' && staffRoles.has(role);
}

function weakPassword(message: string, reason: string): AuthError {
  return new AuthError(422, 'weak_password', message, { extra: { weak_password: { reasons: [reason] } } });
}

async function checkNewPassword(user: LoadedUser, password: string): Promise<void> {
  if (isStaffUser(user)) {
    const rule = await loadStaffPasswordRule();
    const verdict = rule(password, { email: user.row.email ?? undefined });
    if (!verdict.ok) {
      if (verdict.reason === 'too_long') throw errors.validation(verdict.message);
      // GoTrue's reasons are `length`, `characters` and `pwned`; a guessable password is the last kind.
      throw weakPassword(verdict.message, verdict.reason === 'too_short' ? 'length' : 'pwned');
    }
    return;
  }
  const problem = passwordProblem(password);
  if (problem === 'too_short') {
    throw weakPassword(`Password should be at least ${minPasswordLength} characters.`, 'length');
  }
  if (problem === 'too_long') throw errors.validation(`Password cannot be longer than ${maxPasswordBytes} characters`);
}

export async function updateUser(
  deps: { db: Database; sessions: SessionLiveness; rateLimiter: RateLimiter; sleep: (ms: number) => Promise<void> },
  auth: Authenticated,
  input: UpdateUserInput,
  client: { rateLimitKey: string },
): Promise<Record<string, unknown>> {
  const { db, sessions, rateLimiter } = deps;
  const user = auth.user;
  const password = input.password;
  if (password !== undefined && password !== '') await checkNewPassword(user, password);
  if (input.app_metadata !== undefined) {
    throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
  }
  const hasVerifiedFactor = await db.query(
    `select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`,
    [user.row.id],
  );
  if (hasVerifiedFactor.rows.length > 0 && auth.session.aal !== 'aal2' && password) {
    throw new AuthError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
  const emailChange = input.email && normaliseEmail(input.email) !== (user.row.email ?? '');
  const phoneChange = input.phone && input.phone !== (user.row.phone ?? '');
  if (emailChange || phoneChange) {
    throw new AuthError(
      422,
      'validation_failed',
      'Changing the email address or phone number is not offered here: ask the owner to update the account.',
    );
  }

  let passwordHash: string | undefined;
  if (password !== undefined) {
    if (password === '') throw weakPassword(`Password should be at least ${minPasswordLength} characters.`, 'length');
    if (!input.current_password) {
      throw new AuthError(400, 'current_password_required', 'Current password required when setting new password.');
    }
    // The current password is a password guess like any sign-in: limited per address, slowed per account.
    await enforce(rateLimiter, 'password-address', client.rateLimitKey, authLimits.passwordPerAddress);
    const account = await rateLimiter.hit(
      'password-account',
      emailKey(user.row.email ?? user.row.id),
      signInDelayWindow,
    );
    const wait = signInDelayMs(account.count);
    if (wait > 0) await deps.sleep(wait);
    if (!(await verifyPassword(input.current_password, user.row.encrypted_password))) {
      throw new AuthError(400, 'current_password_invalid', 'Current password required when setting new password.');
    }
    if (await verifyPassword(password, user.row.encrypted_password)) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(password);
  }

  const updated = await db.transaction(async (tx) => {
    if (passwordHash) {
      await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
        user.row.id,
        passwordHash,
      ]);
      // Whoever knew the old password is signed out everywhere else.
      await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.row.id, auth.session.id]);
    }
    if (input.data) {
      // GoTrue merges: a key set to null is removed, any other key replaced.
      const metadata: Record<string, unknown> = { ...user.row.raw_user_meta_data };
      for (const [key, value] of Object.entries(input.data)) {
        if (value === null) delete metadata[key];
        else metadata[key] = value;
      }
      await tx.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1', [
        user.row.id,
        JSON.stringify(metadata),
      ]);
    }
    const reloaded = await loadUserById(tx, user.row.id);
    if (!reloaded) throw errors.userNotFound();
    return reloaded;
  });
  if (passwordHash) sessions.ended(user.row.id);
  return updated.json;
}
