/**
 * A booking's history (supabase/migrations/20261123500000_booking_history.sql) on PGlite and
 * PostgreSQL: written by the database for every writer (REST as a guest and as staff, SQL without
 * claims), readable only by whoever may read the booking, and never writable through the API.
 * Also the dashboard's sums, covers_by_day, under the caller's row-level security.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { guestBooking, restaurantDate } from '../support/builders.ts';
import { anonClient, signUserToken, tokenClient } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

const staffId = '6b0f8f0e-4c5e-4a43-9a55-4f5e2a1c0001';
const staffEmail = 'host@saffron.example';

const historyRowSchema = z.object({
  id: z.number(),
  reservation_id: z.number(),
  changed_at: z.string(),
  actor: z.enum(['user', 'guest', 'system']),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.enum(['created', 'updated', 'deleted']),
  changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })),
});

describe.each(backends)('booking history on %s', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;
  let staff: SupabaseClient;
  let nonStaff: SupabaseClient;

  /** Every history line of a booking, as the database owner sees it, oldest first. */
  async function stored(id: number) {
    const { rows } = await server.deps.db.query(
      'select * from public.reservation_history where reservation_id = $1 order by id',
      [id],
    );
    return z
      .array(historyRowSchema.extend({ id: z.coerce.number(), reservation_id: z.coerce.number() }))
      .parse(rows.map((row) => ({ ...row, changed_at: String(row.changed_at) })));
  }

  /** A booking made as a guest through REST; its id read back as the owner. */
  async function book(overrides: Parameters<typeof guestBooking>[0] = {}): Promise<number> {
    const name = `History ${crypto.randomUUID().slice(0, 8)}`;
    const { error } = await anon.from('reservations').insert(guestBooking({ branch: 'Downtown', name, ...overrides }));
    expect(error).toBeNull();
    const { rows } = await server.deps.db.query<{ id: string | number }>(
      'select id from public.reservations where name = $1',
      [name],
    );
    return Number(rows[0]?.id);
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    anon = anonClient(server);
    staff = tokenClient(server, await signUserToken(server, { staff: true }));
    nonStaff = tokenClient(server, await signUserToken(server, { staff: false }));
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    await server.deps.db.query('delete from public.reservations');
  });

  it('records a guest booking as made by a guest, and a host marking it arrived with who and what', async () => {
    const id = await book();
    const { error } = await staff.from('reservations').update({ arrived: true }).eq('id', id);
    expect(error).toBeNull();
    const lines = await stored(id);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      action: 'created',
      actor: 'guest',
      actor_id: null,
      actor_email: null,
      changes: {},
    });
    expect(lines[1]).toMatchObject({
      action: 'updated',
      actor: 'user',
      actor_id: staffId,
      actor_email: staffEmail,
      changes: { arrived: { old: false, new: true } },
    });
  });

  it('records SQL without claims as the system, every changed column, and nothing for a change to the same value', async () => {
    const id = await book({ notes: null });
    await server.deps.db.query(`update public.reservations set notes = 'Window seat', guests = 6 where id = $1`, [id]);
    await server.deps.db.query('update public.reservations set guests = 6 where id = $1', [id]);
    await server.deps.db.query('delete from public.reservations where id = $1', [id]);
    const lines = await stored(id);
    expect(lines.map((line) => line.action)).toEqual(['created', 'updated', 'deleted']);
    expect(lines[1]).toMatchObject({
      actor: 'system',
      actor_id: null,
      changes: { notes: { old: null, new: 'Window seat' }, guests: { old: 4, new: 6 } },
    });
    expect(lines[2]).toMatchObject({ actor: 'system', changes: {} });
  });

  it('lets staff read a booking’s history newest first, and anon and non-staff accounts read none', async () => {
    const id = await book();
    await staff.from('reservations').update({ allocated: true }).eq('id', id);
    await staff.from('reservations').update({ allocated: false }).eq('id', id);

    const read = await staff
      .from('reservation_history')
      .select('*')
      .eq('reservation_id', id)
      .order('changed_at', { ascending: false })
      .order('id', { ascending: false });
    expect(read.error).toBeNull();
    const lines = z.array(historyRowSchema).parse(read.data);
    expect(lines.map((line) => [line.action, line.changes.allocated?.new])).toEqual([
      ['updated', false],
      ['updated', true],
      ['created', undefined],
    ]);

    const asGuest = await anon.from('reservation_history').select('*');
    expect(asGuest.error?.code).toBe('42501');
    const asNonStaff = await nonStaff.from('reservation_history').select('*', { count: 'exact' });
    expect(asNonStaff.error).toBeNull();
    expect(asNonStaff.data).toEqual([]);
    expect(asNonStaff.count).toBe(0);
  });

  it('refuses every API write to the history, for staff, non-staff and anon alike', async () => {
    const id = await book();
    const before = await stored(id);
    for (const client of [staff, nonStaff, anon]) {
      const inserted = await client
        .from('reservation_history')
        .insert({ reservation_id: id, actor: 'system', action: 'created' });
      expect(inserted.error?.code).toBe('42501');
      const updated = await client
        .from('reservation_history')
        .update({ actor_email: 'x@example.com' })
        .eq('reservation_id', id);
      expect(updated.error?.code).toBe('42501');
      const deleted = await client.from('reservation_history').delete().eq('reservation_id', id);
      expect(deleted.error?.code).toBe('42501');
    }
    expect(await stored(id)).toEqual(before);
  });

  it('keeps the API roles without write privileges and the trigger function out of their reach', async () => {
    const { rows } = await server.deps.db.query<{ role: string; privilege: string }>(
      `select r.rolname as role, p.privilege
         from unnest(array['anon', 'authenticated', 'service_role']) as r(rolname)
         cross join unnest(array['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) as p(privilege)
        where has_table_privilege(r.rolname, 'public.reservation_history', p.privilege)`,
    );
    expect(rows).toEqual([]);
    const { rows: callable } = await server.deps.db.query<{ role: string }>(
      `select r.rolname as role from unnest(array['anon', 'authenticated']) as r(rolname)
        where has_function_privilege(r.rolname, 'private.record_reservation_history()', 'execute')`,
    );
    expect(callable).toEqual([]);
  });

  it('sums covers per day and branch for staff, leaves out other days, and gives others nothing', async () => {
    const day = restaurantDate(40);
    const next = restaurantDate(41);
    await book({ date: day, guests: 4, branch: 'Downtown' });
    await book({ date: day, guests: 3, branch: 'Downtown' });
    await book({ date: day, guests: 2, branch: 'Uptown' });
    await book({ date: next, guests: 5, branch: 'Uptown' });
    await book({ date: restaurantDate(60), guests: 9, branch: 'Uptown' });

    const { data, error } = await staff.rpc('covers_by_day', { p_from: day, p_to: next });
    expect(error).toBeNull();
    expect(data).toEqual([
      { day, branch: 'Downtown', covers: 7, bookings: 2 },
      { day, branch: 'Uptown', covers: 2, bookings: 1 },
      { day: next, branch: 'Uptown', covers: 5, bookings: 1 },
    ]);

    const asNonStaff = await nonStaff.rpc('covers_by_day', { p_from: day, p_to: next });
    expect(asNonStaff.error).toBeNull();
    expect(asNonStaff.data).toEqual([]);
    const asGuest = await anon.rpc('covers_by_day', { p_from: day, p_to: next });
    expect(asGuest.error?.code).toBe('42501');
    const tooLong = await staff.rpc('covers_by_day', { p_from: day, p_to: restaurantDate(500) });
    expect(tooLong.error?.code).toBe('22023');
  });
});
