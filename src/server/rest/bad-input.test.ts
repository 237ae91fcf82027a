/**
 * Bad input to /rest/v1, on PGlite and on PostgreSQL: wrong types, missing fields, broken JSON,
 * huge bodies, unknown names, malformed filters and SQL-injection attempts in every parameter.
 * Each gets a 4xx with a PostgREST-style body, the server stays up, and nothing is stored.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBooking } from '../../../tests/support/builders.ts';
import { signUserToken, storedRows, tokenClient } from '../../../tests/support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { createApp } from '../app.ts';
import type { Database } from '../db/database.ts';

interface Case {
  name: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: string;
  /** Send the staff token (otherwise the request is anonymous). */
  asStaff?: boolean;
  headers?: Record<string, string>;
  status: number;
  code?: string;
}

const booking = (overrides: Record<string, unknown>) => JSON.stringify({ ...guestBooking(), ...overrides });
const without = (field: string) => {
  const { [field as 'name']: _dropped, ...rest } = guestBooking();
  return JSON.stringify(rest);
};

const insertCases: Case[] = [
  { name: 'guests "abc"', path: 'reservations', body: booking({ guests: 'abc' }), status: 400, code: '22P02' },
  { name: 'guests 0', path: 'reservations', body: booking({ guests: 0 }), status: 400, code: '23514' },
  { name: 'guests -3', path: 'reservations', body: booking({ guests: -3 }), status: 400, code: '23514' },
  { name: 'guests 2.5', path: 'reservations', body: booking({ guests: 2.5 }), status: 400, code: '22P02' },
  { name: 'guests true', path: 'reservations', body: booking({ guests: true }), status: 400, code: '22P02' },
  {
    name: 'guests too large for an integer',
    path: 'reservations',
    body: booking({ guests: 1e12 }),
    status: 400,
    code: '22003',
  },
  { name: 'guests null', path: 'reservations', body: booking({ guests: null }), status: 400, code: '23502' },
  {
    name: 'date not a date',
    path: 'reservations',
    body: booking({ date: 'tomorrow-ish' }),
    status: 400,
    code: '22007',
  },
  { name: 'date 30 February', path: 'reservations', body: booking({ date: '2026-02-30' }), status: 400, code: '22008' },
  { name: 'blank name', path: 'reservations', body: booking({ name: '   ' }), status: 400, code: '23514' },
  { name: 'name too long', path: 'reservations', body: booking({ name: 'x'.repeat(500) }), status: 400, code: '23514' },
  { name: 'email without @', path: 'reservations', body: booking({ email: 'nobody' }), status: 400, code: '23514' },
  {
    name: 'notes too long',
    path: 'reservations',
    body: booking({ notes: 'n'.repeat(1001) }),
    status: 400,
    code: '23514',
  },
  { name: 'missing name', path: 'reservations', body: without('name'), status: 400, code: '23502' },
  { name: 'missing date', path: 'reservations', body: without('date'), status: 400, code: '23502' },
  { name: 'an empty object', path: 'reservations', body: '{}', status: 400, code: '23502' },
  {
    name: 'arrived set by a guest',
    path: 'reservations',
    body: booking({ arrived: true }),
    status: 401,
    code: '42501',
  },
  { name: 'id chosen by a guest', path: 'reservations', body: booking({ id: 1 }), status: 400, code: '428C9' },
  {
    name: 'created_at chosen by a guest',
    path: 'reservations',
    body: booking({ created_at: '2020-01-01T00:00:00Z' }),
    status: 401,
    code: '42501',
  },
  { name: 'an unknown column', path: 'reservations', body: booking({ vip: true }), status: 400, code: 'PGRST204' },
  {
    name: 'an injected column name',
    path: 'reservations',
    body: booking({ 'name") values (1); drop table reservations; --': 'x' }),
    status: 400,
    code: 'PGRST204',
  },
  { name: 'invalid JSON', path: 'reservations', body: '{"name": ', status: 400, code: 'PGRST102' },
  { name: 'an empty body', path: 'reservations', body: '', status: 400, code: 'PGRST102' },
  { name: 'a JSON string', path: 'reservations', body: '"hello"', status: 400, code: 'PGRST102' },
  { name: 'JSON null', path: 'reservations', body: 'null', status: 400, code: 'PGRST102' },
  { name: 'an array of numbers', path: 'reservations', body: '[1, 2]', status: 400, code: 'PGRST102' },
  {
    name: 'rows whose keys differ',
    path: 'reservations',
    body: JSON.stringify([guestBooking(), { name: 'only a name' }]),
    asStaff: true,
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'one bad row among good ones (nothing is half-stored)',
    path: 'reservations?columns=name,mobile,email,date,guests,branch,time,period,notes',
    body: JSON.stringify([guestBooking(), guestBooking({ guests: 0 }), guestBooking()]),
    asStaff: true,
    status: 400,
    code: '23514',
  },
  {
    name: 'two bookings in one guest request',
    path: 'reservations',
    body: JSON.stringify([guestBooking(), guestBooking()]),
    status: 400,
    code: 'too_many_rows',
  },
  {
    name: 'a value nested 5,000 arrays deep',
    path: 'reservations',
    body: `{"name":${'['.repeat(5000)}1${']'.repeat(5000)}}`,
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'a body nested 40 objects deep',
    path: 'reservations',
    body: `{"name":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`,
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'a NUL in the notes',
    path: 'reservations',
    body: booking({ notes: 'a\u0000b' }),
    status: 400,
    code: 'PGRST102',
  },
  { name: 'a NUL in a key', path: 'reservations', body: '{"na\\u0000me":"x"}', status: 400, code: 'PGRST102' },
  { name: 'a date in year 0', path: 'reservations', body: booking({ date: '0000-01-01' }), status: 400, code: '22008' },
  {
    name: 'a date past Postgres’s range',
    path: 'reservations',
    body: booking({ date: '5874898-01-01' }),
    status: 400,
    code: '22008',
  },
  {
    name: 'columns naming an unknown column',
    path: 'reservations?columns=name,vip',
    body: booking({}),
    status: 400,
    code: 'PGRST204',
  },
  {
    name: 'columns with an injection',
    path: 'reservations?columns=name);drop table reservations;--',
    body: booking({}),
    status: 400,
    code: 'PGRST204',
  },
  {
    name: 'columns malformed',
    path: 'reservations?columns=name,,email',
    body: booking({}),
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'on_conflict with an injection',
    path: 'reservations?on_conflict=id);drop table reservations;--',
    body: booking({}),
    headers: { prefer: 'resolution=merge-duplicates' },
    status: 400,
    code: '42703',
  },
  {
    name: 'a text/plain body',
    path: 'reservations',
    body: booking({}),
    headers: { 'content-type': 'text/plain' },
    status: 415,
    code: 'PGRST107',
  },
  { name: 'an unknown table', path: 'bookings', body: booking({}), status: 404, code: 'PGRST205' },
  {
    name: 'a schema other than public',
    path: 'reservations',
    body: booking({}),
    headers: { 'content-profile': 'auth' },
    status: 406,
    code: 'PGRST106',
  },
];

