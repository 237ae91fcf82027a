/**
 * Sign-up (off by default, never staff when on) and the password sign-in rate limits, through
 * supabase-js on PGlite and on PostgreSQL.
 */
import { randomInt } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../../tests/support/redis.ts';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { authLimits } from './rate-limits.ts';

const staff = { email: 'owner@saffron-lotus.test', password: 'owner passphrase 2024' };

function clientFrom(server: TestServer, address?: string): SupabaseClient {
  return createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    ...(address ? { global: { headers: { 'X-Forwarded-For': address } } } : {}),
  });
}

describe.each(backends)('sign-up and rate limits on %s', (backend) => {
  let locked: TestServer;
  let open: TestServer;
  beforeAll(async () => {
    // The tests reach the server from 127.0.0.1; trusting it as a proxy lets them speak for other addresses.
    locked = await startTestServer(backend, {
      ADMIN_EMAIL: staff.email,
      ADMIN_PASSWORD: staff.password,
      TRUST_PROXY: '127.0.0.1',
    });
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
});

describe('rate limits shared through Redis (REDIS_URL)', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    const env = { REDIS_URL: testRedisUrl(), TRUST_PROXY: '127.0.0.1' };
    first = await startTestServer('pglite', env);
    second = await startTestServer('postgres', env);
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
