/**
 * The live board asks for the second factor as /rest/v1 does: each change is re-read under the
 * subscriber's own claims, `aal` included, so a socket opened with a password alone by an account
 * that has a verified TOTP factor hears nothing, while the same account's aal2 socket hears all.
 * On PGlite and PostgreSQL, with the real supabase-js client and real TOTP codes.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBooking } from '../../../tests/support/builders.ts';
import { grace, namesOf, subscribe, until } from '../../../tests/support/realtime-subscriptions.ts';
import { anonClient } from '../../../tests/support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';

const staff = { email: 'two-step@saffron-lotus.test', password: 'cardamom kettles steam at dawn' };
const options = { auth: { persistSession: false, autoRefreshToken: false } };

describe.each(backends)('live changes and the second factor on %s', (backend) => {
  let server: TestServer;
  const clients: SupabaseClient[] = [];

  async function signIn(): Promise<SupabaseClient> {
    const client = createClient(server.url, server.anonKey, options);
    clients.push(client);
    expect((await client.auth.signInWithPassword(staff)).error).toBeNull();
    return client;
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { ADMIN_EMAIL: staff.email, ADMIN_PASSWORD: staff.password });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.removeAllChannels()));
    await server?.close();
  });

  it('a password-only (aal1) socket of an account with a factor hears nothing; its aal2 socket hears the change', async () => {
    const enrolled = await signIn();
    const { data: factor, error } = await enrolled.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(error).toBeNull();
    const totp = new TOTP({ secret: Secret.fromBase32(factor?.totp.secret ?? ''), algorithm: 'SHA1', digits: 6 });
    const verified = await enrolled.auth.mfa.challengeAndVerify({ factorId: factor?.id ?? '', code: totp.generate() });
    expect(verified.error).toBeNull();
    // supabase-js hands the aal2 token to realtime on the next refresh; do it now.
    const refreshed = await enrolled.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').aal).toBe('aal2');

    // Someone with the password only: a new session, aal1.
    const passwordOnly = await signIn();
    const session = (await passwordOnly.auth.getSession()).data.session;
    expect(decodeJwt(session?.access_token ?? '').aal).toBe('aal1');

    const board = await subscribe(enrolled);
    const eavesdropper = await subscribe(passwordOnly);
    const { status } = await anonClient(server)
      .from('reservations')
      .insert(guestBooking({ name: 'Quiet Guest' }));
    expect(status).toBe(201);
    await until('the aal2 board to hear the booking', () => board.changes.length === 1);
    expect(namesOf(board.changes)).toEqual(['Quiet Guest']);
    await grace();
    expect(eavesdropper.changes).toEqual([]);
  });
});
