/**
 * The embedded database in its worker thread: a long query no longer holds the server's thread,
 * a caller stops waiting after the time limit while the database finishes, and what it gave up
 * on is never half-done.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, DatabaseTimeoutError, sqlState } from './database.ts';
import { openPglite } from './pglite.ts';

const opened: Database[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

async function open(timeoutMs: number): Promise<Database> {
  const db = await openPglite(undefined, { timeoutMs });
  opened.push(db);
  await db.exec('create table t (id int primary key, label text)');
  return db;
}

/** Resolves with the order in which the promises settled. */
function settleOrder(named: Record<string, Promise<unknown>>): Promise<string[]> {
  const order: string[] = [];
  return Promise.all(
    Object.entries(named).map(([name, promise]) =>
      promise.then(
        () => order.push(name),
        () => order.push(name),
      ),
    ),
  ).then(() => order);
}

describe('the embedded database in a worker thread', () => {
  it('keeps the server thread free while a long query runs', async () => {
    const db = await open(10_000);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const heavy = db.query('select pg_sleep(1.5)');
    // Before the worker, the thread sat inside the query and no timer ran until it ended.
    const order = await settleOrder({
      heavy,
      timers: new Promise((resolve) => setTimeout(resolve, 200)).then(() => expect(ticks).toBeGreaterThan(2)),
      health: db.health(1000),
    });
    clearInterval(ticker);
    expect(order.slice(0, 2).sort()).toEqual(['health', 'timers']);
    expect(order[2]).toBe('heavy');
    expect(await db.health(1000)).toBe('ok');
  });

  it('says busy, at once, while it works through a queue', async () => {
    const db = await open(10_000);
    const heavy = db.query('select pg_sleep(1)');
    expect(await db.health(5000)).toBe('busy');
    await heavy;
    expect(await db.health(5000)).toBe('ok');
  });

  it('gives up after the time limit with SQLSTATE 57014 and never runs what was still queued', async () => {
    const db = await open(300);
    const heavy = db.query('select pg_sleep(1.2)');
    const queuedInsert = db.query(`insert into t values (1, 'queued')`);
    await expect(heavy).rejects.toBeInstanceOf(DatabaseTimeoutError);
    const error = await queuedInsert.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseTimeoutError);
    expect(sqlState(error)).toBe('57014');
    // Once the database is free again, it answers, and the abandoned insert did not happen.
    await expect.poll(async () => db.health(1000), { timeout: 5000 }).toBe('ok');
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from t');
    expect(rows[0]?.n).toBe(0);
  });

  it('rolls back a transaction whose statement ran past the time limit', async () => {
    const db = await open(400);
    const outcome = db.transaction(async (tx) => {
      await tx.query(`insert into t values (2, 'in the transaction')`);
      await tx.query('select pg_sleep(1.2)');
      return 'committed';
    });
    await expect(outcome).rejects.toBeInstanceOf(DatabaseTimeoutError);
    await expect.poll(async () => db.health(1000), { timeout: 5000 }).toBe('ok');
    const { rows } = await db.query('select * from t where id = 2');
    expect(rows).toEqual([]);
  });

  it('counts the time spent queueing against the same limit as the statements', async () => {
    const db = await open(700);
    const blocker = db.query('select pg_sleep(0.5)');
    // Each step alone fits in 700 ms; queueing and running together do not.
    const outcome = db.transaction((tx) => tx.query('select pg_sleep(0.5)'));
    await blocker;
    await expect(outcome).rejects.toBeInstanceOf(DatabaseTimeoutError);
  });

  it('leaves no transaction open when its caller gave up before it began', async () => {
    const db = await open(300);
    const blocker = db.query('select pg_sleep(0.8)').catch(() => {});
    // begin waits behind the blocker and times out; the worker either drops it or, if it had
    // already taken it, opens the transaction and gets the rollback at once.
    const late = db.transaction(async (tx) => {
      await tx.query(`insert into t values (3, 'late')`);
    });
    await expect(late).rejects.toBeInstanceOf(DatabaseTimeoutError);
    await blocker;
    await expect.poll(async () => db.health(1000), { timeout: 5000 }).toBe('ok');
    // A transaction left open would hold the database and this insert would never run.
    await db.query(`insert into t values (4, 'after')`);
    const { rows } = await db.query<{ id: number }>('select id from t order by id');
    expect(rows.map((r) => r.id)).toEqual([4]);
  });

  it('carries PostgreSQL error fields across the thread boundary', async () => {
    const db = await open(5000);
    await db.query(`insert into t values (5, 'first')`);
    const error = await db.query(`insert into t values (5, 'again')`).catch((e: unknown) => e);
    expect(sqlState(error)).toBe('23505');
    expect(error).toMatchObject({ detail: 'Key (id)=(5) already exists.', table: 't' });
  });

  it('commits and rolls back as before, one transaction at a time', async () => {
    const db = await open(5000);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db
          .transaction(async (tx) => {
            await tx.query('insert into t values ($1, $2)', [100 + i, 'x']);
            if (i % 2 === 1) throw new Error('roll back the odd ones');
          })
          .catch(() => {}),
      ),
    );
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from t where id >= 100');
    expect(rows[0]?.n).toBe(10);
  });
});
