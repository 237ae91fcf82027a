/** The Redis limiter against the Redis the global setup found or started (tests/support/redis.ts). */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../../tests/support/redis.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { createRedisRateLimiter } from './redis-rate-limiter.ts';

describe('the Redis rate limiter', () => {
  const prefix = `saffron-test:${randomBytes(6).toString('hex')}:`;
  const opened: RateLimiter[] = [];
  const open = (options: Parameters<typeof createRedisRateLimiter>[1] = {}) => {
    const limiter = createRedisRateLimiter(testRedisUrl(), { prefix, ...options });
    opened.push(limiter);
    return limiter;
  };
  afterAll(async () => {
    for (const limiter of opened) await limiter.close();
  });

  it('shares one window between instances and refuses past the limit', async () => {
    const a = open();
    const b = open();
    const limit = { max: 3, windowSeconds: 60 };
    const decisions = [
      await a.hit('password-address', '203.0.113.1', limit),
      await b.hit('password-address', '203.0.113.1', limit),
      await a.hit('password-address', '203.0.113.1', limit),
      await b.hit('password-address', '203.0.113.1', limit),
    ];
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    // The count is what the per-account sign-in delay reads: shared by every instance too.
    expect(decisions.map((d) => d.count)).toEqual([1, 2, 3, 4]);
    expect(decisions[3]?.retryAfter).toBeGreaterThan(55);
    expect(decisions[3]?.retryAfter).toBeLessThanOrEqual(60);
    // Another key and another bucket count separately.
    expect((await a.hit('password-address', '203.0.113.2', limit)).allowed).toBe(true);
    expect((await a.hit('refresh-address', '203.0.113.1', limit)).allowed).toBe(true);
  });

  it('starts a new window when the old one expires', async () => {
    const limiter = open();
    const limit = { max: 1, windowSeconds: 1 };
    expect((await limiter.hit('signup-address', 'x', limit)).allowed).toBe(true);
    expect((await limiter.hit('signup-address', 'x', limit)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await limiter.hit('signup-address', 'x', limit)).allowed).toBe(true);
  });

  it('keeps limiting in memory when Redis cannot be reached', async () => {
    const warnings: unknown[] = [];
    const limiter = createRedisRateLimiter('redis://127.0.0.1:1', {
      prefix,
      logger: { warn: (entry: unknown) => warnings.push(entry) },
    });
    opened.push(limiter);
    const limit = { max: 2, windowSeconds: 60 };
    const allowed = [];
    for (let i = 0; i < 3; i++) allowed.push((await limiter.hit('password-account', 'k', limit)).allowed);
    expect(allowed).toEqual([true, true, false]);
    expect(warnings).toHaveLength(1);
  });
});
