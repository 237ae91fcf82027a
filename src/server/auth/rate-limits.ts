/**
 * The auth surface's rate limits. Every per-address limit counts under the client's rate-limit
 * key (an IPv4 address, or an IPv6 /64: see http/client-address.ts) and refuses with 429 once
 * spent.
 *
 * Password sign-in is limited per address, hard; per account it is only slowed, never refused.
 * A hard per-account limit let a handful of addresses lock the owner out (every window, for as
 * long as the attack lasted); a delay keeps the owner's sign-in working — late by at most
 * `maxDelayMs` — while every guess at a busy account costs time.
 */
import { createHash } from 'node:crypto';
import type { Limit, RateLimiter } from '../rate-limit/rate-limiter.ts';
import { errors } from './errors.ts';

export const authLimits = {
  /** 20 sign-in attempts per address (IPv6: per /64) per 5 minutes. */
  passwordPerAddress: { max: 20, windowSeconds: 300 },
  refreshPerAddress: { max: 150, windowSeconds: 300 },
  signupPerAddress: { max: 30, windowSeconds: 3600 },
  /** TOTP codes are 6 digits: 10 guesses per user per 5 minutes keep guessing hopeless. */
  mfaVerifyPerUser: { max: 10, windowSeconds: 300 },
  mfaVerifyPerAddress: { max: 30, windowSeconds: 300 },
} satisfies Record<string, Limit>;

/**
 * The per-account sign-in delay: attempts on one account are counted over `windowSeconds`; the
 * first `freeAttempts` are answered at once, then each attempt waits `firstDelayMs`, doubling
 * every `doublingEvery` attempts, up to `maxDelayMs`. The wait comes before the password is
 * checked, so giving up early on a slow answer tells a guesser nothing.
 */
export const signInDelayPolicy = {
  windowSeconds: 900,
  freeAttempts: 10,
  firstDelayMs: 1000,
  doublingEvery: 10,
  maxDelayMs: 10_000,
} as const;

/** How long the `attempt`-th sign-in on one account in the current window waits (0 for the first ones). */
export function signInDelayMs(attempt: number, policy = signInDelayPolicy): number {
  const over = attempt - policy.freeAttempts;
  if (over <= 0) return 0;
  const doublings = Math.floor((over - 1) / policy.doublingEvery);
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** doublings);
}

/** The counting window of the delay, as a limit that never refuses (the limiter only counts). */
export const signInDelayWindow: Limit = {
  max: Number.MAX_SAFE_INTEGER,
  windowSeconds: signInDelayPolicy.windowSeconds,
};

/** Emails are hashed before they become counter keys: the counters (maybe in Redis) hold no personal data. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

/** Throws 429 over_request_rate_limit (with Retry-After) when the limit is spent. */
export async function enforce(limiter: RateLimiter, bucket: string, key: string, limit: Limit): Promise<void> {
  const decision = await limiter.hit(bucket, key, limit);
  if (!decision.allowed) throw errors.rateLimited(decision.retryAfter);
}
