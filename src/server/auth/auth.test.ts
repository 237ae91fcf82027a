/**
 * /auth/v1 against the real supabase-js client, on PGlite and on PostgreSQL: password sign-in,
 * the session's fields, refresh and rotation, sign-out, getClaims through the JWKS, removed
 * sessions, and tokens that must be refused.
 */
import { type AuthChangeEvent, createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { ensureStaffAccount } from './accounts.ts';

const staff = { email: 'host@saffron-lotus.test', password: 'correct horse battery' };

function client(server: TestServer): SupabaseClient {
  return createClient(server.url, server.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

function events(supabase: SupabaseClient): AuthChangeEvent[] {
  const seen: AuthChangeEvent[] = [];
  supabase.auth.onAuthStateChange((event) => {
    seen.push(event);
  });
  return seen;
}

async function signedIn(server: TestServer): Promise<SupabaseClient> {
  const supabase = client(server);
  const { error } = await supabase.auth.signInWithPassword(staff);
  expect(error).toBeNull();
  return supabase;
}

async function getUserWith(server: TestServer, token: string): Promise<Response> {
  return fetch(`${server.url}/auth/v1/user`, {
    headers: { apikey: server.anonKey, authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' },
  });
}

async function refreshWith(server: TestServer, refreshToken: string): Promise<Response> {
  return fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
}

describe.each(backends)('/auth/v1 on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, {
      ADMIN_EMAIL: staff.email,
      ADMIN_PASSWORD: staff.password,
      AUTH_REFRESH_TOKEN_REUSE_INTERVAL: '1',
    });
  });
  afterAll(async () => server?.close());

  it('refuses a wrong password with 400 invalid_credentials, and an unknown account the same way', async () => {
    const supabase = client(server);
    for (const attempt of [
      { email: staff.email, password: 'wrong password' },
      { email: 'nobody@saffron-lotus.test', password: staff.password },
    ]) {
      const { data, error } = await supabase.auth.signInWithPassword(attempt);
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
      expect(data.session).toBeNull();
    }
  });

  it('signs a staff member in with a complete session', async () => {
    const supabase = client(server);
    const seen = events(supabase);
    const before = Math.floor(Date.now() / 1000);
    const { data, error } = await supabase.auth.signInWithPassword({ ...staff, email: 'Host@Saffron-Lotus.test' });
    expect(error).toBeNull();
    const session = data.session;
    expect(session?.token_type).toBe('bearer');
    expect(session?.access_token.split('.')).toHaveLength(3);
    expect(session?.refresh_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(session?.expires_in).toBe(3600);
    expect(session?.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(session?.expires_at).toBeLessThanOrEqual(before + 3602);
    const user = session?.user;
    expect(user?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user?.email).toBe(staff.email);
    expect(user?.aud).toBe('authenticated');
    expect(user?.role).toBe('authenticated');
    expect(user?.phone).toBe('');
    expect(user?.app_metadata).toMatchObject({ provider: 'email', providers: ['email'], role: 'staff' });
    expect(user?.email_confirmed_at).toEqual(expect.any(String));
    expect(user?.last_sign_in_at).toEqual(expect.any(String));
    expect(user?.identities?.[0]).toMatchObject({ id: user?.id, provider: 'email', user_id: user?.id });
    expect(user?.is_anonymous).toBe(false);
    expect(user).not.toHaveProperty('factors');
    expect(seen).toContain('SIGNED_IN');

    const claims = decodeJwt(session?.access_token ?? '');
    expect(claims).toMatchObject({
      sub: user?.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email: staff.email,
      phone: '',
      is_anonymous: false,
      app_metadata: { role: 'staff' },
      user_metadata: {},
    });
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp).toBe(session?.expires_at);
  });

  it('answers GET /user with the user object and the API version header', async () => {
    const supabase = await signedIn(server);
    const { data, error } = await supabase.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe(staff.email);
    const { data: sessionData } = await supabase.auth.getSession();
    const response = await getUserWith(server, sessionData.session?.access_token ?? '');
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
  });

  it('refreshes the session, rotating the refresh token, with TOKEN_REFRESHED', async () => {
    const supabase = await signedIn(server);
    const seen = events(supabase);
    const first = (await supabase.auth.getSession()).data.session;
    const { data, error } = await supabase.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(first?.refresh_token);
    expect(data.session?.access_token).not.toBe(first?.access_token);
    expect(decodeJwt(data.session?.access_token ?? '').session_id).toBe(
      decodeJwt(first?.access_token ?? '').session_id,
    );
    expect(seen).toContain('TOKEN_REFRESHED');
  });

  it('accepts a rotated refresh token within the reuse interval, and after it fails with refresh_token_already_used', async () => {
    const supabase = await signedIn(server);
    const original = (await supabase.auth.getSession()).data.session?.refresh_token ?? '';
    const rotated = await refreshWith(server, original);
    expect(rotated.status).toBe(200);
    // A second tab presenting the same token at once still gets a working session.
    const concurrent = await refreshWith(server, original);
    expect(concurrent.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    const late = await refreshWith(server, original);
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({
      code: 'refresh_token_already_used',
      error_code: 'refresh_token_already_used',
    });
    expect(late.headers.get('x-sb-error-code')).toBe('refresh_token_already_used');
    // Reuse after the interval looks like theft: the whole session's tokens are revoked.
    const { refresh_token: newest } = (await rotated.json()) as { refresh_token: string };
    const afterTheft = await refreshWith(server, newest);
    expect(afterTheft.status).toBe(400);
  });

  it('refuses an unknown refresh token and an empty one', async () => {
    const unknown = await refreshWith(server, 'not-a-token-we-issued');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'refresh_token_not_found' });
    const empty = await refreshWith(server, '');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });

  it('signs out: the old refresh token then fails, and unknown scopes are refused', async () => {
    const supabase = await signedIn(server);
    const session = (await supabase.auth.getSession()).data.session;
    const badScope = await fetch(`${server.url}/auth/v1/logout?scope=everywhere`, {
      method: 'POST',
      headers: { apikey: server.anonKey, authorization: `Bearer ${session?.access_token}` },
    });
    expect(badScope.status).toBe(400);
    expect(await badScope.json()).toMatchObject({ code: 'validation_failed' });

    const seen = events(supabase);
    const { error } = await supabase.auth.signOut();
    expect(error).toBeNull();
    expect(seen).toContain('SIGNED_OUT');
    const reuse = await refreshWith(server, session?.refresh_token ?? '');
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ code: 'refresh_token_not_found' });
    const user = await getUserWith(server, session?.access_token ?? '');
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: 'session_not_found' });
  });

  it('signs out other sessions only with scope=others, answering 204', async () => {
    const kept = await signedIn(server);
    const other = await signedIn(server);
    const keptSession = (await kept.auth.getSession()).data.session;
    const otherSession = (await other.auth.getSession()).data.session;
    const response = await fetch(`${server.url}/auth/v1/logout?scope=others`, {
      method: 'POST',
      headers: { apikey: server.anonKey, authorization: `Bearer ${keptSession?.access_token}` },
    });
    expect(response.status).toBe(204);
    expect((await getUserWith(server, keptSession?.access_token ?? '')).status).toBe(200);
    expect((await getUserWith(server, otherSession?.access_token ?? '')).status).toBe(403);
    expect((await refreshWith(server, otherSession?.refresh_token ?? '')).status).toBe(400);
  });

  it('verifies claims through the JWKS without calling /user', async () => {
    const supabase = await signedIn(server);
    const calls: string[] = [];
    const token = (await supabase.auth.getSession()).data.session?.access_token ?? '';
    const watched = createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: {
        fetch: (input, init) => {
          calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
          return fetch(input, init);
        },
      },
    });
    const { data, error } = await watched.auth.getClaims(token);
    expect(error).toBeNull();
    expect(data?.claims).toMatchObject({ email: staff.email, role: 'authenticated', aal: 'aal1' });
    expect(data?.header).toMatchObject({ alg: 'ES256', kid: server.deps.keys.kid });
    expect(calls).toEqual(['/auth/v1/.well-known/jwks.json']);
  });

  it('reports a removed session as AuthSessionMissingError from getUser', async () => {
    const supabase = await signedIn(server);
    const token = (await supabase.auth.getSession()).data.session?.access_token ?? '';
    await server.deps.db.query('delete from auth.sessions where id = $1', [decodeJwt(token).session_id]);
    const { data, error } = await supabase.auth.getUser();
    expect(data.user).toBeNull();
    expect(error?.name).toBe('AuthSessionMissingError');
  });

  it('refuses tampered, foreign-key, alg:none and expired tokens with 403 bad_jwt', async () => {
    const supabase = await signedIn(server);
    const token = (await supabase.auth.getSession()).data.session?.access_token ?? '';
    const claims = decodeJwt(token);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, email: 'attacker@evil.test' })).toString('base64url');
    const tampered = `${header}.${forged}.${signature}`;

    const { privateKey } = await generateKeyPair('ES256');
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: server.deps.keys.kid, typ: 'JWT' })
      .sign(privateKey);
    const none = new UnsecuredJWT(claims).encode();
    const now = Math.floor(Date.now() / 1000);
    const { token: expired } = await server.deps.tokens.sign(
      {
        sub: String(claims.sub),
        email: staff.email,
        phone: '',
        app_metadata: {},
        user_metadata: {},
        role: 'authenticated',
        aal: 'aal1',
        amr: [],
        session_id: String(claims.session_id),
        is_anonymous: false,
      },
      now - 7200,
    );
    for (const bad of [tampered, foreign, none, expired, server.anonKey]) {
      const response = await getUserWith(server, bad);
      expect(response.status).toBe(403);
      const body = await response.json();
      expect(body).toMatchObject({ code: 'bad_jwt', error_code: 'bad_jwt' });
      expect(response.headers.get('x-sb-error-code')).toBe('bad_jwt');
    }
  });

  it('asks for a bearer token (401 no_authorization) and for the apikey (401)', async () => {
    const noBearer = await fetch(`${server.url}/auth/v1/user`, { headers: { apikey: server.anonKey } });
    expect(noBearer.status).toBe(401);
    expect(await noBearer.json()).toMatchObject({ code: 'no_authorization' });
    const noKey = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(staff),
    });
    expect(noKey.status).toBe(401);
    const wrongKey = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'sb_publishable_not-ours' },
      body: JSON.stringify(staff),
    });
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it('refuses malformed bodies and unknown grant types with GoTrue codes', async () => {
    const post = (query: string, body: string) =>
      fetch(`${server.url}/auth/v1/token?${query}`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body,
      });
    const notJson = await post('grant_type=password', '{"email":');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ code: 'bad_json' });
    const wrongType = await post('grant_type=password', JSON.stringify({ email: 42, password: true }));
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toMatchObject({ code: 'validation_failed' });
    const missing = await post('grant_type=password', JSON.stringify({ password: 'x' }));
    expect(await missing.json()).toMatchObject({ code: 'validation_failed', message: 'missing email or phone' });
    // Postgres text cannot hold NUL: refused at the boundary, not a 500 from the user lookup.
    const nul = await post('grant_type=password', JSON.stringify({ email: 'host\u0000@example.com', password: 'x' }));
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ code: 'validation_failed', message: 'body: holds a NUL character' });
    const deep = await post('grant_type=password', `{"email":${'['.repeat(5000)}1${']'.repeat(5000)}}`);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({ code: 'validation_failed', message: 'body: nested too deeply' });
    const grant = await post('grant_type=magic', '{}');
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });

  it('answers CORS preflights for a browser on another origin', async () => {
    const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, authorization, x-client-info, x-supabase-api-version, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('keeps auth tables away from the API roles', async () => {
    await expect(
      server.deps.db.transaction(async (tx) => {
        await tx.query('set local role authenticated');
        await tx.query('select count(*) from auth.users');
      }),
    ).rejects.toMatchObject({ code: '42501' });
    const hashes = await server.deps.db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where email = $1',
      [staff.email],
    );
    expect(hashes.rows[0]?.encrypted_password).toMatch(/^\$2[ab]\$10\$/);
  });

  it('ensures the ADMIN_EMAIL account at start without signing anyone out when nothing changed', async () => {
    const supabase = await signedIn(server);
    expect(await ensureStaffAccount(server.deps.db, staff)).toBe('unchanged');
    expect((await supabase.auth.getUser()).error).toBeNull();
    // A changed ADMIN_PASSWORD replaces the password and ends the sessions made with the old one.
    expect(await ensureStaffAccount(server.deps.db, { ...staff, password: 'a brand new passphrase' })).toBe('updated');
    expect((await supabase.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect((await client(server).auth.signInWithPassword(staff)).error?.code).toBe('invalid_credentials');
    expect(await ensureStaffAccount(server.deps.db, staff)).toBe('updated');
    expect((await client(server).auth.signInWithPassword(staff)).error).toBeNull();
  });
});
