/**
 * The rest of the PostgREST subset, on a scratch table created during the test (which also shows
 * the schema cache picking up a new table): representations, Location, missing=default, upserts,
 * tx=rollback, deletes, aliases and null ordering. Run as service_role, on both backends.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUserToken, tokenClient } from '../../../tests/support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { maxRows } from './plan.ts';

describe.each(backends)('PostgREST features on %s', (backend) => {
  let server: TestServer;
  let service: SupabaseClient;
  let serviceToken: string;

  async function rest(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const response = await fetch(`${server.url}/rest/v1/${path}`, {
      method: init.method ?? 'GET',
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${serviceToken}`,
        'content-type': 'application/json',
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    serviceToken = await signUserToken(server, { staff: false, role: 'service_role' });
    service = tokenClient(server, serviceToken);
    // Read the catalog once before the table exists, so finding it proves the cache refreshes.
    expect((await service.from('dishes').select('*')).error?.code).toBe('PGRST205');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await server.deps.db.exec(`
      create table public.dishes (
        id integer primary key,
        name text not null,
        spice text default 'mild',
        price integer
      );
      grant all on public.dishes to service_role;
    `);
  });
  afterAll(async () => server?.close());

  it('finds a table created after start', async () => {
    const { data, error } = await service.from('dishes').select('*');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('returns the inserted rows with return=representation', async () => {
    const result = await rest('dishes?select=id,dish:name', {
      method: 'POST',
      body: [
        { id: 1, name: 'Dal makhani', spice: 'medium', price: 120 },
        { id: 2, name: 'Paneer tikka', spice: 'hot', price: null },
      ],
      headers: { prefer: 'return=representation' },
    });
    expect(result.status).toBe(201);
    expect(result.json).toEqual([
      { id: 1, dish: 'Dal makhani' },
      { id: 2, dish: 'Paneer tikka' },
    ]);
    expect(result.headers.get('preference-applied')).toBe('return=representation');
  });

  it('gives a Location with return=headers-only', async () => {
    const result = await rest('dishes', {
      method: 'POST',
      body: { id: 3, name: 'Masala chai' },
      headers: { prefer: 'return=headers-only' },
    });
    expect(result.status).toBe(201);
    expect(result.text).toBe('');
    expect(result.headers.get('location')).toBe('/dishes?id=eq.3');
  });

  it('uses defaults for missing keys with missing=default, NULL without it', async () => {
    const { error } = await service.from('dishes').insert(
      [
        { id: 4, name: 'Samosa', spice: 'medium' },
        { id: 5, name: 'Lassi' },
      ],
      { defaultToNull: false },
    );
    expect(error).toBeNull();
    await service.from('dishes').insert([
      { id: 6, name: 'Naan', spice: 'none' },
      { id: 7, name: 'Raita' },
    ]);
    const { data } = await service.from('dishes').select('id,spice').in('id', [4, 5, 6, 7]).order('id');
    expect(data).toEqual([
      { id: 4, spice: 'medium' },
      { id: 5, spice: 'mild' },
      { id: 6, spice: 'none' },
      { id: 7, spice: null },
    ]);
  });

  it('upserts with merge-duplicates and ignore-duplicates', async () => {
    const merged = await service
      .from('dishes')
      .upsert({ id: 1, name: 'Dal makhani (large)', price: 150 })
      .select('id,name,price');
    expect(merged.error).toBeNull();
    expect(merged.data).toEqual([{ id: 1, name: 'Dal makhani (large)', price: 150 }]);
    const ignored = await service
      .from('dishes')
      .upsert({ id: 1, name: 'Ignored' }, { ignoreDuplicates: true })
      .select('id');
    expect(ignored.data).toEqual([]);
    const { data } = await service.from('dishes').select('name').eq('id', 1).single();
    expect(data).toEqual({ name: 'Dal makhani (large)' });
  });

  it('rolls back with Prefer: tx=rollback but still answers', async () => {
    const result = await rest('dishes?select=id', {
      method: 'POST',
      body: { id: 99, name: 'Never stored' },
      headers: { prefer: 'return=representation, tx=rollback' },
    });
    expect(result.status).toBe(201);
    expect(result.json).toEqual([{ id: 99 }]);
    expect((await service.from('dishes').select('id').eq('id', 99)).data).toEqual([]);
  });

  it('rolls a write back when a single object was asked for and several rows changed', async () => {
    const result = await service.from('dishes').update({ price: 1 }).in('id', [2, 3]).select().single();
    expect(result.status).toBe(406);
    expect(result.error?.details).toBe('The result contains 2 rows');
    const { data } = await service.from('dishes').select('price').in('id', [2, 3]);
    expect(data).toEqual([{ price: null }, { price: null }]);
  });

  it('orders with nulls first or last, on several columns', async () => {
    const last = await service
      .from('dishes')
      .select('id')
      .in('id', [1, 2, 3])
      .order('price', { ascending: false, nullsFirst: false })
      .order('id');
    expect(last.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const first = await service
      .from('dishes')
      .select('id')
      .in('id', [1, 2, 3])
      .order('price', { ascending: false, nullsFirst: true })
      .order('id', { ascending: false });
    expect(first.data).toEqual([{ id: 3 }, { id: 2 }, { id: 1 }]);
  });

  it('answers an empty update as one that matched nothing', async () => {
    const result = await rest('dishes?id=eq.1', { method: 'PATCH', body: {} });
    expect(result.status).toBe(204);
  });

  it('deletes with and without a representation', async () => {
    const minimal = await rest('dishes?id=eq.7', { method: 'DELETE' });
    expect(minimal.status).toBe(204);
    expect(minimal.headers.get('content-range')).toBe('0-0/*');
    const represented = await service.from('dishes').delete().in('id', [5, 6]).select('name');
    expect(represented.status).toBe(200);
    expect(represented.data).toEqual([{ name: 'Lassi' }, { name: 'Naan' }]);
    const counted = await rest('dishes?id=eq.404', { method: 'DELETE', headers: { prefer: 'count=exact' } });
    expect(counted.headers.get('content-range')).toBe('*/0');
  });

  it(`returns at most ${maxRows} rows per read (db-max-rows), with Content-Range and the count still exact`, async () => {
    const total = maxRows + 205;
    await server.deps.db.query(
      `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
       select 'Row ' || i, '0900', 'row@example.com', (now() at time zone 'Asia/Ho_Chi_Minh')::date + 30, 2, 'Sa Pa', '19:00', 'PM'
         from generate_series(1, $1::int) i`,
      [total],
    );
    try {
      const all = await rest('reservations?select=id&order=id');
      expect(all.status).toBe(200);
      expect(all.json).toHaveLength(maxRows);
      expect(all.headers.get('content-range')).toBe(`0-${maxRows - 1}/*`);

      const counted = await rest('reservations?select=id&limit=5000', { headers: { prefer: 'count=exact' } });
      expect(counted.status).toBe(206);
      expect(counted.json).toHaveLength(maxRows);
      expect(counted.headers.get('content-range')).toBe(`0-${maxRows - 1}/${total}`);

      const rest2 = await service
        .from('reservations')
        .select('id', { count: 'exact' })
        .range(maxRows, maxRows + 999);
      expect(rest2.status).toBe(206);
      expect(rest2.data).toHaveLength(205);
      expect(rest2.count).toBe(total);

      const head = await service.from('reservations').select('*', { count: 'exact', head: true });
      expect(head.count).toBe(total);

      // The dashboard's page of 50 is unaffected.
      const page = await service
        .from('reservations')
        .select('id', { count: 'exact' })
        .order('id', { ascending: false })
        .range(50, 99);
      expect(page.data).toHaveLength(50);
      expect(page.count).toBe(total);
    } finally {
      await server.deps.db.query('delete from public.reservations');
    }
  });

  it('refuses PUT with 405 and unknown paths with 404', async () => {
    expect((await rest('dishes', { method: 'PUT', body: {} })).status).toBe(405);
    const nested = await rest('dishes/1');
    expect(nested.status).toBe(404);
    expect(nested.json).toMatchObject({ code: 'PGRST125' });
  });
});
