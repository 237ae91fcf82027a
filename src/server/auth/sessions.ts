/**
 * Sessions and refresh tokens: signing in creates a session (aal1, amr `password`); refreshing
 * rotates its refresh token; signing out deletes sessions, which takes their refresh tokens with
 * them, and their access tokens stop working too (session-liveness.ts). Every reply that carries
 * tokens is GoTrue's AccessTokenResponse.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Database, Queryable } from '../db/database.ts';
import { AuthError, OAuthError } from './errors.ts';
import type { AmrEntry, TokenService } from './tokens.ts';
import { isBanned, type LoadedUser, loadUserById } from './users.ts';

/**
 * What ending sessions needs of the liveness cache (session-liveness.ts, which reads the live
 * sessions from here): to forget a user's cached answers at once.
 */
export interface SessionEndListener {
  ended(userId: string): void;
}

export interface AccessTokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

export interface SessionRow {
  id: string;
  user_id: string;
  aal: 'aal1' | 'aal2' | 'aal3' | null;
  factor_id: string | null;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Refresh tokens are kept only as digests (see 010_auth.sql). */
export function digestToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function insertRefreshToken(
  tx: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [digestToken(token), userId, parent, sessionId],
  );
  return token;
}

/** Revokes the session's live refresh tokens and issues one new token descending from them. */
export async function replaceRefreshTokens(tx: Queryable, userId: string, sessionId: string): Promise<string> {
  const revoked = await tx.query<{ token: string }>(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
      where session_id = $1 and revoked = false returning token`,
    [sessionId],
  );
  return insertRefreshToken(tx, userId, sessionId, revoked.rows.at(-1)?.token ?? null);
}

/** Newest first, as GoTrue orders `amr`. */
export async function amrOf(q: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const result = await q.query<{ method: string; at: number }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::int as at
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc, authentication_method`,
    [sessionId],
  );
  return result.rows.map((row) => ({ method: row.method, timestamp: Number(row.at) }));
}

export async function addAmrClaim(tx: Queryable, sessionId: string, method: string): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  );
}

export async function tokenResponse(
  q: Queryable,
  tokens: TokenService,
  user: LoadedUser,
  session: Pick<SessionRow, 'id' | 'aal'>,
  refreshToken: string,
): Promise<AccessTokenResponse> {
  const aal = session.aal === 'aal2' || session.aal === 'aal3' ? 'aal2' : 'aal1';
  const { token, expiresAt } = await tokens.sign({
    sub: user.row.id,
    email: user.row.email ?? '',
    phone: user.row.phone ?? '',
    app_metadata: user.row.raw_app_meta_data,
    user_metadata: user.row.raw_user_meta_data,
    role: user.row.role || 'authenticated',
    aal,
    amr: await amrOf(q, session.id),
    session_id: session.id,
    is_anonymous: user.row.is_anonymous,
  });
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: tokens.expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: user.json,
  };
}

