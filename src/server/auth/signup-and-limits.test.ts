/**
 * Sign-up (off by default, never staff when on) and the password sign-in rate limits, through
 * supabase-js on PGlite and on PostgreSQL. The per-account sign-in delays are recorded rather
 * than waited out (the server's `sleep`), so the real policy numbers are checked in seconds.
 */
import { randomInt } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../../tests/support/redis.ts';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { authLimits, signInDelayMs, signInDelayPolicy } from './rate-limits.ts';

const staff = { email: 'owner@saffron-lotus.test', password: 'owner passphrase 2024' };

/** A server `sleep` that records each requested wait and returns at once. */
function recordedWaits(): { waits: number[]; sleep: (ms: number) => Promise<void> } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
}

function clientFrom(server: TestServer, address?: string): SupabaseClient {
  return createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    ...(address ? { global: { headers: { 'X-Forwarded-For': address } } } : {}),
  });
}

describe('the per-account sign-in delay', () => {
  it('answers the first ten attempts of a window at once, then waits 1 s doubling every ten, capped at 10 s', () => {
    const at = (attempts: number[]) => attempts.map((n) => signInDelayMs(n));
    expect(at([1, 5, 10])).toEqual([0, 0, 0]);
    expect(at([11, 20, 21, 30, 31, 40, 41, 50])).toEqual([1000, 1000, 2000, 2000, 4000, 4000, 8000, 8000]);
    expect(at([51, 100, 10_000])).toEqual([10_000, 10_000, 10_000]);
    expect(signInDelayPolicy.windowSeconds).toBe(900);
  });
});