const readCases: Case[] = [
  { name: 'an unknown table', path: 'bookings?select=*', status: 404, code: 'PGRST205' },
  { name: 'a table outside public', path: 'applied_migrations', status: 404, code: 'PGRST205' },
  { name: 'a catalog table', path: 'pg_authid', status: 404, code: 'PGRST205' },
  {
    name: 'a table name with an injection',
    path: 'reservations;drop%20table%20reservations',
    status: 404,
    code: 'PGRST205',
  },
  { name: 'a quoted table name', path: '%22reservations%22', status: 404, code: 'PGRST205' },
  { name: 'an unknown column in select', path: 'reservations?select=id,vip', status: 400, code: '42703' },
  {
    name: 'an injection in select',
    path: 'reservations?select=id;drop%20table%20reservations',
    status: 400,
    code: '42703',
  },
  {
    name: 'a quoted injection in select',
    path: 'reservations?select=%22id%22%22;drop%20table%20reservations;--%22',
    status: 400,
    code: 'PGRST100',
  },
  { name: 'a subquery in select', path: 'reservations?select=(select%20password%20from%20auth.users)', status: 400 },
  {
    name: 'a cast to a type that is not a name',
    path: 'reservations?select=id::text;drop',
    status: 400,
    code: 'PGRST100',
  },
  { name: 'an embed without a relationship', path: 'reservations?select=*,users(*)', status: 400, code: 'PGRST200' },
  { name: 'embeds nested six deep', path: 'reservations?select=a(b(c(d(e(f(id))))))', status: 400, code: 'PGRST100' },
  { name: 'a filter on an embed the select lacks', path: 'reservations?users.id=eq.1', status: 400, code: 'PGRST108' },
  { name: 'aggregates, which are off', path: 'reservations?select=guests.sum()', status: 400, code: 'PGRST123' },
  {
    name: 'an alias with an injection',
    path: 'reservations?select=x%22%20from%20pg_user;--:id',
    status: 400,
    code: 'PGRST100',
  },
  { name: 'an unknown column in a filter', path: 'reservations?vip=eq.true', status: 400, code: '42703' },
  { name: 'an injected column in a filter', path: 'reservations?id%3D1%20or%201=eq.1', status: 400, code: '42703' },
  { name: 'a filter without an operator', path: 'reservations?name=Asha', status: 400, code: 'PGRST100' },
  { name: 'an unknown operator', path: 'reservations?name=contains.Asha', status: 400, code: 'PGRST100' },
  {
    name: 'an injected operator',
    path: 'reservations?guests=gt);drop%20table%20reservations;--.1',
    status: 400,
    code: 'PGRST100',
  },
  { name: 'is with a bad value', path: 'reservations?notes=is.nothing', status: 400, code: 'PGRST100' },
  {
    name: 'is with an injection',
    path: 'reservations?notes=is.null;drop%20table%20reservations',
    status: 400,
    code: 'PGRST100',
  },
  { name: 'an unterminated in list', path: 'reservations?id=in.(1,2', status: 400, code: 'PGRST100' },
  { name: 'a malformed or', path: 'reservations?or=(name.eq.a', status: 400, code: 'PGRST100' },
  { name: 'or without parentheses', path: 'reservations?or=name.eq.a', status: 400, code: 'PGRST100' },
  {
    name: 'an injection inside or',
    path: 'reservations?or=(name.eq.a)%20or%201=1;--,id.eq.1)',
    status: 400,
    code: 'PGRST100',
  },
  { name: 'an unknown column inside or', path: 'reservations?or=(vip.eq.true,id.eq.1)', status: 400, code: '42703' },
  { name: 'an order by an unknown column', path: 'reservations?order=vip.desc', status: 400, code: '42703' },
  {
    name: 'an injection in order',
    path: 'reservations?order=id;drop%20table%20reservations',
    status: 400,
    code: '42703',
  },
  { name: 'an order with a subquery', path: 'reservations?order=(select%201)', status: 400, code: '42703' },
  {
    name: 'an order direction that is not one',
    path: 'reservations?order=id.desc;select%20pg_sleep(5)',
    status: 400,
    code: 'PGRST100',
  },
  { name: 'a negative limit', path: 'reservations?limit=-1', status: 400, code: 'PGRST100' },
  {
    name: 'an injection in limit',
    path: 'reservations?limit=1;drop%20table%20reservations',
    status: 400,
    code: 'PGRST100',
  },
  { name: 'an injection in offset', path: 'reservations?offset=0%20union%20select%201', status: 400, code: 'PGRST100' },
  { name: 'a value of the wrong type', path: 'reservations?id=eq.abc', asStaff: true, status: 400, code: '22P02' },
  {
    name: 'a date that is not one',
    path: 'reservations?date=gte.someday',
    asStaff: true,
    status: 400,
    code: '22007',
  },
  { name: 'like on an integer', path: 'reservations?guests=like.1*', asStaff: true, status: 404, code: '42883' },
  {
    name: 'an invalid regular expression',
    path: 'reservations?name=match.(',
    asStaff: true,
    status: 400,
    code: '2201B',
  },
  {
    name: 'an Accept it cannot produce',
    path: 'reservations',
    asStaff: true,
    headers: { accept: 'application/xml' },
    status: 406,
    code: 'PGRST107',
  },
  {
    name: 'a schema other than public',
    path: 'reservations',
    asStaff: true,
    headers: { 'accept-profile': 'auth' },
    status: 406,
    code: 'PGRST106',
  },
  { name: 'an rpc call', path: 'rpc/pg_sleep', status: 404, code: 'PGRST202' },
  { name: 'a NUL in a filter value', path: 'reservations?name=eq.a%00b', asStaff: true, status: 400, code: 'PGRST100' },
  { name: 'a NUL in a filter name', path: 'reservations?na%00me=eq.a', asStaff: true, status: 400, code: 'PGRST100' },
  { name: 'a NUL in an in list', path: 'reservations?id=in.(1,%00)', asStaff: true, status: 400, code: 'PGRST100' },
  {
    name: 'a search for a date in year 0',
    path: 'reservations?date=eq.0000-01-01',
    asStaff: true,
    status: 400,
    code: '22008',
  },
];

