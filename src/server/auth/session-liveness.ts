/**
 * Is an access token's session still alive? Hosted Supabase lets an access token work on
 * PostgREST until it expires, whatever happened to its session; here a token stops working
 * within `ttlMs` of its session ending (sign-out of any scope, refresh-token reuse, a new
 * password, `npm run admin -- remove`). Answers are cached for `ttlMs` so a busy dashboard costs
 * one indexed lookup per session every few seconds, not one per request.
 *
 * /rest/v1 asks on every request; the realtime server when a channel joins, when it sends a change
 * and every `ttlMs` while a channel stays open (checkTokenSession is the whole rule for all).
 * Lookups asked for together (the realtime server asks about every listening session at once) go
 * to the database as one query.
 */
import { z } from 'zod';
import type { Queryable } from '../db/database.ts';
import { findLiveSessions } from './sessions.ts';

/** At most this long between a session ending elsewhere (another instance, the admin CLI) and its tokens failing here. */
export const sessionLivenessTtlMs = 2000;

const uuid = z.uuid();

export interface SessionLiveness {
  /** True while the session exists, belongs to the user and has not passed its `not_after`. */
  isLive(sessionId: string, userId: string): Promise<boolean>;
  /** Sessions of this user ended in this process: forget what was cached, so their tokens fail at once here. */
  ended(userId: string): void;
}

interface Entry {
  userId: string;
  live: Promise<boolean>;
  expiresAt: number;
}

export function createSessionLiveness(
  q: Queryable,
  options: { ttlMs?: number; now?: () => number; maxEntries?: number } = {},
): SessionLiveness {
  const ttlMs = options.ttlMs ?? sessionLivenessTtlMs;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  // ended() drops a user's entries, lookups in flight included, so no answer read before a
  // session ended here is served after it.
  const cache = new Map<string, Entry>();

  interface Asked {
    sessionId: string;
    userId: string;
    answer(live: boolean): void;
    fail(error: unknown): void;
  }
  /** Lookups asked for in this turn of the event loop, sent as one query at its end. */
  let batch: Asked[] | undefined;

  async function send(asked: Asked[]): Promise<void> {
    // Chunks keep each query's parameters small, whatever the number of sessions.
    for (let start = 0; start < asked.length; start += 500) {
      const chunk = asked.slice(start, start + 500);
      try {
        // A session counts only with the user it was asked with (uuids compared as Postgres does).
        const pair = (s: { sessionId: string; userId: string }) => `${s.sessionId}:${s.userId}`.toLowerCase();
        const live = new Set((await findLiveSessions(q, chunk)).map(pair));
        for (const item of chunk) item.answer(live.has(pair(item)));
      } catch (error) {
        for (const item of chunk) item.fail(error);
      }
    }
  }

  function lookup(sessionId: string, userId: string): Promise<boolean> {
    // Not an id the database could hold: no such session (and never a failed batch for the others).
    if (!uuid.safeParse(sessionId).success || !uuid.safeParse(userId).success) return Promise.resolve(false);
    return new Promise((answer, fail) => {
      if (!batch) {
        const asked: Asked[] = [];
        batch = asked;
        queueMicrotask(() => {
          batch = undefined;
          void send(asked);
        });
      }
      batch.push({ sessionId, userId, answer, fail });
    });
  }

  function sweep(t: number): void {
    for (const [key, entry] of cache) if (entry.expiresAt <= t) cache.delete(key);
    // Still full of live entries: drop the oldest (Map keeps insertion order).
    for (const key of cache.keys()) {
      if (cache.size < maxEntries) break;
      cache.delete(key);
    }
  }

  return {
    isLive(sessionId, userId) {
      const t = now();
      const key = `${sessionId}:${userId}`;
      const cached = cache.get(key);
      if (cached && cached.expiresAt > t) return cached.live;
      if (cache.size >= maxEntries) sweep(t);
      // Concurrent requests of one session share one lookup.
      const live = lookup(sessionId, userId);
      const entry: Entry = { userId, live, expiresAt: t + ttlMs };
      cache.set(key, entry);
      // A failed lookup (database away) is not an answer: the next request asks again.
      live.catch(() => {
        if (cache.get(key) === entry) cache.delete(key);
      });
      return live;
    },
    ended(userId) {
      for (const [key, entry] of cache) if (entry.userId === userId) cache.delete(key);
    },
  };
}

export type TokenSessionVerdict = 'live' | 'ended' | 'missing' | 'not_needed';

/**
 * The rule for a verified access token. A token naming a session needs that session alive. Tokens
 * this server issues always name one; a token without `session_id` is accepted only for the
 * `anon` and `service_role` roles, which name no user (only the holder of the signing key can
 * make such a token, as with Supabase's service key), and refused for every other role.
 */
export async function checkTokenSession(
  claims: Record<string, unknown>,
  liveness: SessionLiveness,
): Promise<TokenSessionVerdict> {
  const sessionId = claims.session_id;
  if (sessionId === undefined) {
    return claims.role === 'anon' || claims.role === 'service_role' ? 'not_needed' : 'missing';
  }
  const sub = claims.sub;
  if (typeof sessionId !== 'string' || !uuid.safeParse(sessionId).success) return 'missing';
  if (typeof sub !== 'string' || !uuid.safeParse(sub).success) return 'missing';
  return (await liveness.isLive(sessionId, sub)) ? 'live' : 'ended';
}
