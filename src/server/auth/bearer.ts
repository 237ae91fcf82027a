/**
 * GoTrue's `requireAuthentication`: a Bearer access token whose signature and expiry hold, whose
 * `sub` is an existing user and whose `session_id` is a live session, read fresh on every request
 * because the handlers need the session row. The REST surface checks the same session through
 * session-liveness.ts, cached for a few seconds.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { Queryable } from '../db/database.ts';
import { errors } from './errors.ts';
import { findSession, type SessionRow } from './sessions.ts';
import type { TokenService } from './tokens.ts';
import { type LoadedUser, loadUserById } from './users.ts';

export interface Authenticated {
  user: LoadedUser;
  session: SessionRow;
  claims: Record<string, unknown>;
}

const uuid = z.uuid();

/** The token of `Authorization: Bearer <token>`, or undefined when the header is missing or malformed. */
export function bearerToken(c: Context): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}

export async function authenticate(c: Context, q: Queryable, tokens: TokenService): Promise<Authenticated> {
  const token = bearerToken(c);
  if (!token) throw errors.noAuthorization();
  const verified = await tokens.verify(token);
  if (!verified.ok) {
    throw errors.badJwt(verified.reason === 'expired' ? 'token is expired' : 'token signature is invalid');
  }
  const claims: Record<string, unknown> = verified.claims;
  if (typeof claims.sub !== 'string' || claims.sub === '') throw errors.badJwt('invalid claim: missing sub claim');
  if (!uuid.safeParse(claims.sub).success) throw errors.badJwt('invalid claim: sub claim must be a UUID');
  const user = await loadUserById(q, claims.sub);
  if (!user) throw errors.userNotFound();
  const sessionId = claims.session_id;
  if (typeof sessionId !== 'string' || !uuid.safeParse(sessionId).success) throw errors.sessionNotFound();
  const session = await findSession(q, sessionId, user.row.id);
  if (!session) throw errors.sessionNotFound();
  return { user, session, claims };
}
