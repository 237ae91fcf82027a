/**
 * PUT /auth/v1/user through supabase-js `updateUser`, on PGlite and PostgreSQL: a staff account
 * changes its password with the current one and a password the staff rule accepts; other sessions
 * end; an account with a verified factor must be at aal2; user_metadata merges; app_metadata and
 * the email cannot be changed this way.
 */
import { type AuthChangeEvent, createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { createStaffAccount } from './accounts.ts';
import { hashPassword } from './passwords.ts';
import { insertEmailUser } from './users.ts';

const options = { auth: { persistSession: false, autoRefreshToken: false } };

describe.each(backends)('changing one’s own password on %s', (backend) => {
  let server: TestServer;

  async function signIn(credentials: { email: string; password: string }): Promise<SupabaseClient> {
    const client = createClient(server.url, server.anonKey, options);
    const { error } = await client.auth.signInWithPassword(credentials);
    expect(error).toBeNull();
    return client;
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
  });
  afterAll(async () => server?.close());

  it('takes the current password and a strong new one, keeps this session and ends the others', async () => {
    const account = { email: 'changer@saffron-lotus.test', password: 'monsoon over the old quarter' };
    await createStaffAccount(server.deps.db, account);
    const here = await signIn(account);
    const elsewhere = await signIn(account);
    const events: AuthChangeEvent[] = [];
    here.auth.onAuthStateChange((event) => {
      events.push(event);
    });

    const missing = await here.auth.updateUser({ password: 'tamarind lanterns by the lake' });
    expect(missing.error).toMatchObject({ status: 400, code: 'current_password_required' });
    const wrong = await here.auth.updateUser({
      password: 'tamarind lanterns by the lake',
      current_password: 'not my password at all',
    });
    expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_invalid' });
    const weak = await here.auth.updateUser({ password: 'password1234', current_password: account.password });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    expect(weak.error?.message).toMatch(/^The password is too common/);
    const short = await here.auth.updateUser({ password: 'short one', current_password: account.password });
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password' });
    expect(short.error?.message).toContain('at least 12 characters');
    const same = await here.auth.updateUser({ password: account.password, current_password: account.password });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });

    const changed = await here.auth.updateUser({
      password: 'tamarind lanterns by the lake',
      current_password: account.password,
    });
    expect(changed.error).toBeNull();
    expect(changed.data.user?.email).toBe(account.email);
    expect(events).toContain('USER_UPDATED');

    // This session goes on; the other one is over, and only the new password signs in.
    expect((await here.from('reservations').select('id')).error).toBeNull();
    const other = await elsewhere.auth.getUser();
    expect(other.error?.name).toBe('AuthSessionMissingError');
    const old = await createClient(server.url, server.anonKey, options).auth.signInWithPassword(account);
    expect(old.error?.code).toBe('invalid_credentials');
    await signIn({ email: account.email, password: 'tamarind lanterns by the lake' });
  });

  it('asks an account with a verified factor for aal2 before its password changes', async () => {
    const account = { email: 'two-factor-changer@saffron-lotus.test', password: 'jasmine rice and river fog' };
    await createStaffAccount(server.deps.db, account);
    const enrolled = await signIn(account);
    const { data: factor } = await enrolled.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    const totp = new TOTP({ secret: Secret.fromBase32(factor?.totp.secret ?? ''), algorithm: 'SHA1', digits: 6 });
    const verified = await enrolled.auth.mfa.challengeAndVerify({ factorId: factor?.id ?? '', code: totp.generate() });
    expect(verified.error).toBeNull();

    const passwordOnly = await signIn(account);
    const refused = await passwordOnly.auth.updateUser({
      password: 'a stolen password cannot replace itself',
      current_password: account.password,
    });
    expect(refused.error).toMatchObject({ status: 401, code: 'insufficient_aal' });

    const allowed = await enrolled.auth.updateUser({
      password: 'saffron threads in warm milk',
      current_password: account.password,
    });
    expect(allowed.error).toBeNull();
  });

  it('lets a non-staff account follow GoTrue’s length rule, merges user_metadata and refuses the rest', async () => {
    const email = 'diner@example.com';
    await server.deps.db.transaction(async (tx) =>
      insertEmailUser(tx, {
        email,
        passwordHash: await hashPassword('diner password'),
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: { nickname: 'Anh', city: 'Hanoi' },
      }),
    );
    const diner = await signIn({ email, password: 'diner password' });
    const short = await diner.auth.updateUser({ password: 'short', current_password: 'diner password' });
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password' });
    const changed = await diner.auth.updateUser({ password: 'another pw', current_password: 'diner password' });
    expect(changed.error).toBeNull();

    const merged = await diner.auth.updateUser({ data: { city: null, language: 'vi' } });
    expect(merged.error).toBeNull();
    expect(merged.data.user?.user_metadata).toEqual({ nickname: 'Anh', language: 'vi' });

    const token = (await diner.auth.getSession()).data.session?.access_token;
    const promote = await fetch(`${server.url}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ app_metadata: { role: 'owner' } }),
    });
    expect(promote.status).toBe(403);
    expect(await promote.json()).toMatchObject({ code: 'not_admin' });
    const moved = await diner.auth.updateUser({ email: 'someone-else@example.com' });
    expect(moved.error).toMatchObject({ status: 422, code: 'validation_failed' });
    const { rows } = await server.deps.db.query<{ email: string; role: string | null }>(
      `select email, raw_app_meta_data ->> 'role' as role from auth.users where email = $1`,
      [email],
    );
    expect(rows).toEqual([{ email, role: null }]);
  });

  it('needs a live session', async () => {
    const anonymous = await fetch(`${server.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'whatever it is' }),
    });
    expect(anonymous.status).toBe(401);
  });
});
