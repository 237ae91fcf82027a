/**
 * The floor editor's save (issue 23, `public.save_floor`), on PGlite and PostgreSQL through the
 * real server and supabase-js: an owner replaces a branch's floor as a whole, matched by name or
 * by id (a renamed table keeps its bookings), a removed table that bookings held stays inactive,
 * a bad floor is refused with its reason and nothing changes, and nobody but an owner may save.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FloorInput, floorSchema } from '../../src/domain/floor.ts';
import { guestBooking, restaurantDate } from '../support/builders.ts';
import { testFloor } from '../support/floors.ts';
import { anonClient, tokenClient } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

/** An access token with these app_metadata claims, for an account and session that exist. */
async function claimsToken(server: TestServer, appMetadata: Record<string, unknown>): Promise<string> {
  const sub = randomUUID();
  const sessionId = randomUUID();
  await server.deps.db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, now(), $3::jsonb, '{}'::jsonb, now(), now())`,
      [sub, `${sub}@saffron.example`, JSON.stringify(appMetadata)],
    );
    await tx.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`,
      [sessionId, sub],
    );
  });
  const { token } = await server.deps.tokens.sign({
    sub,
    email: `${sub}@saffron.example`,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'], ...appMetadata },
    user_metadata: {},
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
    session_id: sessionId,
    is_anonymous: false,
  });
  return token;
}

interface StoredTable {
  id: string;
  name: string;
  area: string;
  max_seats: number;
  active: boolean;
  x: number;
  rotation: number;
}

