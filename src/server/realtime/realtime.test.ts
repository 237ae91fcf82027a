/**
 * Supabase Realtime's postgres_changes through the unmodified supabase-js client (its bundled
 * realtime-js over Node's WebSocket), against the real server on PGlite and on PostgreSQL: who
 * hears which change, filters, token refresh and expiry, sign-out, and what is refused.
 */

import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { guestBooking, sheetsPayload } from '../../../tests/support/builders.ts';
import {
  grace,
  insertAsOwner,
  namesOf,
  type Subscription,
  subscribe,
  until,
} from '../../../tests/support/realtime-subscriptions.ts';
import { anonClient, signUserToken, tokenClient } from '../../../tests/support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';

const staff = { email: 'board@saffron-lotus.test', password: 'lanterns over the river at dusk' };
const options = { auth: { persistSession: false, autoRefreshToken: false } };

describe.each(backends)('live changes to reservations on %s', (backend) => {
  let server: TestServer;
  const clients: SupabaseClient[] = [];

  function track(client: SupabaseClient): SupabaseClient {
    clients.push(client);
    return client;
  }

  async function staffClient(vsn?: '1.0.0' | '2.0.0'): Promise<SupabaseClient> {
    const client = track(
      createClient(server.url, server.anonKey, { ...options, ...(vsn ? { realtime: { vsn } } : {}) }),
    );
    const { error } = await client.auth.signInWithPassword(staff);
    expect(error).toBeNull();
    return client;
  }

  /** A staff member other than the one signing in above: their sessions are not ended by the tests. */
  async function otherStaffClient(): Promise<SupabaseClient> {
    return track(tokenClient(server, await signUserToken(server, { staff: true })));
  }

  /** A client whose token is whatever `token.current` holds (supabase-js's accessToken option). */
  function swappableTokenClient(first: string): { client: SupabaseClient; token: { current: string } } {
    const token = { current: first };
    const client = track(
      createClient(server.url, server.anonKey, { ...options, accessToken: async () => token.current }),
    );
    return { client, token };
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { ADMIN_EMAIL: staff.email, ADMIN_PASSWORD: staff.password });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.removeAllChannels()));
  });
  afterAll(async () => server?.close());

  it('tells staff of a guest’s booking and of a flag another host set, with the row as /rest/v1 reads it', async () => {
    const host = await staffClient();
    const board = await subscribe(host);
    expect(board.system).toContainEqual(
      expect.objectContaining({ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL' }),
    );

    const guest = anonClient(server);
    const { status } = await guest.from('reservations').insert(guestBooking({ name: 'Meera Iyer' }));
    expect(status).toBe(201);
    await until('the insert', () => board.changes.length === 1);
    const inserted = board.changes[0];
    const { data: rows } = await host.from('reservations').select('*').eq('name', 'Meera Iyer');
    expect(inserted).toEqual({
      schema: 'public',
      table: 'reservations',
      eventType: 'INSERT',
      commit_timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      new: rows?.[0],
      old: {},
      errors: null,
    });

    const id = Number(rows?.[0]?.id);
    const otherHost = await staffClient();
    const { error } = await otherHost.from('reservations').update({ arrived: true }).eq('id', id);
    expect(error).toBeNull();
    await until('the update', () => board.changes.length === 2);
    expect(board.changes[1]).toMatchObject({
      eventType: 'UPDATE',
      new: { id, name: 'Meera Iyer', arrived: true, allocated: false },
      old: { id },
    });
  });

  it('hears every writer: the spreadsheet receiver, and SQL typed as the database’s owner', async () => {
    const board = await subscribe(await staffClient());
    const sheets = await fetch(`${server.url}/sheets/exec`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(sheetsPayload({ name: 'Sheet Guest' })),
    });
    expect(sheets.status).toBe(200);
    await insertAsOwner(server, guestBooking({ name: 'Typed In' }));
    await until('both bookings', () => board.changes.length === 2);
    expect(namesOf(board.changes)).toEqual(['Sheet Guest', 'Typed In']);

    // One statement changing several rows: a change for each, in one notification.
    await server.deps.db.query(
      `update public.reservations set allocated = true where name in ('Sheet Guest', 'Typed In')`,
    );
    await until('both updates', () => board.changes.length === 4);
    expect(board.changes.slice(2).map((c) => [c.eventType, 'allocated' in c.new && c.new.allocated])).toEqual([
      ['UPDATE', true],
      ['UPDATE', true],
    ]);
  });

  it('tells anonymous and non-staff subscribers nothing, though they may subscribe', async () => {
    const control = await subscribe(await staffClient());
    const anonymous = await subscribe(track(anonClient(server)));
    const nonStaff = await subscribe(track(tokenClient(server, await signUserToken(server, { staff: false }))));

    const id = await insertAsOwner(server, guestBooking({ name: 'Private Guest' }));
    await server.deps.db.query('update public.reservations set arrived = true where id = $1', [id]);
    await until('the control to hear both', () => control.changes.length === 2);
    await grace();
    expect(anonymous.changes).toEqual([]);
    expect(nonStaff.changes).toEqual([]);
  });

  it('honours the filters eq, neq, lt, lte, gt, gte and in', async () => {
    const host = await staffClient();
    const control = await subscribe(host, { event: 'INSERT' });
    const filters = {
      eq: 'branch=eq.Sa Pa',
      neq: 'branch=neq.Sa Pa',
      lt: 'guests=lt.3',
      lte: 'guests=lte.3',
      gt: 'guests=gt.3',
      gte: 'guests=gte.3',
      in: 'branch=in.("Ninh Binh","Da Nang")',
      both: 'branch=eq.Sa Pa,guests=gte.3',
    };
    const heard = Object.fromEntries(
      await Promise.all(
        Object.entries(filters).map(async ([name, filter]) => [name, await subscribe(host, { filter })]),
      ),
    ) as Record<string, Subscription>;
    await insertAsOwner(server, guestBooking({ name: 'Two in Sa Pa', guests: 2, branch: 'Sa Pa' }));
    await insertAsOwner(server, guestBooking({ name: 'Three in Ninh Binh', guests: 3, branch: 'Ninh Binh' }));
    await insertAsOwner(server, guestBooking({ name: 'Four in Da Nang', guests: 4, branch: 'Da Nang' }));
    await insertAsOwner(server, guestBooking({ name: 'Five in Sa Pa', guests: 5, branch: 'Sa Pa' }));
    await until('the control to hear all four', () => control.changes.length === 4);
    await grace();
    const names = Object.fromEntries(Object.entries(heard).map(([name, s]) => [name, namesOf(s.changes)]));
    expect(names).toEqual({
      eq: ['Two in Sa Pa', 'Five in Sa Pa'],
      neq: ['Three in Ninh Binh', 'Four in Da Nang'],
      lt: ['Two in Sa Pa'],
      lte: ['Two in Sa Pa', 'Three in Ninh Binh'],
      gt: ['Four in Da Nang', 'Five in Sa Pa'],
      gte: ['Three in Ninh Binh', 'Four in Da Nang', 'Five in Sa Pa'],
      in: ['Three in Ninh Binh', 'Four in Da Nang'],
      both: ['Five in Sa Pa'],
    });
  });

  it('stops telling a channel once it is removed', async () => {
    const host = await staffClient();
    const kept = await subscribe(host);
    const removed = await subscribe(host);
    expect(await host.removeChannel(removed.channel)).toBe('ok');
    await insertAsOwner(server, guestBooking({ name: 'After Removal' }));
    await until('the kept channel', () => kept.changes.length === 1);
    await grace();
    expect(removed.changes).toEqual([]);
  });

  it('keeps telling a channel whose token was refreshed on the live socket', async () => {
    // A token that expires in 3 s (tokens are signed for AUTH_JWT_EXPIRY, 3600 s, from `now`).
    const shortLived = await signUserToken(server, { staff: true, now: Math.floor(Date.now() / 1000) - 3597 });
    const expiresAt = Number(decodeJwt(shortLived).exp) * 1000;
    const { client, token } = swappableTokenClient(shortLived);
    const board = await subscribe(client);
    await insertAsOwner(server, guestBooking({ name: 'Before Refresh' }));
    await until('the first booking', () => board.changes.length === 1);

    token.current = await signUserToken(server, { staff: true });
    await client.realtime.setAuth();
    await until('the first token to expire', () => Date.now() > expiresAt + 500, 10_000);
    await insertAsOwner(server, guestBooking({ name: 'After Refresh' }));
    await until('the second booking', () => board.changes.length === 2);
    expect(namesOf(board.changes)).toEqual(['Before Refresh', 'After Refresh']);
    expect(board.statuses).toEqual(['SUBSCRIBED']);
  });

  it('holds changes back from an expired token until a fresh one arrives', async () => {
    const control = await subscribe(await otherStaffClient());
    const shortLived = await signUserToken(server, { staff: true, now: Math.floor(Date.now() / 1000) - 3597 });
    const { client, token } = swappableTokenClient(shortLived);
    const board = await subscribe(client);
    await until('the server to say the token expired', () =>
      board.system.some((m) => m.status === 'error' && m.message.startsWith('Token has expired')),
    );
    await insertAsOwner(server, guestBooking({ name: 'While Expired' }));
    await until('the control', () => control.changes.length === 1);
    await grace();
    expect(board.changes).toEqual([]);

    token.current = await signUserToken(server, { staff: true });
    await client.realtime.setAuth();
    await until('the server to take the fresh token', () =>
      board.system.some((m) => m.status === 'ok' && m.message.startsWith('Token accepted')),
    );
    await insertAsOwner(server, guestBooking({ name: 'Fresh Again' }));
    await until('the fresh token to be heard', () => board.changes.length === 1);
    expect(namesOf(board.changes)).toEqual(['Fresh Again']);
  });

  it('tells nothing more after signing out', async () => {
    const control = await subscribe(await otherStaffClient());
    const host = await staffClient();
    const board = await subscribe(host);
    expect((await host.auth.signOut({ scope: 'local' })).error).toBeNull();
    await insertAsOwner(server, guestBooking({ name: 'After Sign-out' }));
    await until('the control', () => control.changes.length === 1);
    await grace();
    expect(board.changes).toEqual([]);
  });

  it('ends the channel for good when its session is signed out elsewhere, even if the client keeps the old token', async () => {
    const control = await subscribe(await otherStaffClient());
    // Signed out on this server by another device of the same account: at once.
    const here = await staffClient();
    const boardHere = await subscribe(here);
    const elsewhere = await staffClient();
    expect((await elsewhere.auth.signOut({ scope: 'others' })).error).toBeNull();
    await until('the channel to close', () => boardHere.statuses.includes('CLOSED'));
    expect(boardHere.system).toContainEqual(expect.objectContaining({ status: 'error', message: 'Session has ended' }));

    // A session removed behind this server's back (the admin CLI, another instance): within 2 s.
    const token = await signUserToken(server, { staff: true });
    const stubborn = await subscribe(track(tokenClient(server, token)));
    await server.deps.db.query('delete from auth.sessions where id = $1', [decodeJwt(token).session_id]);
    await until('the stubborn channel to close', () => stubborn.statuses.includes('CLOSED'));

    await insertAsOwner(server, guestBooking({ name: 'After the Sessions Ended' }));
    await until('the control', () => control.changes.length === 1);
    await grace();
    expect(boardHere.changes).toEqual([]);
    expect(stubborn.changes).toEqual([]);
  });

  it('speaks serializer 1.0.0 as well as the default 2.0.0', async () => {
    const board = await subscribe(await staffClient('1.0.0'));
    await insertAsOwner(server, guestBooking({ name: 'Old Serializer' }));
    await until('the booking', () => board.changes.length === 1);
    expect(board.changes[0]).toMatchObject({ eventType: 'INSERT', new: { name: 'Old Serializer' } });
  });

  it('sends deletes only to service_role, with the key alone', async () => {
    // A service key as Supabase makes them: role service_role, no session.
    const now = Math.floor(Date.now() / 1000);
    const serviceKey = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'ES256', kid: server.deps.keys.kid, typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(server.deps.keys.privateKey);
    const service = await subscribe(track(tokenClient(server, serviceKey)), { event: 'DELETE' });
    const host = await subscribe(await staffClient(), { event: 'DELETE' });
    const id = await insertAsOwner(server, guestBooking({ name: 'Cancelled' }));
    await server.deps.db.query('delete from public.reservations where id = $1', [id]);
    await until('the delete', () => service.changes.length === 1);
    expect(service.changes[0]).toMatchObject({ eventType: 'DELETE', new: {}, old: { id } });
    await grace();
    expect(host.changes).toEqual([]);
  });

  it('refuses, with a reason, what it cannot honour', async () => {
    const host = await staffClient();
    await expect(subscribe(host, { table: 'menu' })).rejects.toThrow(/does not publish its changes/);
    await expect(subscribe(host, { filter: 'name=ilike.*Rao*' })).rejects.toThrow(/operator "ilike" is not supported/);
    await expect(subscribe(host, { filter: 'guests=eq.many' })).rejects.toThrow(/does not fit its type \(integer\)/);
    await expect(subscribe(host, { filter: 'nope=eq.1' })).rejects.toThrow(/has no column nope/);
    const forged = `${(await signUserToken(server, { staff: true })).slice(0, -4)}AAAA`;
    await expect(subscribe(track(tokenClient(server, forged)))).rejects.toThrow(/Invalid token/);
  });
});
