/**
 * Fixed-window rate limiting. The counters live in memory, or in Redis when several server
 * instances must share them (REDIS_URL). RATE_LIMITS=off turns every limit off (benchmarks).
 */
export interface Limit {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Hits in the current window, this one included (0 when limits are off). */
  count: number;
  /** Seconds until the window resets (for Retry-After). */
  retryAfter: number;
}

export interface RateLimiter {
  hit(bucket: string, key: string, limit: Limit): Promise<RateDecision>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweeps = 0;
  return {
    async hit(bucket, key, limit) {
      const t = now();
      // Drop expired windows now and then so the map cannot grow without bound.
      if (++sweeps % 1000 === 0) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      }
      const id = `${bucket}:${key}`;
      let window = windows.get(id);
      if (!window || window.resetAt <= t) {
        window = { count: 0, resetAt: t + limit.windowSeconds * 1000 };
        windows.set(id, window);
      }
      window.count += 1;
      return {
        allowed: window.count <= limit.max,
        count: window.count,
        retryAfter: Math.max(1, Math.ceil((window.resetAt - t) / 1000)),
      };
    },
    async close() {
      windows.clear();
    },
  };
}

export const unlimited: RateLimiter = {
  async hit() {
    return { allowed: true, count: 0, retryAfter: 0 };
  },
  async close() {},
};