describe.each(backends)('save_floor on %s', (backend) => {
  let server: TestServer;
  let owner: SupabaseClient;
  let staff: SupabaseClient;
  let host: SupabaseClient;

  async function branchOfOwn(): Promise<string> {
    const branch = `Floor ${randomUUID().slice(0, 8)}`;
    await server.deps.db.query('insert into public.branches (name) values ($1)', [branch]);
    return branch;
  }

  async function tablesOf(branch: string): Promise<StoredTable[]> {
    const { rows } = await server.deps.db.query<StoredTable>(
      `select t.id, t.name, a.name as area, t.max_seats, t.active, t.x::float8 as x, t.rotation::float8 as rotation
         from public.dining_tables t join public.dining_areas a on a.id = t.area_id
        where t.branch = $1 order by t.name`,
      [branch],
    );
    return rows;
  }

  async function combinationsOf(branch: string): Promise<string[]> {
    const { rows } = await server.deps.db.query<{ label: string }>(
      `select c.name || ':' || string_agg(t.name, '+' order by t.name) as label
         from public.table_combinations c
         join public.table_combination_members m on m.combination_id = c.id
         join public.dining_tables t on t.id = m.table_id
        where c.branch = $1 group by c.name order by c.name`,
      [branch],
    );
    return rows.map((row) => row.label);
  }

  async function save(branch: string, floor: FloorInput, client = owner) {
    // The screen sends what the shared schema accepts: the same parse here.
    const { areas, combinations } = floorSchema.parse(floor);
    return client.rpc('save_floor', { p_branch: branch, p_floor: { areas, combinations } });
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    owner = tokenClient(server, await claimsToken(server, { role: 'owner' }));
    staff = tokenClient(server, await claimsToken(server, { role: 'staff' }));
    host = tokenClient(server, await claimsToken(server, { role: 'host', branches: ['Sa Pa'] }));
  });
  afterAll(async () => server?.close());

  it('stores a floor, then replaces it: a renamed table keeps its id and bookings, a removed one that was held turns inactive', async () => {
    const branch = await branchOfOwn();
    const first = await save(branch, testFloor);
    expect(first.error).toBeNull();
    expect(first.data).toBe(5);
    const before = await tablesOf(branch);
    expect(before.map((t) => t.name)).toEqual(['T2', 'T4a', 'T4b', 'T6', 'X10']);
    expect(await combinationsOf(branch)).toEqual(['T4a+T4b:T4a+T4b']);

    // A party of 2 is placed on the 2-top; a party of 6 on the 6-top.
    const anon = anonClient(server);
    const date = restaurantDate(9);
    for (const [name, guests] of [
      ['Two', 2],
      ['Six', 6],
    ] as const) {
      const booked = await anon.from('reservations').insert(guestBooking({ name, guests, date, branch }));
      expect(booked.error).toBeNull();
    }
    const id = (name: string) => before.find((t) => t.name === name)?.id;

    // Renamed (by id) and moved; T4a and T4b swap names; T6 (held) and X10 (never held) are left out.
    const second = await save(branch, {
      areas: [
        {
          name: 'Main room',
          tables: [
            { id: id('T2'), name: 'Window 2', max_seats: 2, x: 7, rotation: 45 },
            { id: id('T4a'), name: 'T4b', min_seats: 2, max_seats: 4 },
            { id: id('T4b'), name: 'T4a', min_seats: 2, max_seats: 4 },
          ],
        },
        { name: 'Terrace', tables: [{ name: 'P1', max_seats: 4, shape: 'round' }] },
      ],
      combinations: [{ name: 'Long', tables: ['T4a', 'T4b'], max_seats: 8 }],
    });
    expect(second.error).toBeNull();
    expect(second.data).toBe(4);
    const after = await tablesOf(branch);
    expect(after.map(({ name, area, active, x, rotation }) => ({ name, area, active, x, rotation }))).toEqual([
      { name: 'P1', area: 'Terrace', active: true, x: 0, rotation: 0 },
      { name: 'T4a', area: 'Main room', active: true, x: 0, rotation: 0 },
      { name: 'T4b', area: 'Main room', active: true, x: 0, rotation: 0 },
      { name: 'T6', area: 'Main room', active: false, x: 0, rotation: 0 },
      { name: 'Window 2', area: 'Main room', active: true, x: 7, rotation: 45 },
    ]);
    expect(after.find((t) => t.name === 'Window 2')?.id).toBe(id('T2'));
    expect(after.find((t) => t.name === 'T4b')?.id).toBe(id('T4a'));
    expect(await combinationsOf(branch)).toEqual(['Long:T4a+T4b']);
    const { rows: holds } = await server.deps.db.query<{ name: string; table_name: string }>(
      `select r.name, t.name as table_name from public.reservation_tables h
         join public.reservations r on r.id = h.reservation_id join public.dining_tables t on t.id = h.table_id
        where r.branch = $1 and h.holds order by r.name`,
      [branch],
    );
    expect(holds).toEqual([
      { name: 'Six', table_name: 'T6' },
      { name: 'Two', table_name: 'Window 2' },
    ]);
  });

  it('refuses a bad floor with its reason and changes nothing', async () => {
    const branch = await branchOfOwn();
    expect((await save(branch, testFloor)).error).toBeNull();
    const before = await tablesOf(branch);

    const twoNames = await owner.rpc('save_floor', {
      p_branch: branch,
      p_floor: {
        areas: [
          { name: 'Main room', tables: [{ name: 'T9', max_seats: 2 }] },
          { name: 'Terrace', tables: [{ name: 'T9', max_seats: 4 }] },
        ],
        combinations: [],
      },
    });
    expect(twoNames.error?.code).toBe('BK055');
    expect(twoNames.error?.message).toBe('Two tables are named "T9"');
    expect(JSON.parse(twoNames.error?.details ?? '{}')).toEqual({ reason: 'duplicate_table', name: 'T9' });

    const refusals = [
      // Tables of two areas pushed together.
      [
        {
          areas: [
            { name: 'A', tables: [{ name: 'A1', max_seats: 2 }] },
            { name: 'B', tables: [{ name: 'B1', max_seats: 2 }] },
          ],
          combinations: [{ name: 'AB', tables: ['A1', 'B1'], max_seats: 4 }],
        },
        'BK056',
        'combination_areas',
      ],
      [
        {
          areas: [{ name: 'A', tables: [{ name: 'A1', max_seats: 2 }] }],
          combinations: [{ name: 'AX', tables: ['A1', 'X'], max_seats: 4 }],
        },
        'BK056',
        'combination_table',
      ],
      [{ areas: [{ name: 'A', tables: [{ name: 'A1', min_seats: 5, max_seats: 2 }] }] }, 'BK057', 'table_seats'],
      [{ areas: [{ name: 'A', tables: [{ name: 'A1', max_seats: 2, rotation: 360 }] }] }, 'BK057', 'table_drawing'],
      [{ areas: [{ name: ' ', tables: [] }] }, 'BK057', 'area_name'],
      [{ areas: [{ name: 'A', tables: [{ id: randomUUID(), name: 'A1', max_seats: 2 }] }] }, 'BK058', 'unknown_table'],
      [{ areas: [], turn_minutes: { '1': 60 } }, '22023', undefined],
    ] as const;
    for (const [floor, code, reason] of refusals) {
      const { error } = await owner.rpc('save_floor', { p_branch: branch, p_floor: floor });
      expect(error?.code, JSON.stringify(floor)).toBe(code);
      if (reason) expect(JSON.parse(error?.details ?? '{}').reason).toBe(reason);
    }
    expect(await tablesOf(branch)).toEqual(before);
  });

  it('lets only an owner save, and only a branch that exists', async () => {
    const branch = await branchOfOwn();
    for (const client of [staff, host, anonClient(server)]) {
      const { error } = await save(branch, testFloor, client);
      expect(error?.code).toMatch(/^(42501|PGRST202)$/);
    }
    expect(await tablesOf(branch)).toEqual([]);
    const unknown = await save(`No such ${randomUUID()}`, testFloor);
    expect(unknown.error?.code).toBe('BK007');
  });
});
