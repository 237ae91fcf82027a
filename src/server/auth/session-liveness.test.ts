/**
 * The session-liveness check on its own, against real sessions on PGlite and PostgreSQL, with a
 * clock the test moves: how long an answer is cached, and what drops it early.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { createStaffAccount } from './accounts.ts';
import { checkTokenSession, createSessionLiveness, sessionLivenessTtlMs } from './session-liveness.ts';

describe.each(backends)('session liveness on %s', (backend) => {
  let server: TestServer;
  let userId: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    userId = await createStaffAccount(server.deps.db, {
      email: 'liveness@saffron-lotus.test',
      password: 'a lively test passphrase',
    });
  });
  afterAll(async () => server?.close());

  async function newSession(): Promise<string> {
    const id = randomUUID();
    await server.deps.db.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`,
      [id, userId],
    );
    return id;
  }
  const endSession = (id: string) => server.deps.db.query('delete from auth.sessions where id = $1', [id]);

  it('answers from the database, then from its cache for the TTL, then from the database again', async () => {
    let now = 1_000_000;
    const liveness = createSessionLiveness(server.deps.db, { now: () => now });
    const session = await newSession();
    expect(await liveness.isLive(session, userId)).toBe(true);
    await endSession(session);
    now += sessionLivenessTtlMs - 1;
    expect(await liveness.isLive(session, userId)).toBe(true);
    now += 1;
    expect(await liveness.isLive(session, userId)).toBe(false);
    expect(sessionLivenessTtlMs).toBe(2000);
  });

  it('forgets a user’s cached answers when their sessions end in this process', async () => {
    const liveness = createSessionLiveness(server.deps.db, { now: () => 0 });
    const session = await newSession();
    expect(await liveness.isLive(session, userId)).toBe(true);
    await endSession(session);
    liveness.ended(userId);
    expect(await liveness.isLive(session, userId)).toBe(false);
  });

  it('needs the session to belong to the token’s user and to be before its not_after', async () => {
    const liveness = createSessionLiveness(server.deps.db);
    const session = await newSession();
    expect(await liveness.isLive(session, randomUUID())).toBe(false);
    const expiring = await newSession();
    await server.deps.db.query(`update auth.sessions set not_after = now() - interval '1 second' where id = $1`, [
      expiring,
    ]);
    expect(await liveness.isLive(expiring, userId)).toBe(false);
  });

  it('answers lookups asked for together with one query, each answer its own', async () => {
    let queries = 0;
    const counting = {
      ...server.deps.db,
      query: ((sql, params) => {
        queries += 1;
        return server.deps.db.query(sql, params);
      }) as typeof server.deps.db.query,
    };
    const liveness = createSessionLiveness(counting);
    const live = await Promise.all([newSession(), newSession(), newSession()]);
    const ended = await newSession();
    await endSession(ended);
    const answers = await Promise.all([
      ...live.map((session) => liveness.isLive(session, userId)),
      liveness.isLive(ended, userId),
      liveness.isLive(live[0] ?? '', randomUUID()),
      liveness.isLive('not-a-uuid', userId),
    ]);
    expect(answers).toEqual([true, true, true, false, false, false]);
    expect(queries).toBe(1);
  });

  it('applies the rule for tokens with and without a session', async () => {
    const liveness = createSessionLiveness(server.deps.db);
    const session = await newSession();
    const user = { role: 'authenticated', sub: userId };
    expect(await checkTokenSession({ ...user, session_id: session }, liveness)).toBe('live');
    await endSession(session);
    liveness.ended(userId);
    expect(await checkTokenSession({ ...user, session_id: session }, liveness)).toBe('ended');
    expect(await checkTokenSession(user, liveness)).toBe('missing');
    expect(await checkTokenSession({ ...user, session_id: 'not-a-uuid' }, liveness)).toBe('missing');
    expect(await checkTokenSession({ ...user, sub: undefined, session_id: randomUUID() }, liveness)).toBe('missing');
    expect(await checkTokenSession({ role: 'service_role' }, liveness)).toBe('not_needed');
    expect(await checkTokenSession({ role: 'anon' }, liveness)).toBe('not_needed');
  });
});
