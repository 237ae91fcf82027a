/**
 * MFA with TOTP (RFC 6238, as GoTrue: 20-byte secret, SHA-1, 6 digits, 30 s, ±1 step): enroll,
 * challenge, verify (the session becomes aal2 and `amr` gains `totp`) and unenroll. A code is
 * accepted once: each factor records the last time step it accepted (RFC 6238 §5.2), so a code
 * seen over a shoulder or phished cannot be replayed on another challenge or session.
 */
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { Authenticated } from './bearer.ts';
import { AuthError } from './errors.ts';
import type { SessionLiveness } from './session-liveness.ts';
import { type AccessTokenResponse, addAmrClaim, replaceRefreshTokens, tokenResponse } from './sessions.ts';
import type { TokenService } from './tokens.ts';
import { loadUserById } from './users.ts';

export const challengeExpirySeconds = 300;
export const maxFactorsPerUser = 10;
const totpOptions = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

const mfaErrors = {
  factorNotFound: () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found'),
  insufficientAal: (message: string) => new AuthError(422, 'insufficient_aal', message),
  challengeExpired: (id: string) =>
    new AuthError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
    ),
  invalidCode: () => new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
  // The same code as a wrong one (auth-js knows it), with a message that tells the person what to do.
  usedCode: () =>
    new AuthError(
      422,
      'mfa_verification_failed',
      'Invalid TOTP code entered: this code has been used already, wait for the next one',
    ),
};

interface FactorRow {
  id: string;
  status: 'verified' | 'unverified';
  factor_type: string;
  secret: string | null;
}

/** The otpauth:// URI in the form authenticator apps and GoTrue's library use. */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = (text: string) => encodeURIComponent(text).replaceAll('%40', '@');
  const query = new URLSearchParams({ algorithm: 'SHA1', digits: '6', issuer, period: '30', secret });
  return `otpauth://totp/${label(issuer)}:${label(account)}?${query.toString()}`;
}

async function ownFactor(db: Database, auth: Authenticated, factorId: string): Promise<FactorRow> {
  if (!z.uuid().safeParse(factorId).success) throw new AuthError(404, 'validation_failed', 'Invalid factor id');
  const result = await db.query<FactorRow>(
    'select id, status::text as status, factor_type::text as factor_type, secret from auth.mfa_factors where id = $1 and user_id = $2',
    [factorId, auth.user.row.id],
  );
  const factor = result.rows[0];
  if (!factor) throw mfaErrors.factorNotFound();
  return factor;
}

export async function enrollTotp(
  db: Database,
  auth: Authenticated,
  input: { friendlyName: string; issuer: string },
): Promise<Record<string, unknown>> {
  const userId = auth.user.row.id;
  const existing = await db.query<{ status: string; friendly_name: string | null }>(
    'select status::text as status, friendly_name from auth.mfa_factors where user_id = $1',
    [userId],
  );
  if (existing.rows.some((f) => f.status === 'verified') && auth.session.aal !== 'aal2') {
    throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  }
  if (existing.rows.some((f) => (f.friendly_name ?? '') === input.friendlyName)) {
    throw new AuthError(
      422,
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${input.friendlyName}" for this user already exists`,
    );
  }
  if (existing.rows.length >= maxFactorsPerUser) {
    throw new AuthError(
      422,
      'too_many_enrolled_mfa_factors',
      'Maximum number of enrolled factors reached, unenroll to continue',
    );
  }
  const secret = new Secret({ size: 20 }).base32;
  const uri = otpauthUri(input.issuer, auth.user.row.email ?? '', secret);
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  const id = randomUUID();
  await db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
    [id, userId, input.friendlyName || null, secret],
  );
  return { id, type: 'totp', friendly_name: input.friendlyName, totp: { qr_code: qrCode, secret, uri } };
}

