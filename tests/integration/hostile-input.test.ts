/**
 * Hostile input against every public surface of the real server, on PGlite and on PostgreSQL:
 * a seeded fuzz of methods, paths, query strings, headers, tokens and bodies (10,000 cases per
 * database, in-process through app.request so it stays fast), the requests the security review
 * found answering 500, and a gallery of forged tokens. Nothing may answer 5xx, change the table
 * when it refuses, let a guest store more than one row per request, pollute a prototype, or write
 * a warning or an error to the log.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Hono } from 'hono';
import { generateKeyPair, SignJWT } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppEnv, createApp } from '../../src/server/app.ts';
import {
  deepJson,
  extremeDates,
  extremeNumbers,
  guestBooking,
  hostileStrings,
  sheetsPayload,
} from '../support/builders.ts';
import { signUserToken } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

/** Fuzz cases per database. */
const runs = 10_000;

const columns = [
  'id',
  'name',
  'mobile',
  'email',
  'date',
  'guests',
  'branch',
  'time',
  'period',
  'notes',
  'arrived',
  'allocated',
  'created_at',
];

/** Text a client controls: short and odd, control characters (NUL too), any code unit, or a known trap. */
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 3,
    arbitrary: fc.string({
      unit: fc.constantFrom('\u0000', '\u0001', '\u001b', '\u007f', '\n', '\t', 'a', 'é', '\ud800', '😀'),
    }),
  },
  { weight: 3, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 10_000 }).map((n) => 'x'.repeat(n)) },
);
const extremeDate = fc.oneof(
  fc.constantFrom(...extremeDates),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);
const extremeNumber = fc.oneof(
  fc.constantFrom(...extremeNumbers),
  fc.double(),
  fc.integer(),
  fc.bigInt().map((n) => n.toString()),
);
const scalarText = fc.oneof(hostileString, extremeDate, extremeNumber.map(String));

// ── query strings ──────────────────────────────────────────────────────────────────────────────

const column = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...columns) }, { weight: 1, arbitrary: hostileString });
const operator = fc.constantFrom(
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'fts',
  'bogus',
);
/** `(v,v,…)` with up to 1,500 values: around the in-list limit. */
const inList = fc
  .tuple(fc.integer({ min: 0, max: 1500 }), scalarText)
  .map(([n, v]) => `(${Array.from({ length: n }, (_, i) => (i % 2 ? v : String(i))).join(',')})`);
const filterValue = fc
  .tuple(fc.boolean(), operator, fc.oneof(scalarText, inList, fc.constantFrom('null', 'true', 'not_null')))
  .map(([not, op, value]) => `${not ? 'not.' : ''}${op}.${value}`);

const condition = fc.tuple(column, filterValue).map(([c, v]) => `${c}.${v}`);
/** A few conditions wrapped in a few and/or groups (cheaper to make than a recursive arbitrary). */
const tree = fc
  .tuple(
    fc.array(condition, { minLength: 1, maxLength: 4 }),
    fc.array(fc.tuple(fc.constantFrom('and', 'or', 'not.and', 'not.or'), condition), { maxLength: 3 }),
  )
  .map(([conditions, groups]) =>
    groups.reduce((inner, [combinator, other]) => `${combinator}(${inner},${other})`, conditions.join(',')),
  );
/** The inside of an `or=(…)`: a random tree, a deep one, or a wide one. */
const logicBody = fc.oneof(
  fc.array(tree, { minLength: 0, maxLength: 3 }).map((parts) => parts.join(',')),
  fc.integer({ min: 1, max: 60 }).map((n) => `${'not.and('.repeat(n)}id.eq.1${')'.repeat(n)}`),
  fc.integer({ min: 1, max: 400 }).map((n) => Array.from({ length: n }, (_, i) => `name.ilike.*x${i}*`).join(',')),
);
const selectItem = fc.oneof(column, fc.constantFrom('*', 'guest:name', 'id::text', 'users(*)', '...other', '"quoted"'));
const listOf = (item: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(item, { maxLength: 6 }).map((items) => items.join(',')) },
    // Around and far beyond the 100-entry limit, and beyond Postgres's 1,664 target-list entries.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 90, max: 2000 }), fc.constantFrom(...columns, '*'))
        .map(([n, entry]) => Array(n).fill(entry).join(',')),
    },
  );