/** `n` copies of `item`, comma-separated. */
const times = (n: number, item: (i: number) => string) => Array.from({ length: n }, (_, i) => item(i)).join(',');

/** Each query-string limit, just past it: refused with PGRST100 before any SQL runs. */
const limitCases: Case[] = (
  [
    {
      name: 'select= with 1,700 columns (past Postgres’s 1,664)',
      path: `reservations?select=${times(1700, () => 'id')}`,
      status: 400,
      code: 'PGRST100',
    },
    {
      name: 'select= with 101 entries',
      path: `reservations?select=${times(101, () => 'id')}`,
      status: 400,
      code: 'PGRST100',
    },
    {
      name: 'order= with 101 terms',
      path: `reservations?order=${times(101, () => 'id.desc')}`,
      status: 400,
      code: 'PGRST100',
    },
    {
      name: 'an or= of 101 conditions',
      path: `reservations?or=(${times(101, (i) => `name.eq.x${i}`)})`,
      status: 400,
      code: 'PGRST100',
    },
    {
      name: '101 filters',
      path: `reservations?${Array.from({ length: 101 }, (_, i) => `id=neq.${i}`).join('&')}`,
      status: 400,
      code: 'PGRST100',
    },
    {
      name: 'and/or nested 11 levels',
      path: `reservations?or=(${'not.and('.repeat(10)}id.eq.1${')'.repeat(10)})`,
      status: 400,
      code: 'PGRST100',
    },
    {
      name: 'an in list of 1,001 values',
      path: `reservations?id=in.(${times(1001, String)})`,
      status: 400,
      code: 'PGRST100',
    },
    {
      name: 'a query string of 8,193 characters',
      path: `reservations?name=eq.${'a'.repeat(8193 - 'name=eq.'.length)}`,
      status: 400,
      code: 'PGRST100',
    },
  ] satisfies Case[]
).map((c) => ({ ...c, asStaff: true }));

