/**
 * What one change costs, whatever subscribers do (issue 20, item 2), through the real supabase-js
 * client on PGlite and on PostgreSQL: an account's distinct filters are capped across its
 * sockets; a change reaches, among many subscribers with diverse filters and rights, exactly
 * those who may see it; and the database reads a change once per distinct subscriber, not once
 * per filter — counted by a row-level security policy that counts its own evaluations.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { guestBooking } from '../../../tests/support/builders.ts';
import { grace, insertAsOwner, until } from '../../../tests/support/realtime-subscriptions.ts';
import { anonClient, tokenClient } from '../../../tests/support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import type { ReservationInsert } from '../../domain/reservation.ts';

const filtersPerAccount = 8;
const channelsPerSocket = 4;
const subscriptionsPerJoin = 6;
const tokensPerAccount = 3;

/** One channel holding several postgres_changes subscriptions, and the names each one heard. */
interface Listening {
  channel: RealtimeChannel;
  heard: Map<string, string[]>;
  statuses: string[];
}

async function listen(client: SupabaseClient, filters: readonly string[]): Promise<Listening> {
  const channel = client.channel(`cost-${randomUUID()}`);
  const heard = new Map<string, string[]>(filters.map((filter) => [filter, []]));
  for (const filter of filters) {
    channel.on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'reservations', ...(filter ? { filter } : {}) },
      (change: { new: Record<string, unknown> }) => heard.get(filter)?.push(String(change.new.name)),
    );
  }
  const statuses: string[] = [];
  await client.realtime.setAuth();
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      statuses.push(status);
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
  return { channel, heard, statuses };
}