/** A new aal1 session for a user who just proved their password. */
export async function startSession(
  db: Database,
  tokens: TokenService,
  userId: string,
  client: { ip: string; userAgent: string | undefined },
): Promise<AccessTokenResponse> {
  return db.transaction(async (tx) => {
    const sessionId = randomUUID();
    await tx.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
       values ($1, $2, now(), now(), 'aal1', $3, $4)`,
      [sessionId, userId, client.userAgent?.slice(0, 512) ?? null, isIP(client.ip) ? client.ip : null],
    );
    await addAmrClaim(tx, sessionId, 'password');
    const refreshToken = await insertRefreshToken(tx, userId, sessionId, null);
    await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
    await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [
      userId,
    ]);
    const user = await loadUserById(tx, userId);
    if (!user) throw new Error('the user vanished while signing in');
    return tokenResponse(tx, tokens, user, { id: sessionId, aal: 'aal1' }, refreshToken);
  });
}

/** An error (with the user whose session it ended, if any) or the new tokens. */
type RefreshOutcome = { error: AuthError; endedFor?: string } | { response: AccessTokenResponse };

const refreshErrors = {
  notFound: () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  alreadyUsed: () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
};

/**
 * Rotates a refresh token. A token already rotated may be presented again within the reuse
 * interval (two tabs refreshing at once) and gets a working token of the same session; later, the
 * reuse looks like a stolen token, so the session ends: its refresh tokens go with it, and its
 * access tokens stop working (GoTrue only revokes the refresh tokens and leaves the session).
 */
export async function refreshSession(
  db: Database,
  tokens: TokenService,
  sessions: SessionEndListener,
  presented: string,
  reuseIntervalSeconds: number,
): Promise<AccessTokenResponse> {
  if (!presented) throw new OAuthError('invalid_request', 'refresh_token required');
  const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
    const found = await tx.query<{
      digest: string;
      revoked: boolean;
      age_ms: number;
      session_id: string;
      user_id: string;
      aal: SessionRow['aal'];
      expired: boolean;
    }>(
      `select rt.token as digest, rt.revoked,
              (extract(epoch from (now() - rt.updated_at)) * 1000)::float8 as age_ms,
              s.id as session_id, s.user_id, s.aal, coalesce(s.not_after < now(), false) as expired
         from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
        where rt.token = $1
        for update of s`,
      [digestToken(presented)],
    );
    const row = found.rows[0];
    if (!row) return { error: refreshErrors.notFound() };
    const user = await loadUserById(tx, row.user_id);
    if (!user) return { error: refreshErrors.notFound() };
    if (isBanned(user.row)) return { error: new AuthError(400, 'user_banned', 'User is banned') };
    if (row.expired) return { error: new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired') };

    let refreshToken: string;
    if (row.revoked) {
      const active = await tx.query<{ id: number }>(
        'select id from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
        [row.session_id],
      );
      if (Number(row.age_ms) > reuseIntervalSeconds * 1000 || active.rows.length === 0) {
        // Committed with the error: the session must end whoever presented the token.
        await tx.query('delete from auth.sessions where id = $1', [row.session_id]);
        return { error: refreshErrors.alreadyUsed(), endedFor: row.user_id };
      }
      // Only digests are stored, so the current token cannot be handed out again: the late caller
      // gets a sibling of it instead, and both stay valid.
      refreshToken = await insertRefreshToken(tx, row.user_id, row.session_id, row.digest);
    } else {
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [
        row.digest,
      ]);
      refreshToken = await insertRefreshToken(tx, row.user_id, row.session_id, row.digest);
    }
    await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [row.session_id]);
    return { response: await tokenResponse(tx, tokens, user, { id: row.session_id, aal: row.aal }, refreshToken) };
  });
  if ('error' in outcome) {
    if (outcome.endedFor) sessions.ended(outcome.endedFor);
    throw outcome.error;
  }
  return outcome.response;
}

/** A session counts while it exists (sign-out deletes it) and has not passed its not_after. */
const liveSession = '(not_after is null or not_after > now())';

export async function findSession(q: Queryable, sessionId: string, userId: string): Promise<SessionRow | undefined> {
  const result = await q.query<SessionRow>(
    `select id, user_id, aal::text as aal, factor_id from auth.sessions
      where id = $1 and user_id = $2 and ${liveSession}`,
    [sessionId, userId],
  );
  return result.rows[0];
}

/** Of these sessions, each with the user it must belong to, those that count: one query for all. */
export async function findLiveSessions(
  q: Queryable,
  sessions: readonly { sessionId: string; userId: string }[],
): Promise<{ sessionId: string; userId: string }[]> {
  const result = await q.query<{ id: string; user_id: string }>(
    `select s.id, s.user_id from auth.sessions s
       join unnest($1::uuid[], $2::uuid[]) as asked (id, user_id) on s.id = asked.id and s.user_id = asked.user_id
      where ${liveSession}`,
    [sessions.map((s) => s.sessionId), sessions.map((s) => s.userId)],
  );
  return result.rows.map((row) => ({ sessionId: row.id, userId: row.user_id }));
}

/** Deleting a session deletes its refresh tokens (foreign key cascade) and ends its access tokens. */
export async function logout(
  db: Database,
  sessions: SessionEndListener,
  userId: string,
  sessionId: string,
  scope: LogoutScope,
): Promise<void> {
  if (scope === 'local') {
    await db.query('delete from auth.sessions where id = $1 and user_id = $2', [sessionId, userId]);
  } else if (scope === 'others') {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
  }
  sessions.ended(userId);
}
