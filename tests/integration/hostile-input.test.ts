/**
 * Hostile input against every public surface of the real server: a seeded fuzz of methods,
 * headers, tokens and bodies, and a gallery of forged tokens. Nothing may answer 5xx, crash the
 * process, pollute prototypes, or store a row.
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBooking } from '../support/builders.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('pglite', { RATE_LIMITS: 'off' });
});
afterAll(async () => server.close());

async function rowCount(): Promise<number> {
  const { rows } = await server.deps.db.query<{ n: number }>('select count(*)::int as n from public.reservations');
  return Number(rows[0]?.n);
}

const validBooking = guestBooking({ name: 'Fuzz Guest' });

// Each defect alone makes a booking invalid, so no generated body may ever be stored.
const defect = fc.constantFrom<Record<string, unknown>>(
  { guests: 0 },
  { guests: 'abc' },
  { guests: 1.5 },
  { name: '' },
  { name: '   ' },
  { email: null },
  { date: '2026-02-30' },
  { date: 'tomorrow' },
  { notes: 'x'.repeat(1001) },
  { arrived: true },
  { id: 1 },
  { created_at: '2020-01-01T00:00:00Z' },
  { unknown_column: 1 },
  { name: { nested: { deeper: ['x'] } } },
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
);

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    "'; drop table public.reservations; --",
    '") or 1=1 --',
    'name.eq.x,or(id.gt.0)',
    '*',
    '%00',
    '\u0000\u0001\u001b[31m',
    '__proto__',
    'constructor.prototype',
    '../../etc/passwd',
    'eq.',
    '(((((',
    '"unterminated',
    'x'.repeat(5000),
  ),
);

const body = fc.oneof(
  defect.map((d) => JSON.stringify({ ...validBooking, ...d })),
  defect.map((d) => `{"__proto__": {"polluted": true}, ${JSON.stringify({ ...validBooking, ...d }).slice(1)}`),
  fc.json().filter((text) => !text.includes('"guests"')),
  hostileString,
  fc.constantFrom('{', '[', '{"name":', 'null', 'true', '[]', '[{}]', '{"a":1}{"b":2}', 'x'.repeat(70 * 1024)),
  fc.constant(''),
);

const surface = fc.constantFrom(
  '/rest/v1/reservations',
  '/rest/v1/reservations?select=*',
  '/rest/v1/no_such_table',
  '/rest/v1/',
  '/auth/v1/token?grant_type=password',
  '/auth/v1/token?grant_type=refresh_token',
  '/auth/v1/token?grant_type=nonsense',
  '/auth/v1/user',
  '/auth/v1/logout',
  '/auth/v1/signup',
  '/auth/v1/factors',
  '/auth/v1/factors/not-a-uuid/verify',
  '/sheets/exec',
  '/config.json',
  '/health',
);

const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'),
  path: surface,
  query: fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('select', 'order', 'limit', 'offset', 'name', 'id', 'or', 'and', 'columns', 'scope'),
        hostileString,
      ),
      hostileString,
    ),
    { maxLength: 4 },
  ),
  // Mostly a valid key, so most requests get past the front door to the code behind it.
  apikey: fc.oneof(
    { arbitrary: fc.constant('valid' as const), weight: 6 },
    { arbitrary: fc.constant('none' as const), weight: 1 },
    { arbitrary: fc.constant('wrong' as const), weight: 1 },
  ),
  authorization: fc.oneof(
    fc.constant(undefined),
    fc.constant('anon'),
    hostileString.map((s) => `Bearer ${s}`),
    fc.constant('Bearer a.b.c'),
    hostileString,
  ),
  contentType: fc.constantFrom(
    'application/json',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    undefined,
  ),
  prefer: fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('return=representation', 'count=exact', 'return=minimal, count=exact', 'tx=commit'),
    hostileString,
  ),
  accept: fc.constantFrom('application/json', 'application/vnd.pgrst.object+json', 'text/csv', '*/*', undefined),
  body,
});

function headerSafe(value: string): string {
  // fetch refuses header values with control characters or non-Latin-1 text; keep the rest hostile.
  return value.replace(/[^\x20-\x7e]/g, '?').slice(0, 4000);
}