describe.each(backends)('sign-up and rate limits on %s', (backend) => {
  let locked: TestServer;
  let open: TestServer;
  const recorder = recordedWaits();
  beforeAll(async () => {
    // The tests reach the server from 127.0.0.1; trusting it as a proxy lets them speak for other addresses.
    locked = await startTestServer(
      backend,
      { ADMIN_EMAIL: staff.email, ADMIN_PASSWORD: staff.password, TRUST_PROXY: '127.0.0.1' },
      undefined,
      { sleep: recorder.sleep },
    );
    open = await startTestServer(backend, { AUTH_ENABLE_SIGNUP: 'true' });
  });
  afterAll(async () => {
    await locked?.close();
    await open?.close();
  });

  it('refuses sign-up with 422 signup_disabled by default', async () => {
    const { data, error } = await clientFrom(locked).auth.signUp({
      email: 'guest@example.test',
      password: 'guest passphrase',
    });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('signup_disabled');
    expect(data.user).toBeNull();
    const count = await locked.deps.db.query<{ n: number }>('select count(*)::int as n from auth.users');
    expect(count.rows[0]?.n).toBe(1);
  });

  it('creates a signed-in account that is never staff when sign-up is on', async () => {
    const supabase = clientFrom(open);
    const { data, error } = await supabase.auth.signUp({
      email: 'Guest@Example.test',
      password: 'guest passphrase',
      options: { data: { role: 'staff', name: 'Guest' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe('guest@example.test');
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(data.user?.user_metadata).toEqual({ role: 'staff', name: 'Guest' });
    const claims = decodeJwt(data.session?.access_token ?? '');
    expect(claims.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    const again = await clientFrom(open).auth.signUp({ email: 'guest@example.test', password: 'another passphrase' });
    expect(again.error?.code).toBe('user_already_exists');
    const weak = await clientFrom(open).auth.signUp({ email: 'short@example.test', password: 'short' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.name).toBe('AuthWeakPasswordError');
    const signIn = await clientFrom(open).auth.signInWithPassword({
      email: 'guest@example.test',
      password: 'guest passphrase',
    });
    expect(signIn.error).toBeNull();
  });

  it('answers 429 over_request_rate_limit after repeated wrong sign-ins from one address, not from another', async () => {
    const attacker = clientFrom(locked, '203.0.113.7');
    const statuses: number[] = [];
    for (let i = 0; i < authLimits.passwordPerAddress.max + 1; i++) {
      const { error } = await attacker.auth.signInWithPassword({ email: staff.email, password: `guess ${i}` });
      statuses.push(error?.status ?? 200);
    }
    expect(statuses.slice(0, authLimits.passwordPerAddress.max).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThan(40);

    const raw = await fetch(`${locked.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: locked.anonKey, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify(staff),
    });
    expect(raw.status).toBe(429);
    expect(await raw.json()).toMatchObject({ code: 'over_request_rate_limit', message: expect.any(String) });
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);

    // The owner, elsewhere, still signs in.
    const owner = await clientFrom(locked, '198.51.100.9').auth.signInWithPassword(staff);
    expect(owner.error).toBeNull();
    expect(owner.data.session?.user.app_metadata.role).toBe('staff');
  });

  it('does not let guessing from five addresses lock the owner out, but slows every guess at the account', async () => {
    // The reported attack: 100 wrong guesses from five addresses, each staying within its own limit.
    const victim = { email: 'victim@saffron-lotus.test', password: 'victim passphrase at the pass' };
    const { createStaffAccount } = await import('./accounts.ts');
    await createStaffAccount(locked.deps.db, victim);
    recorder.waits.length = 0;
    const attackers = ['203.0.113.21', '203.0.113.22', '203.0.113.23', '203.0.113.24', '203.0.113.25'];
    const perAddress = authLimits.passwordPerAddress.max;
    const statuses = await Promise.all(
      attackers.map(async (address) => {
        const client = clientFrom(locked, address);
        const seen: number[] = [];
        for (let i = 0; i < perAddress; i++) {
          const { error } = await client.auth.signInWithPassword({ email: victim.email, password: `guess ${i}` });
          seen.push(error?.status ?? 200);
        }
        return seen;
      }),
    );
    expect(statuses.flat()).toEqual(Array(100).fill(400));
    // Each guess waited as the policy says for its place in the window: nothing for the first ten,
    // then 1 s, doubling every ten guesses up to the 10 s cap — about 11 minutes of waiting in all.
    const expected = Array.from({ length: 100 }, (_, i) => signInDelayMs(i + 1)).filter((ms) => ms > 0);
    expect([...recorder.waits].sort((x, y) => x - y)).toEqual(expected);
    expect(recorder.waits).toHaveLength(90);
    expect(Math.min(...recorder.waits)).toBe(1000);
    expect(Math.max(...recorder.waits)).toBe(10_000);
    expect(recorder.waits.reduce((sum, ms) => sum + ms, 0)).toBe(650_000);

    // The attackers' addresses are spent: the next guess from any of them is refused outright.
    const refused = await clientFrom(locked, attackers[0]).auth.signInWithPassword({
      email: victim.email,
      password: 'guess 21',
    });
    expect(refused.error?.status).toBe(429);

    // The owner, from a sixth address, signs in: late by the capped delay, not locked out.
    recorder.waits.length = 0;
    const owner = await clientFrom(locked, '198.51.100.60').auth.signInWithPassword(victim);
    expect(owner.error).toBeNull();
    expect(owner.data.session?.user.email).toBe(victim.email);
    expect(recorder.waits).toEqual([signInDelayPolicy.maxDelayMs]);
    expect(signInDelayPolicy.maxDelayMs).toBe(10_000);
  });

  it('counts the IPv6 addresses of one /64 as one address', async () => {
    const attempt = { email: 'nobody-v6@saffron-lotus.test', password: 'wrong guess' };
    for (let i = 0; i < authLimits.passwordPerAddress.max; i++) {
      // A fresh interface identifier for every guess, as a host with a /64 can pick.
      const address = `2001:db8:5:6:${(i + 1).toString(16)}::1`;
      const { error } = await clientFrom(locked, address).auth.signInWithPassword(attempt);
      expect(error?.status).toBe(400);
    }
    const sameNetwork = await clientFrom(locked, '2001:db8:5:6:ffff:ffff:ffff:fffe').auth.signInWithPassword(attempt);
    expect(sameNetwork.error?.status).toBe(429);
    expect(sameNetwork.error?.code).toBe('over_request_rate_limit');
    const nextNetwork = await clientFrom(locked, '2001:db8:5:7::1').auth.signInWithPassword(attempt);
    expect(nextNetwork.error?.status).toBe(400);
  });
});

describe('rate limits shared through Redis (REDIS_URL)', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    const env = { REDIS_URL: testRedisUrl(), TRUST_PROXY: '127.0.0.1' };
    const { sleep } = recordedWaits();
    first = await startTestServer('pglite', env, undefined, { sleep });
    second = await startTestServer('postgres', env, undefined, { sleep });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('counts an address across instances', async () => {
    // A fresh address per run: the counters outlive the test in Redis for one window.
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const attempt = { email: 'nobody@saffron-lotus.test', password: 'wrong guess' };
    for (let i = 0; i < authLimits.passwordPerAddress.max; i++) {
      const { error } = await clientFrom(i % 2 === 0 ? first : second, address).auth.signInWithPassword(attempt);
      expect(error?.status).toBe(400);
    }
    for (const server of [first, second]) {
      const { error } = await clientFrom(server, address).auth.signInWithPassword(attempt);
      expect(error?.status).toBe(429);
      expect(error?.code).toBe('over_request_rate_limit');
    }
  });
});
