/**
 * Fixed-window counters in Redis (REDIS_URL), shared by every server instance. If Redis cannot
 * answer quickly, this instance counts in memory until it can: limits stay on (per instance)
 * rather than either locking everybody out or letting unlimited guessing through.
 */
import { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter.ts';

// One round trip: count, start the window's expiry on the first hit, report the time left.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

export interface RedisRateLimiterOptions {
  /** Prefix of every key (tests use their own). */
  prefix?: string;
  /** How long one counter update may take before the memory fallback answers. */
  timeoutMs?: number;
  logger?: Pick<Logger, 'warn'>;
}

export function createRedisRateLimiter(url: string, options: RedisRateLimiterOptions = {}): RateLimiter {
  const prefix = options.prefix ?? 'saffron:rl:';
  const timeoutMs = options.timeoutMs ?? 500;
  const redis = new Redis(url, {
    lazyConnect: false,
    // Commands sent while the first connection is being made wait for it (up to the timeout).
    enableOfflineQueue: true,
    maxRetriesPerRequest: 0,
    commandTimeout: timeoutMs,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
  });
  const fallback = createMemoryRateLimiter();
  let degraded = false;
  // Connection errors are reported through hit(); without a listener ioredis would print each one.
  redis.on('error', () => {});

  return {
    async hit(bucket, key, limit) {
      try {
        // While Redis is known to be down, do not wait for it on every request.
        if (redis.status === 'reconnecting' || redis.status === 'end') throw new Error(`Redis is ${redis.status}`);
        const reply = await redis.eval(hitScript, 1, `${prefix}${bucket}:${key}`, String(limit.windowSeconds * 1000));
        if (!Array.isArray(reply)) throw new Error('unexpected reply from Redis');
        const count = Number(reply[0]);
        const ttl = Number(reply[1]);
        if (degraded) {
          degraded = false;
          options.logger?.warn({ msg: 'rate limits: Redis answers again; counters are shared again' });
        }
        return { allowed: count <= limit.max, count, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
      } catch (error) {
        if (!degraded) {
          degraded = true;
          options.logger?.warn({
            msg: 'rate limits: Redis is unavailable; counting in this instance only until it answers',
            err: error instanceof Error ? error.message : String(error),
          });
        }
        return fallback.hit(bucket, key, limit);
      }
    },
    async close() {
      await fallback.close();
      redis.disconnect();
    },
  };
}