describe.each(backends)('what a change costs, on %s', (backend) => {
  let server: TestServer;
  const clients: SupabaseClient[] = [];

  /** A session of its own for the user `sub` (created if new), with these app_metadata claims. */
  async function sessionOf(sub: string, appMetadata: Record<string, unknown>): Promise<SupabaseClient> {
    const client = tokenClient(server, await sessionToken(sub, appMetadata));
    clients.push(client);
    return client;
  }

  async function sessionToken(sub: string, appMetadata: Record<string, unknown>): Promise<string> {
    const sessionId = randomUUID();
    const email = `${sub.slice(0, 8)}@saffron.example`;
    await server.deps.db.transaction(async (tx) => {
      await tx.query(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
           created_at, updated_at)
         values ($1, 'authenticated', 'authenticated', $2, now(), $3::jsonb, '{}'::jsonb, now(), now())
         on conflict do nothing`,
        [sub, email, JSON.stringify(appMetadata)],
      );
      await tx.query(
        `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`,
        [sessionId, sub],
      );
    });
    const { token } = await server.deps.tokens.sign({
      sub,
      email,
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

  beforeAll(async () => {
    server = await startTestServer(backend, {}, undefined, {
      realtimeLimits: { filtersPerAccount, channelsPerSocket, subscriptionsPerJoin, tokensPerAccount },
    });
    // Counts each time row-level security lets a subscriber read a booking: always true, so it
    // changes nobody's rights, only counts.
    await server.deps.db.exec(`
      create sequence public.realtime_reads;
      create function public.count_realtime_read() returns boolean
        language sql volatile security definer set search_path = ''
        as $$ select nextval('public.realtime_reads') > 0 $$;
      grant execute on function public.count_realtime_read() to authenticated;
      create policy "count reads" on public.reservations as restrictive for select to authenticated
        using (public.count_realtime_read());
    `);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.removeAllChannels()));
  });
  afterAll(async () => server?.close());

  it('caps the distinct filters of one account across its sockets, and frees them when left', async () => {
    const host = randomUUID();
    const first = await sessionOf(host, { role: 'staff' });
    const second = await sessionOf(host, { role: 'staff' });
    const own = ['branch=eq.Downtown', 'branch=eq.Sa Pa', 'guests=gt.2', 'guests=gt.3', 'guests=gt.4'];
    const held = await listen(first, own);
    // 3 new filters and 2 the account holds already: 8 in all.
    await listen(second, ['guests=lt.2', 'guests=lt.3', 'guests=lt.4', own[0] ?? '', own[1] ?? '']);
    await expect(listen(second, ['guests=eq.9'])).rejects.toThrow(
      `at most ${filtersPerAccount} distinct postgres_changes filters per account, across all its connections`,
    );
    // Filters it already holds cost nothing more.
    await listen(second, [own[2] ?? '', 'guests=lt.2']);
    // Another account has its own room.
    const another = await sessionOf(randomUUID(), { role: 'staff' });
    await listen(another, ['guests=eq.9', 'guests=eq.8', '', own[4] ?? '']);
    await listen(another, own.slice(0, 4));

    // Leaving frees what no other channel of the account holds (guests=gt.3 and gt.4).
    expect(await first.removeChannel(held.channel)).toBe('ok');
    await listen(second, ['guests=eq.9', 'guests=eq.10']);
    await expect(listen(second, ['guests=eq.11'])).rejects.toThrow(/at most 8 distinct/);
  });

  it('caps the distinct access tokens of one account, when joining and when given a new token', async () => {
    const host = randomUUID();
    for (let i = 0; i < tokensPerAccount; i += 1) await listen(await sessionOf(host, { role: 'staff' }), ['']);
    await expect(listen(await sessionOf(host, { role: 'staff' }), [''])).rejects.toThrow(
      `at most ${tokensPerAccount} distinct access tokens per account listening at once, across all its connections`,
    );
    // Channels given yet another token of the account: the first to take it would hold a fourth
    // (its old token is still held by the other), so it is refused and ends; the second frees
    // the old token as it takes the new one, so it may.
    await Promise.all(clients.slice(0, 1).map((client) => client.removeAllChannels()));
    const token = { current: await sessionToken(host, { role: 'staff' }) };
    const swapping = createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      accessToken: async () => token.current,
    });
    clients.push(swapping);
    const boards = [await listen(swapping, ['']), await listen(swapping, [''])];
    token.current = await sessionToken(host, { role: 'staff' });
    await swapping.realtime.setAuth();
    await until('a channel to end', () => boards.some((b) => b.statuses.includes('CLOSED')));
    await grace();
    expect(boards.filter((b) => b.statuses.includes('CLOSED'))).toHaveLength(1);
  });

  it('keeps the per-socket limits: channels per connection, subscriptions per channel', async () => {
    const client = await sessionOf(randomUUID(), { role: 'staff' });
    await expect(
      listen(client, ['', 'guests=gt.1', 'guests=gt.2', 'guests=gt.3', 'guests=gt.4', 'guests=gt.5', 'guests=gt.6']),
    ).rejects.toThrow(`at most ${subscriptionsPerJoin} postgres_changes subscriptions per channel`);
    for (let i = 0; i < channelsPerSocket; i += 1) await listen(client, ['']);
    await expect(listen(client, [''])).rejects.toThrow(`at most ${channelsPerSocket} channels per connection`);
  });

  it('sends each change, among many subscribers with diverse filters, to exactly those who may see it', async () => {
    const filters: Record<string, (b: ReservationInsert) => boolean> = {
      '': () => true,
      'branch=eq.Sa Pa': (b) => b.branch === 'Sa Pa',
      'branch=neq.Sa Pa': (b) => b.branch !== 'Sa Pa',
      'branch=in.(Downtown,"Da Nang")': (b) => ['Downtown', 'Da Nang'].includes(b.branch),
      'guests=gte.4': (b) => b.guests >= 4,
      'branch=eq.Downtown,guests=lt.4': (b) => b.branch === 'Downtown' && b.guests < 4,
      'guests=lt.3': (b) => b.guests < 3,
    };
    const all = Object.keys(filters);
    const hostSaPa = randomUUID();
    const audiences: { who: string; client: SupabaseClient; sees: (b: ReservationInsert) => boolean }[] = [
      { who: 'owner', client: await sessionOf(randomUUID(), { role: 'owner' }), sees: () => true },
      {
        who: 'Sa Pa host',
        client: await sessionOf(hostSaPa, { role: 'host', branches: ['Sa Pa'] }),
        sees: (b) => b.branch === 'Sa Pa',
      },
      {
        who: 'Sa Pa host, another session',
        client: await sessionOf(hostSaPa, { role: 'host', branches: ['Sa Pa'] }),
        sees: (b) => b.branch === 'Sa Pa',
      },
      {
        who: 'northern host',
        client: await sessionOf(randomUUID(), { role: 'host', branches: ['Downtown', 'Ninh Binh'] }),
        sees: (b) => b.branch === 'Downtown' || b.branch === 'Ninh Binh',
      },
      { who: 'signed-in guest', client: await sessionOf(randomUUID(), {}), sees: () => false },
      { who: 'anonymous', client: anonClient(server), sees: () => false },
    ];
    clients.push(audiences[5]?.client as SupabaseClient);
    // Each audience holds every filter, split over two channels in a different order.
    const listening = await Promise.all(
      audiences.map(async (a, i) => {
        const rotated = [...all.slice(i % all.length), ...all.slice(0, i % all.length)];
        return [await listen(a.client, rotated.slice(0, 4)), await listen(a.client, rotated.slice(4))];
      }),
    );

    const bookings = [
      guestBooking({ name: 'Two in Sa Pa', branch: 'Sa Pa', guests: 2 }),
      guestBooking({ name: 'Three in Downtown', branch: 'Downtown', guests: 3 }),
      guestBooking({ name: 'Four in Da Nang', branch: 'Da Nang', guests: 4 }),
      guestBooking({ name: 'Five in Ninh Binh', branch: 'Ninh Binh', guests: 5 }),
      guestBooking({ name: 'Six in Downtown', branch: 'Downtown', guests: 6 }),
    ];
    for (const booking of bookings) await insertAsOwner(server, booking);
    const ownerUnfiltered = () => listening[0]?.flatMap((l) => l.heard.get('') ?? []) ?? [];
    await until('the owner to hear every booking', () => ownerUnfiltered().length === bookings.length);
    await grace();

    const heard = audiences.map((a, i) => ({
      who: a.who,
      byFilter: Object.fromEntries(
        all.map((filter) => [filter, listening[i]?.flatMap((l) => l.heard.get(filter) ?? []) ?? []]),
      ),
    }));
    const expected = audiences.map((a) => ({
      who: a.who,
      byFilter: Object.fromEntries(
        all.map((filter) => [filter, bookings.filter((b) => a.sees(b) && filters[filter]?.(b)).map((b) => b.name)]),
      ),
    }));
    expect(heard).toEqual(expected);
  });

  it('reads a change once per distinct subscriber, however many filters and channels it holds', async () => {
    const board = await sessionOf(randomUUID(), { role: 'staff' });
    // One session, three channels, eight distinct filters (all true of the booking below).
    await listen(board, ['', 'branch=eq.Sa Pa', 'guests=gte.1']);
    await listen(board, ['guests=gte.2', 'guests=lt.20', 'branch=neq.Downtown']);
    const last = await listen(board, ['branch=in.(Sa Pa,Downtown)', 'guests=lte.9', '']);
    // Another session: a second subscriber.
    const other = await listen(await sessionOf(randomUUID(), { role: 'owner' }), ['guests=gte.2']);

    const counter = async () =>
      Number(
        (await server.deps.db.query<{ n: string }>(`select nextval('public.realtime_reads')::text as n`)).rows[0]?.n,
      );
    const before = await counter();
    await insertAsOwner(server, guestBooking({ name: 'Counted', branch: 'Sa Pa', guests: 3 }));
    await until('both sessions to hear it', () =>
      [last.heard.get('guests=lte.9'), other.heard.get('guests=gte.2')].every((names) => names?.length === 1),
    );
    await grace();
    // Before: one read per filter of each subscriber (8 + 1). The counter's own call counts 1.
    expect((await counter()) - before - 1).toBe(2);
  });
});