const param: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(fc.constant('select'), fc.oneof(listOf(selectItem), hostileString)),
  fc.tuple(
    fc.constant('order'),
    listOf(fc.tuple(column, fc.constantFrom('', '.asc', '.desc.nullslast', '.sideways')).map(([c, d]) => c + d)),
  ),
  fc.tuple(fc.constantFrom('limit', 'offset'), fc.oneof(fc.nat().map(String), extremeNumber.map(String))),
  fc.tuple(fc.constantFrom('columns', 'on_conflict'), listOf(column)),
  fc.tuple(
    fc.constantFrom('or', 'and', 'not.or', 'not.and'),
    logicBody.map((body) => `(${body})`),
  ),
  fc.tuple(fc.constantFrom('or', 'and'), hostileString),
  fc.tuple(column, filterValue),
  fc.tuple(hostileString, hostileString),
);
/** Raw text appended to a query string, percent-escapes broken or not. */
const rawQueryTail = fc.oneof(
  fc.constant(''),
  fc.constantFrom('&name=eq.%00', '&x=%E0%A4%A', '&%zz=1', '&=&&=', '&date=eq.0000-01-01', '&select=%'),
  fc.integer({ min: 0, max: 300 }).map((n) => Array.from({ length: n }, (_, i) => `&id=neq.${i}`).join('')),
  fc.integer({ min: 7000, max: 20_000 }).map((n) => `&name=eq.${'a'.repeat(n)}`),
);
const queryString = fc
  .tuple(fc.array(param, { maxLength: 5 }), rawQueryTail)
  .map(([params, tail]) => `${new URLSearchParams(params).toString()}${tail}`);

// ── paths ──────────────────────────────────────────────────────────────────────────────────────

const restPath = fc.oneof(
  { weight: 10, arbitrary: fc.constant('/rest/v1/reservations') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '/rest/v1/no_such_table',
      '/rest/v1/',
      '/rest/v1',
      '/rest/v1/pg_authid',
      '/rest/v1/reservations/1',
      '/rest/v1/%22reservations%22',
      '/rest/v1/%E0%A4%A',
      '/rest/v1/%00',
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.constantFrom('pg_sleep', 'reservations', 'now', ''), hostileString)
      .map((fn) => `/rest/v1/rpc/${encodeURIComponent(fn.replace(/[\ud800-\udfff]/g, '?'))}`),
  },
);
const otherPath = fc.constantFrom(
  '/sheets/exec',
  '/sheets/exec',
  '/sheets/exec',
  '/auth/v1/token?grant_type=password',
  '/auth/v1/token?grant_type=refresh_token',
  '/auth/v1/token?grant_type=nonsense',
  '/auth/v1/user',
  '/auth/v1/logout',
  '/auth/v1/logout?scope=nonsense',
  '/auth/v1/signup',
  '/auth/v1/factors',
  '/auth/v1/factors/not-a-uuid/verify',
  '/auth/v1/factors/00000000-0000-4000-8000-000000000000/challenge',
  '/auth/v1/.well-known/jwks.json',
  '/auth/v1/settings',
  '/sheets/exec',
  '/sheets/exec?action=reserve',
  '/config.json',
  '/health',
);
const staticPath = fc.oneof(
  fc.constantFrom(
    '/',
    '/menu',
    '/reservation',
    '/admin/login',
    '/admin/dashboard/',
    '/index.html',
    '/assets/app-0123abcd.js',
    '/data/menu.json',
    '/no-such-page',
    '/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/assets/%00',
    '/%E0%A4%A',
    '/assets/..%2f..%2fpackage.json',
    '//example.com/',
  ),
  hostileString.map((s) => `/${encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '?'))}`),
);

