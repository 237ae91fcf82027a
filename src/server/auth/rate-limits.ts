/**
 * The auth surface's rate limits. Password sign-in counts per client address and per account:
 * the address limit is the stricter, so one address guessing at an account is stopped well before
 * the account's own limit, and the owner can still sign in from elsewhere; the account limit
 * stops guessing spread over many addresses, and only such an attack can lock the owner out, for
 * at most one window.
 */
import { createHash } from 'node:crypto';
import type { Limit, RateLimiter } from '../rate-limit/rate-limiter.ts';
import { errors } from './errors.ts';

export const authLimits = {
  /** 20 sign-in attempts per address per 5 minutes. */
  passwordPerAddress: { max: 20, windowSeconds: 300 },
  /** 100 per account per 15 minutes: one address (at most ~60 in that time) never reaches it. */
  passwordPerEmail: { max: 100, windowSeconds: 900 },
  refreshPerAddress: { max: 150, windowSeconds: 300 },
  signupPerAddress: { max: 30, windowSeconds: 3600 },
  /** TOTP codes are 6 digits: 10 guesses per user per 5 minutes keep guessing hopeless. */
  mfaVerifyPerUser: { max: 10, windowSeconds: 300 },
  mfaVerifyPerAddress: { max: 30, windowSeconds: 300 },
} satisfies Record<string, Limit>;

/** Emails are hashed before they become counter keys: the counters (maybe in Redis) hold no personal data. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

/** Throws 429 over_request_rate_limit (with Retry-After) when the limit is spent. */
export async function enforce(limiter: RateLimiter, bucket: string, key: string, limit: Limit): Promise<void> {
  const decision = await limiter.hit(bucket, key, limit);
  if (!decision.allowed) throw errors.rateLimited(decision.retryAfter);
}