export async function challengeFactor(
  db: Database,
  auth: Authenticated,
  factorId: string,
  ip: string,
): Promise<{ id: string; type: string; expires_at: number }> {
  const factor = await ownFactor(db, auth, factorId);
  if (factor.factor_type !== 'totp')
    throw new AuthError(422, 'mfa_totp_verify_not_enabled', 'Only TOTP factors are supported');
  const id = randomUUID();
  const created = await db.transaction(async (tx) => {
    const result = await tx.query<{ at: number }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3)
       returning floor(extract(epoch from created_at))::int as at`,
      [id, factor.id, isIP(ip) ? ip : '0.0.0.0'],
    );
    await tx.query('update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1', [
      factor.id,
    ]);
    return Number(result.rows[0]?.at);
  });
  return { id, type: 'totp', expires_at: created + challengeExpirySeconds };
}

export async function verifyFactor(
  db: Database,
  tokens: TokenService,
  sessions: SessionLiveness,
  auth: Authenticated,
  factorId: string,
  input: { challengeId: string; code: string; ip: string },
): Promise<AccessTokenResponse> {
  const factor = await ownFactor(db, auth, factorId);
  const found = await db.query<{ id: string; expired: boolean; verified: boolean; ip: string }>(
    `select id, created_at + make_interval(secs => $3) < now() as expired, verified_at is not null as verified,
            host(ip_address) as ip
       from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [input.challengeId, factor.id, challengeExpirySeconds],
  );
  const challenge = found.rows[0];
  if (!challenge) {
    throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  }
  if (challenge.expired || challenge.verified) {
    await db.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
    throw mfaErrors.challengeExpired(challenge.id);
  }
  if (isIP(input.ip) && challenge.ip !== input.ip) {
    throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  }
  const timestamp = Date.now();
  const delta = factor.secret
    ? TOTP.validate({
        token: input.code,
        secret: Secret.fromBase32(factor.secret),
        window: 1,
        timestamp,
        ...totpOptions,
      })
    : null;
  if (delta === null) throw mfaErrors.invalidCode();
  const timeStep = TOTP.counter({ period: totpOptions.period, timestamp }) + delta;

  const userId = auth.user.row.id;
  const sessionId = auth.session.id;
  const response = await db.transaction(async (tx) => {
    // First, and in one statement: of two verifies of the same code, running at once, the second
    // waits for this row and then finds the step taken. A step before the last one is refused too,
    // so an older code cannot follow a newer one either.
    const claimed = await tx.query(
      `update auth.mfa_factors set last_used_time_step = $2, updated_at = now()
        where id = $1 and (last_used_time_step is null or last_used_time_step < $2)`,
      [factor.id, timeStep],
    );
    if (claimed.affectedRows === 0) throw mfaErrors.usedCode();
    const used = await tx.query(
      'update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null',
      [challenge.id],
    );
    if (used.affectedRows === 0) throw mfaErrors.challengeExpired(challenge.id);
    if (factor.status !== 'verified') {
      await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      // A verified factor replaces the other half-finished enrolments.
      await tx.query(
        `delete from auth.mfa_factors where user_id = $1 and id <> $2 and status = 'unverified' and factor_type = 'totp'`,
        [userId, factor.id],
      );
    }
    await addAmrClaim(tx, sessionId, 'totp');
    await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [
      sessionId,
      factor.id,
    ]);
    // Sessions of this user that never passed the second factor end here.
    await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') < 'aal2'`, [
      userId,
      sessionId,
    ]);
    // The upgraded session continues on a rotated refresh token, as GoTrue does.
    const refreshToken = await replaceRefreshTokens(tx, userId, sessionId);
    const user = await loadUserById(tx, userId);
    if (!user) throw new Error('the user vanished during MFA verification');
    return tokenResponse(tx, tokens, user, { id: sessionId, aal: 'aal2' }, refreshToken);
  });
  sessions.ended(userId);
  return response;
}

export async function unenrollFactor(db: Database, auth: Authenticated, factorId: string): Promise<{ id: string }> {
  const factor = await ownFactor(db, auth, factorId);
  if (factor.status === 'verified' && auth.session.aal !== 'aal2') {
    throw mfaErrors.insufficientAal('AAL2 required to unenroll verified factor');
  }
  await db.transaction(async (tx) => {
    // Sessions that reached aal2 with this factor fall back to aal1 (their tokens keep aal2 until refreshed).
    await tx.query(
      `delete from auth.mfa_amr_claims where authentication_method = 'totp'
         and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factor.id],
    );
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [
      factor.id,
    ]);
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
  });
  return { id: factor.id };
}
