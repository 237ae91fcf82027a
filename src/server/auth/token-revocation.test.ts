/**
 * An access token stops reading /rest/v1 when its session ends — sign-out of every scope,
 * refresh-token reuse, removal of the account by the admin CLI — on PGlite and on PostgreSQL,
 * through the real supabase-js client. Ended here: at once; ended elsewhere (another instance,
 * the CLI's own process): within the liveness cache's TTL.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBooking } from '../../../tests/support/builders.ts';
import { type Backend, backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { createStaffAccount, removeStaffAccount } from './accounts.ts';
import { sessionLivenessTtlMs } from './session-liveness.ts';

const staff = { email: 'closer@saffron-lotus.test', password: 'closing time passphrase' };
const adminScript = join(import.meta.dirname, '..', 'cli', 'admin.ts');

function client(server: TestServer): SupabaseClient {
  return createClient(server.url, server.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

async function signIn(server: TestServer, account = staff): Promise<{ supabase: SupabaseClient; token: string }> {
  const supabase = client(server);
  const { data, error } = await supabase.auth.signInWithPassword(account);
  expect(error).toBeNull();
  return { supabase, token: data.session?.access_token ?? '' };
}

/** GET /rest/v1/reservations with this bearer token: the status and the body. */
async function read(server: TestServer, token: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}/rest/v1/reservations?select=name`, {
    headers: { apikey: server.anonKey, authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: await response.json() };
}

const refused = {
  status: 401,
  body: expect.objectContaining({ code: 'PGRST303', message: 'Session from session_id claim in JWT does not exist' }),
};
const allowed = { status: 200, body: [{ name: 'Asha Rao' }] };

/** Past the liveness cache's TTL: a session ended in another process is seen by now. */
const pastTtl = () => new Promise((resolve) => setTimeout(resolve, sessionLivenessTtlMs + 300));

function runAdmin(backend: Backend, server: TestServer, args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [adminScript, ...args],
      {
        env: {
          PATH: process.env.PATH,
          DATA_DIR: server.dataDir,
          LOG_LEVEL: 'silent',
          ...(backend === 'postgres' ? { DATABASE_URL: server.deps.config.databaseUrl ?? '' } : {}),
        },
        timeout: 60_000,
      },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr: String(stderr) }),
    );
  });
}

describe.each(backends)('access tokens end with their session on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    // A reuse interval of 0: presenting a rotated refresh token again is always reuse.
    server = await startTestServer(backend, {
      ADMIN_EMAIL: staff.email,
      ADMIN_PASSWORD: staff.password,
      AUTH_REFRESH_TOKEN_REUSE_INTERVAL: '0',
    });
    const { error } = await client(server).from('reservations').insert(guestBooking());
    expect(error).toBeNull();
  });
  afterAll(async () => server?.close());

  it('refuses a signed-out session’s token at once (scope local), and keeps other sessions working', async () => {
    const leaving = await signIn(server);
    const staying = await signIn(server);
    expect(await read(server, leaving.token)).toEqual(allowed);
    expect((await leaving.supabase.auth.signOut({ scope: 'local' })).error).toBeNull();
    const answer = await fetch(`${server.url}/rest/v1/reservations?select=name`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${leaving.token}` },
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('invalid_token');
    expect(await read(server, leaving.token)).toEqual(refused);
    expect(await read(server, staying.token)).toEqual(allowed);
  });

  it('ends the other sessions with scope=others and every session with scope=global', async () => {
    const here = await signIn(server);
    const elsewhere = await signIn(server);
    const stolen = await signIn(server);
    expect((await here.supabase.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await read(server, elsewhere.token)).toEqual(refused);
    expect(await read(server, stolen.token)).toEqual(refused);
    expect(await read(server, here.token)).toEqual(allowed);
    // The supabase-js client reads through the same check.
    const { data, error } = await elsewhere.supabase.from('reservations').select('name');
    expect(data).toBeNull();
    expect(error?.code).toBe('PGRST303');

    const another = await signIn(server);
    expect((await here.supabase.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect(await read(server, here.token)).toEqual(refused);
    expect(await read(server, another.token)).toEqual(refused);
  });

  it('ends the session when a rotated refresh token is presented again', async () => {
    const { supabase, token: first } = await signIn(server);
    const original = (await supabase.auth.getSession()).data.session?.refresh_token ?? '';
    const refresh = (refreshToken: string) =>
      fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
    const rotated = await refresh(original);
    expect(rotated.status).toBe(200);
    const { access_token: second, refresh_token: newest } = (await rotated.json()) as {
      access_token: string;
      refresh_token: string;
    };
    expect(await read(server, second)).toEqual(allowed);

    // The thief (or the victim) presents the old token: the session ends for both of them.
    const reuse = await refresh(original);
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ code: 'refresh_token_already_used' });
    expect(await read(server, first)).toEqual(refused);
    expect(await read(server, second)).toEqual(refused);
    const user = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${second}` },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: 'session_not_found' });
    expect(await (await refresh(newest)).json()).toMatchObject({ code: 'refresh_token_not_found' });
    const sessions = await server.deps.db.query('select 1 from auth.sessions where id = $1', [
      decodeJwt(second).session_id,
    ]);
    expect(sessions.rows).toHaveLength(0);
  });

  it('refuses the tokens of a removed account within the cache TTL', async () => {
    const leaver = { email: 'leaver@saffron-lotus.test', password: 'last shift passphrase' };
    await createStaffAccount(server.deps.db, leaver);
    const { token } = await signIn(server, leaver);
    expect(await read(server, token)).toEqual(allowed);
    if (backend === 'postgres') {
      // The owner's command, in its own process, as they run it against a shared PostgreSQL.
      const removed = await runAdmin(backend, server, ['remove', '--email', leaver.email]);
      expect(removed.code, removed.stderr).toBe(0);
    } else {
      // PGlite admits one process, so the CLI cannot run beside the server: the same function, in-process.
      expect(await removeStaffAccount(server.deps.db, leaver.email)).toBe(true);
    }
    await pastTtl();
    expect(await read(server, token)).toEqual(refused);
  });

  it('refuses a user token without a session_id, or naming another user’s session; key-like roles need none', async () => {
    const { token } = await signIn(server);
    const claims = decodeJwt(token);
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'ES256', kid: server.deps.keys.kid, typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(server.deps.keys.privateKey);
    const { session_id: _, ...withoutSession } = claims;
    const missing = await read(server, await sign({ ...withoutSession, exp: undefined, iat: undefined }));
    expect(missing).toEqual({
      status: 401,
      body: expect.objectContaining({ code: 'PGRST303', message: 'JWT has no valid session_id claim' }),
    });
    const otherUser = await read(
      server,
      await sign({ ...claims, sub: '00000000-0000-4000-8000-000000000abc', exp: undefined, iat: undefined }),
    );
    expect(otherUser).toEqual(refused);
    // A service_role token names no user; only the holder of the signing key can make one.
    const service = await read(server, await sign({ role: 'service_role', aud: 'authenticated' }));
    expect(service.status).toBe(200);
    expect(service.body).toEqual(expect.arrayContaining([{ name: 'Asha Rao' }]));
  });
});

describe('a session ended on one instance, seen by another sharing the PostgreSQL', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer('postgres', { ADMIN_EMAIL: staff.email, ADMIN_PASSWORD: staff.password });
    // The same database and the same keys, as two instances behind one load balancer.
    second = await startTestServer('pglite', {
      DATABASE_URL: first.deps.config.databaseUrl ?? '',
      AUTH_JWT_PRIVATE_KEY: readFileSync(join(first.dataDir, 'keys', 'jwt-signing-key.json'), 'utf8'),
      AUTH_ANON_KEY: first.anonKey,
    });
    const { error } = await client(first).from('reservations').insert(guestBooking());
    expect(error).toBeNull();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('refuses the token on the other instance once its cached answer is older than the TTL', async () => {
    const { supabase, token } = await signIn(first);
    expect(await read(second, token)).toEqual(allowed);
    expect((await supabase.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await read(first, token)).toEqual(refused);
    await pastTtl();
    expect(await read(second, token)).toEqual(refused);
  });
});
