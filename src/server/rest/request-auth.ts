/**
 * Who is calling /rest/v1: the `apikey` must be our publishable key, and the Bearer token (if it
 * is not the key itself) must be one of our access tokens whose session is still alive (unlike
 * hosted Supabase, where PostgREST accepts a token until it expires). The result is the database
 * role and the claims each request's transaction is run with; Postgres decides the rest.
 */
import { timingSafeEqual } from 'node:crypto';
import { checkTokenSession, type SessionLiveness } from '../auth/session-liveness.ts';
import type { TokenService } from '../auth/tokens.ts';
import { fromDatabaseError, RestError, wwwAuthenticate } from './rest-error.ts';

export const requestRoles = ['anon', 'authenticated', 'service_role'] as const;
export type RequestRole = (typeof requestRoles)[number];

export interface RequestIdentity {
  role: RequestRole;
  /** The JWT's claims (with `role`), as request.jwt.claims. */
  claims: Record<string, unknown>;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isRequestRole(value: unknown): value is RequestRole {
  return typeof value === 'string' && (requestRoles as readonly string[]).includes(value);
}

export async function authenticate(
  headers: { apikey: string | undefined; authorization: string | undefined },
  anonKey: string,
  tokens: TokenService,
  sessions: SessionLiveness,
): Promise<RequestIdentity> {
  // The wording follows the Supabase API gateway, which answers these before PostgREST does.
  if (!headers.apikey) {
    throw new RestError(401, {
      code: 'no_api_key',
      message: 'No API key found in request',
      hint: 'No `apikey` request header was found.',
    });
  }
  if (!sameSecret(headers.apikey, anonKey)) {
    throw new RestError(401, {
      code: 'invalid_api_key',
      message: 'Invalid API key',
      hint: 'Double check your publishable (anon) API key.',
    });
  }
  const anonymous: RequestIdentity = { role: 'anon', claims: { role: 'anon' } };
  if (headers.authorization === undefined) return anonymous;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(headers.authorization);
  if (!match?.[1]) {
    throw new RestError(
      401,
      { code: 'PGRST301', message: 'Invalid Authorization header', details: 'Expected "Bearer <token>"' },
      wwwAuthenticate('Invalid Authorization header'),
    );
  }
  const token = match[1];
  if (sameSecret(token, anonKey)) return anonymous;
  const result = await tokens.verify(token);
  if (!result.ok) {
    const code = result.reason === 'invalid' ? 'PGRST301' : 'PGRST303';
    throw new RestError(401, { code, message: result.message }, wwwAuthenticate(result.message));
  }
  const role = result.claims.role;
  if (!isRequestRole(role)) {
    const message = 'JWT role claim is missing or not allowed';
    throw new RestError(401, { code: 'PGRST303', message }, wwwAuthenticate(message));
  }
  let verdict: Awaited<ReturnType<typeof checkTokenSession>>;
  try {
    verdict = await checkTokenSession(result.claims, sessions);
  } catch (error) {
    throw fromDatabaseError(error, false);
  }
  if (verdict === 'ended' || verdict === 'missing') {
    // GoTrue's words for the same refusal on /auth/v1 (auth-js shows them to the user).
    const message =
      verdict === 'ended' ? 'Session from session_id claim in JWT does not exist' : 'JWT has no valid session_id claim';
    throw new RestError(401, { code: 'PGRST303', message }, wwwAuthenticate(message));
  }
  return { role, claims: { ...result.claims, role } };
}
