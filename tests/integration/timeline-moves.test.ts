/**
 * The timeline's moves (issue 23), on PGlite and PostgreSQL through the real server with the
 * real supabase-js: a host moves a booking to another time with an ordinary update (the database
 * moves its holds, keeping its table when free, or refuses with BK001 and changes nothing) and to
 * another table with assign_tables; a time that is no time (BK050) and a booking that is over
 * (BK051) are refused; another branch's host changes nothing, a guest is refused. The screens
 * read the branch's day as src/web/features/host-view does, holds and all.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { floorSchema } from '../../src/domain/floor.ts';
import { importFloor } from '../../src/server/cli/floor.ts';
import { loadBranchDay, loadBranchFloor } from '../../src/web/staff/features/host-view/api/branch-day.ts';
import { assignTables, moveTime, timeFields } from '../../src/web/staff/features/host-view/api/host-actions.ts';
import { guestBooking, restaurantDate } from '../support/builders.ts';
import { testFloor } from '../support/floors.ts';
import { anonClient } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

const allDay = Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, opens: '00:00', closes: '23:59' }));

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

function clientWith(server: TestServer, token: string): SupabaseClient {
  return createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    accessToken: async () => token,
  });
}

describe('timeFields', () => {
  it('keeps a booking in its own form: 12-hour with AM/PM, else 24-hour with its period', () => {
    expect(timeFields('20:15', 'PM')).toEqual({ time: '08:15', period: 'PM' });
    expect(timeFields('11:30', 'PM')).toEqual({ time: '11:30', period: 'AM' });
    expect(timeFields('12:00', 'AM')).toEqual({ time: '12:00', period: 'PM' });
    expect(timeFields('00:15', 'PM')).toEqual({ time: '12:15', period: 'AM' });
    expect(timeFields('19:45', 'Dinner')).toEqual({ time: '19:45', period: 'Dinner' });
  });
});

describe.each(backends)('timeline moves on %s', (backend) => {
  let server: TestServer;
  let host: SupabaseClient;
  let otherHost: SupabaseClient;
  let day = restaurantDate(40);
  let dayOffset = 40;

  async function book(name: string, guests: number, time: string, period = 'Dinner'): Promise<number> {
    const { error } = await host
      .from('reservations')
      .insert(guestBooking({ name, guests, time, period, date: day, branch: 'Sa Pa' }));
    expect(error).toBeNull();
    const { rows } = await server.deps.db.query<{ id: number }>(
      'select id from public.reservations where name = $1 and date = $2',
      [name, day],
    );
    return Number(rows[0]?.id);
  }

  /** The day as the timeline reads it: each booking's time and the tables it holds. */
  async function seen(): Promise<Record<string, { slot: string | undefined; tables: string }>> {
    const floor = await loadBranchFloor(host, 'Sa Pa');
    const names = new Map(floor.tables.map((table) => [table.id, table.name]));
    const { bookings } = await loadBranchDay(host, 'Sa Pa', day);
    return Object.fromEntries(
      bookings.map((booking) => [
        booking.name,
        {
          slot: booking.slot,
          tables: booking.holds
            .filter((hold) => hold.holds)
            .map((hold) => names.get(hold.tableId))
            .sort()
            .join('+'),
        },
      ]),
    );
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    await server.deps.db.query('select public.save_branch_settings($1, $2::jsonb)', [
      'Sa Pa',
      JSON.stringify({ time_zone: 'Asia/Ho_Chi_Minh', hours: allDay, closed_dates: [] }),
    ]);
    await importFloor(server.deps.db, 'Sa Pa', floorSchema.parse(testFloor));
    host = clientWith(server, await claimsToken(server, { role: 'host', branches: ['Sa Pa'] }));
    otherHost = clientWith(server, await claimsToken(server, { role: 'host', branches: ['Da Nang'] }));
  });
  afterAll(async () => server?.close());
  beforeEach(() => {
    dayOffset += 1;
    day = restaurantDate(dayOffset);
  });

  it('moves a booking to another time on its own table, and its hold with it', async () => {
    const id = await book('Hà', 4, '19:00');
    expect(await seen()).toEqual({ Hà: { slot: '19:00', tables: 'T4a' } });
    await moveTime(host, { id, period: 'Dinner' }, '20:30');
    expect(await seen()).toEqual({ Hà: { slot: '20:30', tables: 'T4a' } });
    const { rows } = await server.deps.db.query<{ during: string }>(
      'select during::text as during from public.reservation_tables where reservation_id = $1',
      [id],
    );
    // 20:30 in Vietnam is 13:30 UTC; 4 guests turn in 105 minutes, plus 10 to reset.
    expect(rows[0]?.during).toMatch(/^\["\d{4}-\d{2}-\d{2} 13:30:00\+00","\d{4}-\d{2}-\d{2} 15:25:00\+00"\)$/);
    // The home form's 12-hour form stays 12-hour.
    const pm = await book('Minh', 2, '07:00', 'PM');
    await moveTime(host, { id: pm, period: 'PM' }, '21:15');
    const stored = await server.deps.db.query<{ time: string; period: string }>(
      'select time, period from public.reservations where id = $1',
      [pm],
    );
    expect(stored.rows[0]).toEqual({ time: '09:15', period: 'PM' });
    expect((await seen()).Minh).toEqual({ slot: '21:15', tables: 'T2' });
  });

  it('moves to another table with assign_tables, and refuses a taken one (BK021) with its table unchanged', async () => {
    const first = await book('Lan', 4, '19:00');
    await book('Tuấn', 4, '19:00');
    expect(await seen()).toMatchObject({ Lan: { tables: 'T4a' }, Tuấn: { tables: 'T4b' } });
    const floor = await loadBranchFloor(host, 'Sa Pa');
    const byName = new Map(floor.tables.map((table) => [table.name, table.id]));
    await assignTables(host, first, [byName.get('T6') ?? '']);
    expect((await seen()).Lan?.tables).toBe('T6');
    await expect(assignTables(host, first, [byName.get('T4b') ?? ''])).rejects.toMatchObject({ code: 'BK021' });
    expect((await seen()).Lan?.tables).toBe('T6');
  });

  it('refuses a move to a time when no table is free (BK001), changing nothing', async () => {
    // Every table that seats 6 is taken at 20:00 (T6, the combination, and the 10-top).
    await book('Six at eight', 6, '20:00');
    await book('Eight at eight', 8, '20:00');
    await book('Ten at eight', 9, '20:00');
    const early = await book('Six early', 6, '17:00');
    const before = await seen();
    await expect(moveTime(host, { id: early, period: 'Dinner' }, '20:00')).rejects.toMatchObject({
      code: 'BK001',
      message: expect.stringMatching(/^Sorry, no table for 6 guests is free at 8:00 PM/),
    });
    expect(await seen()).toEqual(before);
  });

  it('refuses a time that is no time (BK050) and moving a booking that is over (BK051)', async () => {
    const id = await book('Khoa', 2, '18:00');
    const garbage = await host.from('reservations').update({ time: 'soon' }).eq('id', id);
    expect(garbage.error).toMatchObject({ code: 'BK050', message: 'soon Dinner is not a time of day' });
    expect((await host.from('reservations').update({ status: 'seated' }).eq('id', id)).error).toBeNull();
    expect((await host.from('reservations').update({ status: 'finished' }).eq('id', id)).error).toBeNull();
    await expect(moveTime(host, { id, period: 'Dinner' }, '19:00')).rejects.toMatchObject({
      code: 'BK051',
      message: 'A booking that is finished cannot be moved',
    });
    expect((await seen()).Khoa?.slot).toBe('18:00');
  });

  it("lets no one else move it: another branch's host changes no row, a guest is refused", async () => {
    const id = await book('Vy', 2, '18:30');
    const other = await otherHost.from('reservations').update({ time: '20:00' }).eq('id', id).select('id');
    expect(other.data).toEqual([]);
    const guest = await anonClient(server).from('reservations').update({ time: '20:00' }).eq('id', id);
    expect(guest.status).toBe(401);
    expect((await seen()).Vy?.slot).toBe('18:30');
    // Nor other columns: the grant is the time and period only.
    const renamed = await host.from('reservations').update({ name: 'Someone', time: '20:00' }).eq('id', id);
    expect(renamed.error?.code).toBe('42501');
  });
});
