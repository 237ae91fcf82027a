/**
 * When someone loses the phone with their authenticator app: the owner removes the account's
 * factors (`npm run admin -- reset-two-factor --email E`), which also ends every session of the
 * account, and the person signs in with the password and enrols again. While the owner requires
 * two-factor for everyone, such an account reads nothing until it has.
 */
import type { Database } from '../db/database.ts';
import { normaliseEmail } from './users.ts';

/** Removes every factor of the account and signs it out everywhere; false when there is no such account. */
export async function resetTwoFactor(db: Database, email: string): Promise<{ found: boolean; removed: number }> {
  return db.transaction(async (tx) => {
    const account = await tx.query<{ id: string }>(
      'select id from auth.users where email = $1 and is_sso_user = false and deleted_at is null',
      [normaliseEmail(email)],
    );
    const id = account.rows[0]?.id;
    if (!id) return { found: false, removed: 0 };
    // Sessions first: their rows point at the factors they were verified with.
    await tx.query('delete from auth.sessions where user_id = $1', [id]);
    const removed = await tx.query('delete from auth.mfa_factors where user_id = $1', [id]);
    return { found: true, removed: removed.affectedRows };
  });
}