/** The same requests at their limits: generous enough for any real client. */
const atLimits: string[] = [
  `reservations?select=${times(100, () => 'id')}`,
  `reservations?order=${times(100, () => 'id.desc')}`,
  `reservations?or=(${times(100, (i) => `name.eq.x${i}`)})`,
  `reservations?${Array.from({ length: 100 }, (_, i) => `id=neq.${i}`).join('&')}`,
  `reservations?or=(${'not.and('.repeat(9)}id.eq.1${')'.repeat(9)})`,
  `reservations?id=in.(${times(1000, String)})`,
  `reservations?name=eq.${'a'.repeat(8192 - 'name=eq.'.length)}`,
];

const updateCases: Case[] = [
  {
    name: 'arrived "maybe"',
    method: 'PATCH',
    path: 'reservations?id=eq.1',
    body: '{"arrived":"maybe"}',
    asStaff: true,
    status: 400,
    code: '22P02',
  },
  {
    name: 'an unknown column',
    method: 'PATCH',
    path: 'reservations?id=eq.1',
    body: '{"vip":true}',
    asStaff: true,
    status: 400,
    code: 'PGRST204',
  },
  {
    name: 'an array body',
    method: 'PATCH',
    path: 'reservations?id=eq.1',
    body: '[{"arrived":true}]',
    asStaff: true,
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'invalid JSON',
    method: 'PATCH',
    path: 'reservations?id=eq.1',
    body: '{arrived:true}',
    asStaff: true,
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'a limit on an update',
    method: 'PATCH',
    path: 'reservations?limit=1',
    body: '{"arrived":true}',
    asStaff: true,
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'a malformed filter',
    method: 'PATCH',
    path: 'reservations?id=1',
    body: '{"arrived":true}',
    asStaff: true,
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'a malformed delete filter',
    method: 'DELETE',
    path: 'reservations?id=in.(1',
    asStaff: true,
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'a value nested 5,000 arrays deep',
    method: 'PATCH',
    path: 'reservations?id=eq.1',
    body: `{"arrived":${'['.repeat(5000)}true${']'.repeat(5000)}}`,
    asStaff: true,
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'a NUL in an update',
    method: 'PATCH',
    path: 'reservations?id=eq.1',
    body: '{"arrived":"tr\\u0000ue"}',
    asStaff: true,
    status: 400,
    code: 'PGRST102',
  },
];