describe('seeded fuzz of the public surfaces', () => {
  it('never answers 5xx, never stores a row, never pollutes prototypes', async () => {
    const before = await rowCount();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const url = new URL(r.path, server.url);
        for (const [k, v] of r.query) url.searchParams.append(k, v);
        const headers: Record<string, string> = {};
        if (r.apikey === 'valid') headers.apikey = server.anonKey;
        if (r.apikey === 'wrong') headers.apikey = 'sb_publishable_wrongwrongwrongwrongwrongwrong';
        if (r.authorization === 'anon') headers.authorization = `Bearer ${server.anonKey}`;
        else if (r.authorization !== undefined) headers.authorization = headerSafe(r.authorization);
        if (r.contentType) headers['content-type'] = r.contentType;
        if (r.prefer) headers.prefer = headerSafe(r.prefer);
        if (r.accept) headers.accept = r.accept;
        const hasBody = !['GET', 'HEAD'].includes(r.method);
        const response = await fetch(url, { method: r.method, headers, body: hasBody ? r.body : undefined });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status, `${r.method} ${url.pathname}${url.search}`).toBeLessThan(500);
      }),
      { seed: 20261122, numRuns: 600 },
    );
    expect(await rowCount()).toBe(before);
    // The fuzz must reach past the front door: refusals of several kinds, not only 401s.
    expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThanOrEqual(6);
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  }, 240_000);
});

describe('forged tokens', () => {
  async function restStatus(token: string): Promise<number> {
    const response = await fetch(`${server.url}/rest/v1/reservations?select=id`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    return response.status;
  }

  const now = () => Math.floor(Date.now() / 1000);
  const staffClaims = () => ({
    sub: '00000000-0000-4000-8000-00000000beef',
    role: 'authenticated',
    aud: 'authenticated',
    app_metadata: { role: 'staff' },
    session_id: '00000000-0000-4000-8000-00000000cafe',
  });

  function base64url(value: object | string): string {
    return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  }

  it('accepts a genuine staff token (the control case)', async () => {
    // REST accepts a user's token only while its session lives: give the claims a real one.
    const { sub, session_id } = staffClaims();
    await server.deps.db.query(
      `insert into auth.users (id, aud, role, email, created_at, updated_at) values ($1, 'authenticated', 'authenticated', 'staff@example.com', now(), now())`,
      [sub],
    );
    await server.deps.db.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`,
      [session_id, sub],
    );
    const { token } = await server.deps.tokens.sign({
      ...staffClaims(),
      email: 'staff@example.com',
      phone: '',
      user_metadata: {},
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: now() }],
      is_anonymous: false,
    });
    expect(await restStatus(token)).toBe(200);
  });

  it('refuses expired, not-yet-valid, wrong-kid, alg:none, HS256-with-the-public-key and forged-role tokens with 401', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const kid = server.deps.keys.kid;
    const expired = await new SignJWT(staffClaims())
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuedAt(now() - 7200)
      .setExpirationTime(now() - 3600)
      .sign(server.deps.keys.privateKey);
    const notYetValid = await new SignJWT(staffClaims())
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuedAt()
      .setNotBefore(now() + 3600)
      .setExpirationTime(now() + 7200)
      .sign(server.deps.keys.privateKey);
    const wrongKid = await new SignJWT(staffClaims())
      .setProtectedHeader({ alg: 'ES256', kid: 'another-key' })
      .setIssuedAt()
      .setExpirationTime(now() + 600)
      .sign(server.deps.keys.privateKey);
    const foreignKey = await new SignJWT(staffClaims())
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuedAt()
      .setExpirationTime(now() + 600)
      .sign(privateKey);
    const algNone = `${base64url({ alg: 'none', typ: 'JWT', kid })}.${base64url({ ...staffClaims(), exp: now() + 600 })}.`;
    // The classic confusion attack: HMAC-sign with the public key text, which anyone can fetch.
    const publicKeyText = JSON.stringify(server.deps.keys.publicJwk);
    const hsHeader = base64url({ alg: 'HS256', typ: 'JWT', kid });
    const hsPayload = base64url({ ...staffClaims(), exp: now() + 600 });
    const hs256 = `${hsHeader}.${hsPayload}.${createHmac('sha256', publicKeyText).update(`${hsHeader}.${hsPayload}`).digest('base64url')}`;
    // A genuine token whose payload was edited to claim staff: the signature no longer matches.
    const { token: genuine } = await server.deps.tokens.sign({
      sub: '00000000-0000-4000-8000-00000000f00d',
      role: 'authenticated',
      email: 'guest@example.com',
      phone: '',
      app_metadata: { provider: 'email' },
      user_metadata: {},
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: now() }],
      session_id: '00000000-0000-4000-8000-00000000f00e',
      is_anonymous: false,
    });
    const [h, p, s] = genuine.split('.');
    const claims = JSON.parse(Buffer.from(p ?? '', 'base64url').toString());
    const forgedRole = `${h}.${base64url({ ...claims, app_metadata: { role: 'staff' } })}.${s}`;

    const forged = { expired, notYetValid, wrongKid, foreignKey, algNone, hs256, forgedRole };
    const statuses = Object.fromEntries(
      await Promise.all(Object.entries(forged).map(async ([k, t]) => [k, await restStatus(t)])),
    );
    expect(statuses).toEqual(Object.fromEntries(Object.keys(forged).map((k) => [k, 401])));
  });
});
