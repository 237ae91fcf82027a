/**
 * Who a channel listens as: the database role and JWT claims its changes are read with, from the
 * access token the client sent (in phx_join, or later in access_token). The same rule as
 * /rest/v1: the publishable key (or no token) is `anon`; an access token must be ours, unexpired,
 * of an API role, and — when it names a session — that session must still be alive
 * (checkTokenSession, shared with REST, with the same 2-second cache).
 */
import { timingSafeEqual } from 'node:crypto';
import { checkTokenSession, type SessionLiveness } from '../auth/session-liveness.ts';
import type { TokenService } from '../auth/tokens.ts';
import { type RequestRole, requestRoles } from '../rest/request-auth.ts';

export interface Identity {
  role: RequestRole;
  claims: Record<string, unknown>;
  /** The claims as JSON: what the database reads, and the key that groups identical subscribers. */
  claimsJson: string;
  /** When the token stops being accepted (milliseconds since the epoch); never for the publishable key. */
  expiresAt: number;
  /** Whether the token names a session that must stay alive. */
  hasSession: boolean;
}

export type IdentifyResult =
  | { ok: true; identity: Identity }
  /** Expired tokens only hold delivery back: a fresh token resumes it. */
  | { ok: false; reason: 'expired'; message: string }
  /** Forged, malformed, of another role, or its session ended: the channel cannot listen with it. */
  | { ok: false; reason: 'refused'; message: string };

export type StillValid = 'valid' | 'expired' | 'ended';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isRequestRole(value: unknown): value is RequestRole {
  return typeof value === 'string' && (requestRoles as readonly string[]).includes(value);
}

const anonymous: Identity = {
  role: 'anon',
  claims: { role: 'anon' },
  claimsJson: JSON.stringify({ role: 'anon' }),
  expiresAt: Number.POSITIVE_INFINITY,
  hasSession: false,
};

export interface SubscriberIdentities {
  /** Throws only when the session could not be checked (the database is away). */
  identify(token: string | null | undefined): Promise<IdentifyResult>;
  /** Checks a channel's identity again: its expiry, and its session (cached for 2 s). */
  stillValid(identity: Identity, now: number): Promise<StillValid>;
}

export function createSubscriberIdentities(deps: {
  anonKey: string;
  tokens: TokenService;
  sessions: SessionLiveness;
}): SubscriberIdentities {
  async function sessionVerdict(claims: Record<string, unknown>): Promise<'live' | 'ended'> {
    const verdict = await checkTokenSession(claims, deps.sessions);
    return verdict === 'live' || verdict === 'not_needed' ? 'live' : 'ended';
  }

  return {
    async identify(token) {
      if (!token || sameSecret(token, deps.anonKey)) return { ok: true, identity: anonymous };
      const verified = await deps.tokens.verify(token);
      if (!verified.ok) {
        return verified.reason === 'expired'
          ? { ok: false, reason: 'expired', message: 'Token has expired' }
          : { ok: false, reason: 'refused', message: `Invalid token: ${verified.message}` };
      }
      const claims = verified.claims as Record<string, unknown>;
      const role = claims.role;
      if (!isRequestRole(role)) {
        return { ok: false, reason: 'refused', message: 'Invalid token: the role claim is missing or not allowed' };
      }
      if ((await sessionVerdict(claims)) === 'ended') {
        return { ok: false, reason: 'refused', message: 'Session from session_id claim in JWT does not exist' };
      }
      const exp = typeof verified.claims.exp === 'number' ? verified.claims.exp : 0;
      return {
        ok: true,
        identity: {
          role,
          claims,
          claimsJson: JSON.stringify(claims),
          expiresAt: exp * 1000,
          hasSession: claims.session_id !== undefined,
        },
      };
    },
    async stillValid(identity, now) {
      if (identity.expiresAt <= now) return 'expired';
      if (!identity.hasSession) return 'valid';
      return (await sessionVerdict(identity.claims)) === 'live' ? 'valid' : 'ended';
    },
  };
}