describe.each(backends)('bad input to /rest/v1 on %s', (backend) => {
  let server: TestServer;
  let staffToken: string;
  let staff: SupabaseClient;

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    staffToken = await signUserToken(server, { staff: true });
    staff = tokenClient(server, staffToken);
  });
  afterAll(async () => server?.close());

  async function send(c: Case): Promise<Response> {
    const headers: Record<string, string> = { apikey: server.anonKey, ...c.headers };
    if (c.asStaff) headers.authorization = `Bearer ${staffToken}`;
    const method = c.method ?? (c.body === undefined ? 'GET' : 'POST');
    if (c.body !== undefined && !('content-type' in headers)) headers['content-type'] = 'application/json';
    return fetch(`${server.url}/rest/v1/${c.path}`, { method, headers, body: c.body });
  }

  it.each([...insertCases, ...readCases, ...updateCases, ...limitCases])('refuses $name', async (c) => {
    const response = await send(c);
    expect(response.status).toBe(c.status);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(typeof body.message).toBe('string');
    if (c.code) expect(body.code).toBe(c.code);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it.each(limitCases)('refuses $name before any SQL runs', async (c) => {
    // In-process, on a database that counts what it is asked to run.
    let statements = 0;
    const db: Database = {
      ...server.deps.db,
      query: (...args) => {
        statements += 1;
        return server.deps.db.query(...args);
      },
      transaction: (fn) => {
        statements += 1;
        return server.deps.db.transaction(fn);
      },
    };
    const app = createApp({ ...server.deps, db });
    const response = await app.request(`/rest/v1/${c.path}`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${staffToken}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PGRST100' });
    expect(statements).toBe(0);
    // The control: the same app does run SQL for a request within the limits.
    expect(
      (
        await app.request('/rest/v1/reservations?select=id', {
          headers: { apikey: server.anonKey, authorization: `Bearer ${staffToken}` },
        })
      ).status,
    ).toBe(200);
    expect(statements).toBeGreaterThan(0);
  });

  it.each(atLimits)('accepts a request right at a limit: %s', async (path) => {
    const response = await fetch(`${server.url}/rest/v1/${path}`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${staffToken}` },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('refuses a huge body with 413 before reading it', async () => {
    const huge = JSON.stringify(guestBooking({ notes: 'n'.repeat(200_000) }));
    const response = await fetch(`${server.url}/rest/v1/reservations`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: huge,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'request_too_large' });
    const many = JSON.stringify(Array.from({ length: 2000 }, () => guestBooking()));
    const array = await fetch(`${server.url}/rest/v1/reservations`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: many,
    });
    expect(array.status).toBe(413);
  });

  it('treats values as data: an injection in a value finds nothing and changes nothing', async () => {
    const attempts = ["'; drop table reservations; --", "x' or '1'='1", '1 or 1=1', '$1', '\\', '"'];
    for (const value of attempts) {
      const eq = await staff.from('reservations').select('id').eq('name', value);
      expect(eq.status).toBe(200);
      expect(eq.data).toEqual([]);
      const search = await staff
        .from('reservations')
        .select('id')
        .or(`name.ilike."*${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}*"`);
      expect(search.status).toBe(200);
      expect(search.data).toEqual([]);
      const update = await staff.from('reservations').update({ arrived: true }).eq('name', value).select();
      expect(update.data).toEqual([]);
    }
  });

  it('is still up, still has its table, and stored nothing', async () => {
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const { count, status } = await staff.from('reservations').select('*', { count: 'exact', head: true });
    expect(status).toBe(200);
    expect(count).toBe(0);
    expect(await storedRows(server)).toBe(0);
    // And a valid booking still goes through afterwards.
    const insert = await fetch(`${server.url}/rest/v1/reservations`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: booking({}),
    });
    expect(insert.status).toBe(201);
    expect(await storedRows(server)).toBe(1);
  });
});
