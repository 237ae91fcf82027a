/**
 * `/rest/v1/rpc/<function>` through the real supabase-js `.rpc()`, on both databases: arguments,
 * every kind of result, filters on a function's rows, GET in a read-only transaction, the
 * PostgREST errors for unknown functions and bad arguments, and EXECUTE grants.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../../tests/support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';

// Test functions, created as the owner; EXECUTE is given to anon only where a test says so.
const functionsSql = `
  create table public.rpc_log (id int generated always as identity primary key, note text not null);
  grant insert, select on public.rpc_log to anon;

  create function public.add_numbers(a integer, b integer default 10) returns integer
    language sql immutable as $$ select a + b $$;
  create function public.add_numbers(a integer, b integer, c integer) returns integer
    language sql immutable as $$ select a + b + c $$;
  create function public.numbers_up_to(n integer) returns setof integer
    language sql stable as $$ select generate_series(1, n) $$;
  create function public.dishes_by_heat(max_heat integer default 5)
    returns table (name text, heat integer, price integer)
    language sql stable as $$
      select * from (values ('Dal Makhani', 1, 160000), ('Chicken 65', 3, 190000),
                            ('Lamb Vindaloo', 5, 260000), ('Naga Curry', 7, 280000)) d(name, heat, price)
       where d.heat <= max_heat $$;
  create function public.latest_note() returns public.rpc_log
    language sql stable as $$ select * from public.rpc_log order by id desc limit 1 $$;
  create function public.write_note(note text) returns void
    language sql volatile as $$ insert into public.rpc_log (note) values (note) $$;
  create function public.echo_tags(tags text[], info jsonb) returns jsonb
    language sql immutable as $$ select jsonb_build_object('tags', tags, 'info', info) $$;
  create function public.owner_only() returns integer language sql as $$ select 42 $$;

  revoke all on function public.owner_only() from public;
`;

describe.each(backends)('rpc on %s', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    anon = anonClient(server);
    await server.deps.db.exec(functionsSql);
  });
  afterAll(async () => server?.close());

  it('calls with named arguments, using defaults for the ones left out, and picks the overload by names', async () => {
    expect((await anon.rpc('add_numbers', { a: 1, b: 2 })).data).toBe(3);
    expect((await anon.rpc('add_numbers', { a: 1 })).data).toBe(11);
    expect((await anon.rpc('add_numbers', { a: 1, b: 2, c: 3 })).data).toBe(6);
    // GET (arguments in the query string) gives the same answers.
    expect((await anon.rpc('add_numbers', { a: 5 }, { get: true })).data).toBe(15);
  });

  it('returns a set of values as an array, and rows as objects that take filters, order, paging and counts', async () => {
    expect((await anon.rpc('numbers_up_to', { n: 4 })).data).toEqual([1, 2, 3, 4]);
    const all = await anon.rpc('dishes_by_heat', {});
    expect(all.data).toHaveLength(3);
    const picked = await anon
      .rpc('dishes_by_heat', { max_heat: 10 }, { count: 'exact' })
      .select('name,price')
      .gte('heat', 3)
      .order('price', { ascending: false })
      .range(0, 1);
    expect(picked.status).toBe(206);
    expect(picked.count).toBe(3);
    expect(picked.data).toEqual([
      { name: 'Naga Curry', price: 280000 },
      { name: 'Lamb Vindaloo', price: 260000 },
    ]);
    const one = await anon.rpc('dishes_by_heat', { max_heat: 1 }).single();
    expect(one.data).toEqual({ name: 'Dal Makhani', heat: 1, price: 160000 });
  });

  it('passes arrays and JSON through with their types', async () => {
    const { data } = await anon.rpc('echo_tags', { tags: ['veg', 'spicy'], info: { level: 2, note: 'it\'s "hot"' } });
    expect(data).toEqual({ tags: ['veg', 'spicy'], info: { level: 2, note: 'it\'s "hot"' } });
  });

  it('answers 204 for a void function, and refuses a writing one over GET (read-only, 405)', async () => {
    const posted = await anon.rpc('write_note', { note: 'by POST' });
    expect(posted.status).toBe(204);
    expect(posted.error).toBeNull();
    const got = await anon.rpc('write_note', { note: 'by GET' }, { get: true });
    expect(got.status).toBe(405);
    expect(got.error?.code).toBe('25006');
    const { rows } = await server.deps.db.query<{ note: string }>('select note from public.rpc_log order by id');
    expect(rows.map((r) => r.note)).toEqual(['by POST']);
    // A function returning one row of a table type answers with that row as an object.
    expect((await anon.rpc('latest_note', {}, { get: true })).data).toEqual({ id: 1, note: 'by POST' });
  });

  it('says PGRST202 (404) for an unknown function or arguments it does not take', async () => {
    const unknown = await anon.rpc('no_such_function', { x: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.no_such_function(x) in the schema cache',
    });
    const wrongName = await anon.rpc('add_numbers', { z: 1 });
    expect(wrongName.error?.code).toBe('PGRST202');
    const missing = await anon.rpc('numbers_up_to', {});
    expect(missing.error?.message).toBe(
      'Could not find the function public.numbers_up_to without parameters in the schema cache',
    );
  });

  it('refuses a value of the wrong type with 400 and the database code, and a body that is not an object', async () => {
    const bad = await anon.rpc('add_numbers', { a: 'eleven' });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('22P02');
    const array = await fetch(`${server.url}/rest/v1/rpc/add_numbers`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify([{ a: 1 }]),
    });
    expect(array.status).toBe(400);
    expect((await array.json()).code).toBe('PGRST102');
  });

  it('lets Postgres refuse a function the role may not execute (401 for anon)', async () => {
    const denied = await anon.rpc('owner_only', {});
    expect(denied.status).toBe(401);
    expect(denied.error?.code).toBe('42501');
  });

  it('reaches only schema public: auth and pg_catalog functions and trigger functions are not there', async () => {
    for (const name of ['auth.uid', 'pg_catalog.version', 'version', 'pg_sleep', 'enforce_booking_rules']) {
      const result = await anon.rpc(name, {});
      expect(result.status, name).toBe(404);
      expect(result.error?.code, name).toBe('PGRST202');
    }
  });

  it('refuses select and filters on a function that returns a value, not rows', async () => {
    const result = await anon.rpc('numbers_up_to', { n: 3 }).eq('x', 1);
    expect(result.status).toBe(400);
    expect(result.error?.code).toBe('PGRST100');
  });
});
