/**
 * NOTIFY reaches a listener on both databases, from any writer; on PostgreSQL the listening
 * connection comes back by itself when it is lost, and says so.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { adminUrl, createTestPostgres } from '../../../tests/support/postgres.ts';
import type { Database, NotificationHandlers } from './database.ts';
import { openPglite } from './pglite.ts';
import { listenerApplicationName } from './postgres.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function recorder(): NotificationHandlers & { heard: string[]; events: string[] } {
  const heard: string[] = [];
  const events: string[] = [];
  return {
    heard,
    events,
    notification: (payload) => heard.push(payload),
    lost: () => events.push('lost'),
    resumed: () => events.push('resumed'),
  };
}

async function until(what: string, check: () => boolean, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('listening for NOTIFY', () => {
  it('hears notifications sent on the embedded database, after their transaction commits', async () => {
    const db = await openPglite(undefined);
    cleanups.push(() => db.close());
    const listener = recorder();
    const listening = await db.listen('test_channel', listener);
    await db.transaction(async (tx) => {
      await tx.query(`select pg_notify('test_channel', 'one')`);
      await tx.query(`select pg_notify('other_channel', 'not for us')`);
    });
    await db.query(`select pg_notify('test_channel', 'two')`);
    await until('two notifications', () => listener.heard.length === 2);
    expect(listener.heard).toEqual(['one', 'two']);

    await listening.close();
    await db.query(`select pg_notify('test_channel', 'three')`);
    await db.query('select 1');
    expect(listener.heard).toEqual(['one', 'two']);
  });

  it('refuses a channel name that would need quoting', async () => {
    const db = await openPglite(undefined);
    cleanups.push(() => db.close());
    await expect(db.listen('bad"; drop table x; --', recorder())).rejects.toThrow(/not a channel name/);
  });

  it('hears notifications from other connections on PostgreSQL, and listens again when its connection is lost', async () => {
    const { db, url, drop } = await createTestPostgres();
    cleanups.push(drop);
    const listener = recorder();
    const listening = await db.listen('test_channel', listener);
    cleanups.push(() => listening.close());

    const other = new pg.Client({ connectionString: url });
    await other.connect();
    cleanups.push(() => other.end());
    await other.query(`select pg_notify('test_channel', 'from another connection')`);
    await until('the first notification', () => listener.heard.length === 1);

    // Terminated by an administrator (or a restart): lost, then back by itself.
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    cleanups.push(() => admin.end());
    const terminated = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2',
      [new URL(url).pathname.slice(1), listenerApplicationName],
    );
    expect(terminated.rowCount).toBe(1);
    await until('lost and resumed', () => listener.events.join() === 'lost,resumed');
    await other.query(`select pg_notify('test_channel', 'after the reconnect')`);
    await until('the second notification', () => listener.heard.length === 2);
    expect(listener.heard).toEqual(['from another connection', 'after the reconnect']);
  });

  it('closes its listening connections with the pool', async () => {
    const { db, url, drop } = await createTestPostgres();
    cleanups.push(drop);
    await db.listen('test_channel', recorder());
    const count = async (database: Database) =>
      (
        await database.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1',
          [listenerApplicationName],
        )
      ).rows[0]?.n;
    expect(await count(db)).toBe(1);
    await db.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    cleanups.push(() => admin.end());
    const { rows } = await admin.query(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1',
      [listenerApplicationName],
    );
    expect(rows[0].n).toBe(0);
  });
});