// ── bodies ─────────────────────────────────────────────────────────────────────────────────────

/** A value for one field of a booking: the four reported cases and their relatives. */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  extremeDate,
  extremeNumber,
  // Built as values, so JSON.stringify must cope: a few hundred levels (raw text goes deeper).
  fc.integer({ min: 1, max: 1500 }).map((depth) => deepJson(depth)),
  fc.jsonValue({ maxDepth: 3 }),
);
const bookingField = fc.constantFrom(...columns, 'unknown_column', '__proto__', 'constructor');

/** A booking with some fields replaced: valid ones get through too, and the table may change. */
const restBooking = fc.array(fc.tuple(bookingField, fieldValue), { maxLength: 3 }).map((changes) => {
  const booking: Record<string, unknown> = { ...guestBooking({ name: 'Fuzz Guest' }) };
  // defineProperty: `__proto__` becomes an own key, as JSON.parse makes it on the server.
  for (const [key, value] of changes)
    Object.defineProperty(booking, key, { value, enumerable: true, writable: true, configurable: true });
  return booking;
});
const sheetsField = fc.constantFrom(...Object.keys(sheetsPayload()), 'id', '__proto__');
const sheetsBooking = fc.array(fc.tuple(sheetsField, fieldValue), { maxLength: 3 }).map((changes) => {
  const payload: Record<string, unknown> = { ...sheetsPayload({ name: 'Fuzz Sheet' }) };
  for (const [key, value] of changes)
    Object.defineProperty(payload, key, { value, enumerable: true, writable: true, configurable: true });
  return payload;
});

