/**
 * Several server instances on one PostgreSQL each listen on their own connection, so a change
 * written through any of them (or by anyone else) reaches the subscribers of all. When an
 * instance loses its listening connection, its channels fail, realtime-js joins them again by
 * itself once the instance listens again, and changes flow as before.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBooking } from '../../../tests/support/builders.ts';
import { adminUrl } from '../../../tests/support/postgres.ts';
import { grace, namesOf, subscribe, until } from '../../../tests/support/realtime-subscriptions.ts';
import { startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { listenerApplicationName } from '../db/postgres.ts';

const staff = { email: 'two-doors@saffron-lotus.test', password: 'two doors onto one dining room' };
const options = { auth: { persistSession: false, autoRefreshToken: false } };

describe('two server instances on one PostgreSQL', () => {
  let first: TestServer;
  let second: TestServer;
  const clients: SupabaseClient[] = [];

  async function staffOn(server: TestServer): Promise<SupabaseClient> {
    const client = createClient(server.url, server.anonKey, options);
    clients.push(client);
    const { error } = await client.auth.signInWithPassword(staff);
    expect(error).toBeNull();
    return client;
  }

  beforeAll(async () => {
    first = await startTestServer('postgres', { ADMIN_EMAIL: staff.email, ADMIN_PASSWORD: staff.password });
    // The same database and keys, as two instances behind one load balancer.
    second = await startTestServer('pglite', {
      DATABASE_URL: first.deps.config.databaseUrl ?? '',
      AUTH_JWT_PRIVATE_KEY: readFileSync(join(first.dataDir, 'keys', 'jwt-signing-key.json'), 'utf8'),
      AUTH_ANON_KEY: first.anonKey,
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.removeAllChannels()));
    await second?.close();
    await first?.close();
  });

  it('delivers a booking made through one instance to dashboards on both', async () => {
    const onFirst = await subscribe(await staffOn(first));
    const onSecond = await subscribe(await staffOn(second));
    const guest = createClient(first.url, first.anonKey, options);
    expect((await guest.from('reservations').insert(guestBooking({ name: 'Through the First' }))).status).toBe(201);
    await until('the second instance’s dashboard', () => onSecond.changes.length === 1);
    await until('the first instance’s dashboard', () => onFirst.changes.length === 1);
    expect(namesOf(onSecond.changes)).toEqual(['Through the First']);

    // And the other way round, a flag set through the second.
    const id = Number(onSecond.changes[0]?.new && 'id' in onSecond.changes[0].new ? onSecond.changes[0].new.id : 0);
    const host = await staffOn(second);
    expect((await host.from('reservations').update({ arrived: true }).eq('id', id)).error).toBeNull();
    await until('the first instance’s dashboard to hear the update', () => onFirst.changes.length === 2);
    expect(onFirst.changes[1]).toMatchObject({ eventType: 'UPDATE', new: { id, arrived: true } });
  });

  it('fails the channels of an instance that lost its listening connection; they rejoin and hear changes again', async () => {
    const board = await subscribe(await staffOn(second));
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      const terminated = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2',
        [new URL(first.deps.config.databaseUrl ?? '').pathname.slice(1), listenerApplicationName],
      );
      // Both instances' listeners: each has one for realtime, one for the REST schema cache
      // (NOTIFY pgrst), one for the booking jobs (reminders, waitlist) and one for the compaction
      // after an erasure, and all must come back.
      expect(terminated.rowCount).toBe(8);
    } finally {
      await admin.end();
    }
    await until('the channel to fail', () => board.statuses.includes('CHANNEL_ERROR'));
    await until('the channel to be joined again', () => board.statuses.at(-1) === 'SUBSCRIBED', 15_000);
    expect(board.statuses[0]).toBe('SUBSCRIBED');

    const guest = createClient(second.url, second.anonKey, options);
    expect((await guest.from('reservations').insert(guestBooking({ name: 'After the Reconnect' }))).status).toBe(201);
    await until('the booking', () => board.changes.length === 1);
    await grace();
    expect(namesOf(board.changes)).toEqual(['After the Reconnect']);
  });
});
