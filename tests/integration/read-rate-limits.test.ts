/**
 * Guests' reads are limited per client address (review #20, item 8): booking_availability and
 * every other guest GET of /rest/v1, and the manage link's page, on PGlite and PostgreSQL with the
 * counters in memory, and shared by two instances through Redis. Over the limit the answer is 429
 * with Retry-After, in PostgREST's error shape on /rest/v1 (what supabase-js reads). Staff, other
 * addresses and guests' writes keep their own budgets.
 */
import { randomInt } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestReadLimit, manageLinkLimit } from '../../src/server/rate-limit/read-limits.ts';
import { guestBooking, restaurantDate } from '../support/builders.ts';
import { testRedisUrl } from '../support/redis.ts';
import { signUserToken } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

/** The tests reach the server from 127.0.0.1; trusting it as a proxy lets them speak for other addresses. */
const trustTests = { TRUST_PROXY: '127.0.0.1' };

function clientFrom(server: TestServer, address: string, accessToken?: string): SupabaseClient {
  return createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { 'x-forwarded-for': address } },
    ...(accessToken ? { accessToken: async () => accessToken } : {}),
  });
}

const day = restaurantDate(12);
const askAvailability = (client: SupabaseClient) =>
  client.rpc('booking_availability', { p_branch: 'Sa Pa', p_date: day, p_guests: 2 }, { get: true });

/** `count` requests at once: a fixed window counts them however they arrive. */
function times<T>(count: number, request: () => PromiseLike<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, request));
}

/** A fresh address per run: counters in Redis outlive a test by one window. */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe.each(backends)('guest reads limited per address on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, trustTests);
  });
  afterAll(async () => server?.close());

  it(`answers ${guestReadLimit.max} availability reads a minute per address, then 429 as PostgREST would`, async () => {
    const guest = clientFrom(server, '198.51.100.20');
    const answers = await times(guestReadLimit.max, () => askAvailability(guest));
    expect(answers.map((answer) => answer.status)).toEqual(Array(guestReadLimit.max).fill(200));

    const refused = await askAvailability(guest);
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({
      code: 'over_request_rate_limit',
      message: 'Too many requests. Please try again later.',
      details: null,
      hint: expect.stringMatching(/^Try again in \d+ seconds\.$/),
    });
    const raw = await fetch(`${server.url}/rest/v1/rpc/booking_availability?p_branch=Sa+Pa&p_date=${day}&p_guests=2`, {
      headers: { apikey: server.anonKey, 'x-forwarded-for': '198.51.100.20' },
    });
    expect(raw.status).toBe(429);
    const retryAfter = Number(raw.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(guestReadLimit.windowSeconds);
    expect(raw.headers.get('content-type')).toContain('application/json');
    // HEAD and any other guest read share the budget: the manage page's call read by GET too.
    const head = await fetch(raw.url, {
      method: 'HEAD',
      headers: { apikey: server.anonKey, 'x-forwarded-for': '198.51.100.20' },
    });
    expect(head.status).toBe(429);
    const byToken = await guest.rpc('booking_by_token', { p_token: 'A'.repeat(43) }, { get: true });
    expect(byToken.status).toBe(429);

    // Another address, staff at the same address, and the guest's own writes are not held back.
    expect((await askAvailability(clientFrom(server, '198.51.100.21'))).status).toBe(200);
    const staff = clientFrom(server, '198.51.100.20', await signUserToken(server, { staff: true }));
    expect((await askAvailability(staff)).status).toBe(200);
    const booked = await guest.from('reservations').insert(guestBooking({ name: 'Still Books' }));
    expect(booked.status).toBe(201);
  });

  it(`opens ${manageLinkLimit.max} manage links a minute per address, in any language, then 429 without a look-up`, async () => {
    const open = (path: string, address: string) =>
      fetch(`${server.url}${path}`, { headers: { 'x-forwarded-for': address } });
    const paths = Array.from({ length: manageLinkLimit.max }, (_, i) =>
      i % 2 === 0 ? `/booking/${'B'.repeat(43)}` : `/vi/booking/${'C'.repeat(43)}/`,
    );
    const answers = await Promise.all(paths.map((path) => open(path, '198.51.100.30')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(manageLinkLimit.max).fill(404));

    const refused = await open(`/vi/booking/${'B'.repeat(43)}`, '198.51.100.30');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('referrer-policy')).toBe('no-referrer');
    expect(refused.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect((await open(`/booking/${'B'.repeat(43)}`, '198.51.100.31')).status).toBe(404);
  });
});

describe('guest read limits shared through Redis (REDIS_URL)', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    const env = { ...trustTests, REDIS_URL: testRedisUrl() };
    first = await startTestServer('pglite', env);
    second = await startTestServer('postgres', env);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('counts an address across instances, for availability and for manage links', async () => {
    const address = freshAddress();
    const [a, b] = [clientFrom(first, address), clientFrom(second, address)];
    const half = guestReadLimit.max / 2;
    const answers = [
      ...(await times(half, () => askAvailability(a))),
      ...(await times(half, () => askAvailability(b))),
    ];
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    for (const client of [a, b]) {
      const refused = await askAvailability(client);
      expect(refused.status).toBe(429);
      expect(refused.error?.code).toBe('over_request_rate_limit');
    }

    const linkAddress = freshAddress();
    const open = (server: TestServer) =>
      fetch(`${server.url}/vi/booking/${'D'.repeat(43)}`, { headers: { 'x-forwarded-for': linkAddress } });
    const opened = await Promise.all(
      Array.from({ length: manageLinkLimit.max }, (_, i) => open(i % 2 ? first : second)),
    );
    expect(opened.every((answer) => answer.status === 404)).toBe(true);
    expect((await open(first)).status).toBe(429);
    expect((await open(second)).status).toBe(429);
  });
});