const body = fc.oneof(
  { weight: 4, arbitrary: restBooking.map((b) => JSON.stringify(b)) },
  { weight: 3, arbitrary: sheetsBooking.map((b) => JSON.stringify(b)) },
  // Several rows in one request (a guest may send only one), valid or with one bad row.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(0, 1, 2, 3, 20, 450), fc.boolean())
      .map(([n, valid]) =>
        JSON.stringify(
          Array.from({ length: n }, (_, i) => guestBooking({ name: `Row ${i}`, guests: valid || i > 0 ? 2 : 0 })),
        ),
      ),
  },
  // Deep nesting as the whole body, inside a field, and in a raw form JSON.stringify cannot make.
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 30_000 }).map((n) => `${'['.repeat(n)}1${']'.repeat(n)}`) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 6000 }).map((n) => `{"name":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(hostileString, hostileString).map(([e, p]) => JSON.stringify({ email: e, password: p })),
  },
  { weight: 1, arbitrary: fc.json({ maxDepth: 4 }) },
  { weight: 1, arbitrary: hostileString },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '{',
      '[',
      'null',
      '[]',
      '[{}]',
      '{"a":1}{"b":2}',
      '{"guests": 1e400}',
      `{"guests": ${'9'.repeat(400)}}`,
      '{"notes": "\\u0000"}',
      '{"name": "\\ud800"}',
      'x'.repeat(70 * 1024),
    ),
  },
);

// ── requests ───────────────────────────────────────────────────────────────────────────────────

/** Draws from `common` most of the time, otherwise from `rare`. */
function mostly<T>(common: fc.Arbitrary<T>, rare: fc.Arbitrary<T>, weight = 4): fc.Arbitrary<T> {
  return fc.oneof({ weight, arbitrary: common }, { weight: 1, arbitrary: rare });
}

type Caller = 'none' | 'anon' | 'staff' | 'nonStaff' | 'service' | 'garbage' | 'wrongKey' | 'noKey';
// Mostly callers the server lets in, so most requests reach the code behind the front door.
const caller = mostly<Caller>(
  fc.constantFrom('none', 'anon', 'anon', 'staff', 'staff', 'nonStaff', 'service'),
  fc.constantFrom('garbage', 'wrongKey', 'noKey'),
);

const request = fc.record({
  method: mostly(
    fc.constantFrom('GET', 'POST', 'POST', 'PATCH'),
    fc.constantFrom('PUT', 'DELETE', 'HEAD', 'OPTIONS'),
    3,
  ),
  path: fc.oneof(
    { weight: 6, arbitrary: restPath },
    { weight: 3, arbitrary: otherPath },
    { weight: 1, arbitrary: staticPath },
  ),
  query: fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 4, arbitrary: queryString }),
  caller,
  garbage: hostileString,
  contentType: mostly<string | undefined>(
    fc.constant('application/json'),
    fc.constantFrom(
      'text/plain;charset=UTF-8',
      'application/vnd.pgrst.object+json',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      undefined,
    ),
  ),
  prefer: fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(
      'return=representation',
      'return=headers-only',
      'count=exact',
      'return=minimal, count=exact',
      'tx=rollback',
      'missing=default',
      'resolution=merge-duplicates',
      'resolution=ignore-duplicates',
      'params=single-object',
    ),
    hostileString,
  ),
  accept: mostly<string | undefined>(
    fc.constantFrom(undefined, 'application/json'),
    fc.oneof(fc.constantFrom('application/vnd.pgrst.object+json', 'text/csv', '*/*'), hostileString),
  ),
  profile: mostly<string | undefined>(fc.constant(undefined), fc.constantFrom('public', 'auth', 'pg_catalog'), 8),
  body,
});
type FuzzRequest = typeof request extends fc.Arbitrary<infer T> ? T : never;

function headerSafe(value: string): string {
  // Header values cannot hold control characters or non-Latin-1 text; keep the rest hostile.
  return value.replace(/[^\x20-\x7e]/g, '?').slice(0, 4000);
}

/** A tiny web build, so the static paths serve files, app routes and the 404 page. */
function makeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'saffron-fuzz-web-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'data'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Saffron Lotus</title>');
  writeFileSync(join(root, '404.html'), '<!doctype html><title>Not found</title>');
  writeFileSync(join(root, 'assets', 'app-0123abcd.js'), 'console.log(1)');
  writeFileSync(join(root, 'data', 'menu.json'), '[]');
  return root;
}

interface LogLine {
  level: number;
  [key: string]: unknown;
}

describe.each(backends)('hostile input on %s', (backend) => {
  let server: TestServer;
  let app: Hono<AppEnv>;
  let webRoot: string;
  const log: LogLine[] = [];
  const tokens = new Map<Caller, string>();

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    webRoot = makeWebRoot();
    // Everything from debug up, so a test can show what was and was not written.
    const logger = pino(
      { level: 'debug', base: undefined },
      { write: (line: string) => void log.push(JSON.parse(line) as LogLine) },
    );
    app = createApp({ ...server.deps, logger, webRoot });
    tokens.set('staff', await signUserToken(server, { staff: true }));
    tokens.set('nonStaff', await signUserToken(server, { staff: false }));
    tokens.set('service', await signUserToken(server, { staff: false, role: 'service_role' }));
  });
  afterAll(async () => {
    await server.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  /**
   * Changes when a request changes the table: every insert or update writes row versions with a
   * newer transaction id (xmin), and a delete lowers the count.
   */
  async function fingerprint(): Promise<{ rows: number; newest: string }> {
    const { rows } = await server.deps.db.query<{ rows: number; newest: string }>(
      `select count(*)::int as rows, coalesce(max(xmin::text::bigint), 0)::text as newest from public.reservations`,
    );
    return rows[0] ?? { rows: -1, newest: '' };
  }

  function toRequest(r: FuzzRequest): { url: string; init: RequestInit } {
    const url = new URL(r.path, 'http://localhost');
    if (r.query) url.search = url.search ? `${url.search}&${r.query}` : r.query;
    const headers: Record<string, string> = {};
    if (!['noKey', 'wrongKey'].includes(r.caller)) headers.apikey = server.anonKey;
    if (r.caller === 'wrongKey') headers.apikey = 'sb_publishable_wrongwrongwrongwrongwrongwrong';
    if (r.caller === 'anon') headers.authorization = `Bearer ${server.anonKey}`;
    if (r.caller === 'garbage') headers.authorization = headerSafe(`Bearer ${r.garbage}`);
    const token = tokens.get(r.caller);
    if (token) headers.authorization = `Bearer ${token}`;
    if (r.contentType) headers['content-type'] = r.contentType;
    if (r.prefer) headers.prefer = headerSafe(r.prefer);
    if (r.accept) headers.accept = headerSafe(r.accept);
    if (r.profile) {
      headers['accept-profile'] = r.profile;
      headers['content-profile'] = r.profile;
    }
    const hasBody = !['GET', 'HEAD'].includes(r.method);
    return { url: url.toString(), init: { method: r.method, headers, body: hasBody ? r.body : undefined } };
  }

  it(`answers ${runs.toLocaleString('en')} seeded random requests without a 5xx, a stray write or a logged error`, async () => {
    const statuses = new Map<number, number>();
    const codes = new Set<string>();
    const surfaces = new Set<string>();
    let before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const { url, init } = toRequest(r);
        const logged = log.length;
        const response = await app.request(url, init);
        const text = await response.text();
        const label = `${r.method} ${url.slice(0, 300)} as ${r.caller}`;
        expect(response.status, label).toBeLessThan(500);
        expect(
          log.slice(logged).filter((line) => line.level >= 40),
          label,
        ).toEqual([]);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        surfaces.add(new URL(url).pathname.split('/').slice(0, 3).join('/'));
        if (response.status >= 400 && text.startsWith('{')) {
          const answer = JSON.parse(text) as { code?: unknown; error?: unknown };
          if (typeof answer.code === 'string') codes.add(answer.code);
          if (typeof answer.error === 'string') codes.add(answer.error);
        }
        // Only writes to the two surfaces that store bookings can change the table; checking it
        // after every other request would only slow the run.
        const writes = !['GET', 'HEAD', 'OPTIONS'].includes(r.method);
        if (!writes || !/^\/(rest\/v1|sheets)\//.test(new URL(url).pathname)) return;
        const after = await fingerprint();
        if (response.status >= 300) expect(after, `${label} was refused but changed the table`).toEqual(before);
        const guest = ['none', 'anon', 'nonStaff'].includes(r.caller);
        if (guest) expect(after.rows - before.rows, `${label} stored several rows`).toBeLessThanOrEqual(1);
        before = after;
        // Staff and service_role may store hundreds of rows at once; keep the table small.
        if (after.rows > 300) {
          await server.deps.db.query('delete from public.reservations');
          before = await fingerprint();
        }
      }),
      { seed: 20261122, numRuns: runs, endOnFailure: true },
    );
    // The generators must reach past the front door to each of the reported failures' places.
    expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThanOrEqual(8);
    for (const code of [
      'PGRST100', // a query-string limit
      'PGRST102', // deep JSON or NUL in a body
      'too_many_rows',
      '22008', // a date out of range
      '22P02',
      '42703',
      'The body is nested too deeply',
      'The body holds a NUL character, which cannot be stored',
    ]) {
      expect(codes, code).toContain(code);
    }
    for (const surface of ['/rest/v1', '/auth/v1', '/sheets/exec', '/config.json', '/health', '/admin/login']) {
      expect(surfaces, surface).toContain(surface);
    }
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await app.request('/health')).status).toBe(200);
  }, 240_000);

  describe('the requests the security review found answering 500', () => {
    // The fuzz signs its callers out now and then (/auth/v1/logout), and REST honours that: these
    // requests need a staff session of their own.
    beforeAll(async () => {
      tokens.set('staff', await signUserToken(server, { staff: true }));
    });
    const apikey = () => ({ apikey: server.anonKey, 'content-type': 'application/json' });
    const nested = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const cases: { name: string; path: string; init: () => RequestInit; status: number; code: string }[] = [
      {
        name: 'select= with 1,700 columns',
        path: `/rest/v1/reservations?select=${Array(1700).fill('id').join(',')}`,
        init: () => ({ headers: apikey() }),
        status: 400,
        code: 'PGRST100',
      },
      {
        name: 'an insert with a value nested 5,000 arrays deep',
        path: '/rest/v1/reservations',
        init: () => ({ method: 'POST', headers: apikey(), body: `{"name":${nested}}` }),
        status: 400,
        code: 'PGRST102',
      },
      {
        name: 'an update with a value nested 5,000 arrays deep',
        path: '/rest/v1/reservations?id=eq.1',
        init: () => ({
          method: 'PATCH',
          headers: { ...apikey(), authorization: `Bearer ${tokens.get('staff')}` },
          body: `{"arrived":${nested}}`,
        }),
        status: 400,
        code: 'PGRST102',
      },
      {
        name: 'a booking dated 0000-01-01',
        path: '/rest/v1/reservations',
        init: () => ({ method: 'POST', headers: apikey(), body: JSON.stringify(guestBooking({ date: '0000-01-01' })) }),
        status: 400,
        code: '22008',
      },
      {
        name: 'a staff search for 0000-01-01',
        path: '/rest/v1/reservations?date=eq.0000-01-01',
        init: () => ({ headers: { ...apikey(), authorization: `Bearer ${tokens.get('staff')}` } }),
        status: 400,
        code: '22008',
      },
      {
        name: 'a NUL in a filter',
        path: '/rest/v1/reservations?name=eq.Asha%00Rao',
        init: () => ({ headers: { ...apikey(), authorization: `Bearer ${tokens.get('staff')}` } }),
        status: 400,
        code: 'PGRST100',
      },
      {
        name: 'a NUL in a booking',
        path: '/rest/v1/reservations',
        init: () => ({ method: 'POST', headers: apikey(), body: JSON.stringify(guestBooking({ notes: 'a\u0000b' })) }),
        status: 400,
        code: 'PGRST102',
      },
      {
        name: 'a NUL in the notes of a spreadsheet booking',
        path: '/sheets/exec',
        init: () => ({ method: 'POST', body: JSON.stringify(sheetsPayload({ notes: 'Window\u0000seat' })) }),
        status: 400,
        code: 'The body holds a NUL character, which cannot be stored',
      },
      {
        name: 'a spreadsheet booking dated 0000-01-01',
        path: '/sheets/exec',
        init: () => ({ method: 'POST', body: JSON.stringify(sheetsPayload({ date: '0000-01-01' })) }),
        status: 400,
        code: 'Invalid reservation: date: Not a calendar date',
      },
      {
        name: 'a spreadsheet booking nested 5,000 arrays deep',
        path: '/sheets/exec',
        init: () => ({ method: 'POST', body: `{"name":${nested}}` }),
        status: 400,
        code: 'The body is nested too deeply',
      },
    ];

    it.each(cases)('$name: 4xx in the surface’s own shape, nothing stored, nothing logged', async (c) => {
      const before = await fingerprint();
      const logged = log.length;
      const response = await app.request(c.path, c.init());
      expect(response.status).toBe(c.status);
      const answer = (await response.json()) as Record<string, unknown>;
      if (c.path.startsWith('/sheets')) {
        expect(answer).toEqual({ ok: false, error: c.code });
      } else {
        expect(Object.keys(answer).sort()).toEqual(['code', 'details', 'hint', 'message']);
        expect(answer.code).toBe(c.code);
      }
      expect(await fingerprint()).toEqual(before);
      // Only the request line is written (path without the query), never the values.
      const written = log.slice(logged);
      expect(written.map((line) => line.level)).toEqual([30]);
      const text = JSON.stringify(written);
      for (const secret of ['0000-01-01', 'Asha', 'Window', 'RangeError', 'stack']) expect(text).not.toContain(secret);
    });
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
});
