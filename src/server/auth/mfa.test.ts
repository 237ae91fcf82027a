/**
 * TOTP MFA through the real supabase-js client, on PGlite and on PostgreSQL: enroll, challenge,
 * verify with a code computed from the secret (aal2, amr totp, MFA_CHALLENGE_VERIFIED), the
 * rules around verified factors, and unenroll.
 */
import { type AuthChangeEvent, createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';

const staff = { email: 'manager@saffron-lotus.test', password: 'a long manager passphrase' };

function codeFor(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

describe.each(backends)('TOTP MFA on %s', (backend) => {
  let server: TestServer;
  let supabase: SupabaseClient;
  const seen: AuthChangeEvent[] = [];
  beforeAll(async () => {
    server = await startTestServer(backend, { ADMIN_EMAIL: staff.email, ADMIN_PASSWORD: staff.password });
    supabase = createClient(server.url, server.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    supabase.auth.onAuthStateChange((event) => {
      seen.push(event);
    });
    const { error } = await supabase.auth.signInWithPassword(staff);
    expect(error).toBeNull();
  });
  afterAll(async () => server?.close());

  it('enrolls, challenges and verifies a TOTP factor, reaching aal2', async () => {
    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data;
    expect(factor?.type).toBe('totp');
    expect(factor?.friendly_name).toBe('Phone');
    const secret = factor?.totp.secret ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor?.totp.uri).toBe(
      `otpauth://totp/127.0.0.1:manager@saffron-lotus.test?algorithm=SHA1&digits=6&issuer=127.0.0.1&period=30&secret=${secret}`,
    );
    // auth-js adds the data-URL prefix itself to the raw SVG the server sends.
    expect(factor?.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg[\s\S]*<\/svg>\s*$/);

    const listed = await supabase.auth.mfa.listFactors();
    expect(listed.data?.all).toEqual([expect.objectContaining({ id: factor?.id, status: 'unverified' })]);
    expect(listed.data?.totp).toEqual([]);

    const challenge = await supabase.auth.mfa.challenge({ factorId: factor?.id ?? '' });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.type).toBe('totp');
    const now = Math.floor(Date.now() / 1000);
    expect(challenge.data?.expires_at).toBeGreaterThan(now + 290);

    const wrong = await supabase.auth.mfa.verify({
      factorId: factor?.id ?? '',
      challengeId: challenge.data?.id ?? '',
      code: codeFor(secret, 5),
    });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    expect(wrong.error?.message).toContain('Invalid TOTP code');

    // One step behind is still accepted (±1 time step of clock skew).
    const verified = await supabase.auth.mfa.verify({
      factorId: factor?.id ?? '',
      challengeId: challenge.data?.id ?? '',
      code: codeFor(secret, -1),
    });
    expect(verified.error).toBeNull();
    expect(seen).toContain('MFA_CHALLENGE_VERIFIED');
    const claims = decodeJwt(verified.data?.access_token ?? '');
    expect(claims.aal).toBe('aal2');
    const amr = claims.amr as { method: string; timestamp: number }[];
    expect(amr.map((entry) => entry.method)).toEqual(['totp', 'password']);

    const level = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.currentLevel).toBe('aal2');
    const { data: user } = await supabase.auth.getUser();
    expect(user.user?.factors).toEqual([expect.objectContaining({ id: factor?.id, status: 'verified' })]);

    // A used challenge cannot be verified again.
    const replay = await supabase.auth.mfa.verify({
      factorId: factor?.id ?? '',
      challengeId: challenge.data?.id ?? '',
      code: codeFor(secret),
    });
    expect(replay.error?.code).toBe('mfa_challenge_expired');
  });

  it('asks a new aal1 session for aal2 before touching a verified factor', async () => {
    const second = createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    await second.auth.signInWithPassword(staff);
    const level = await second.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const factors = await second.auth.mfa.listFactors();
    const factorId = factors.data?.totp[0]?.id ?? '';
    const removal = await second.auth.mfa.unenroll({ factorId });
    expect(removal.error?.code).toBe('insufficient_aal');
    const another = await second.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' });
    expect(another.error?.status).toBe(403);
    expect(another.error?.code).toBe('insufficient_aal');
  });

  it('refuses a duplicate factor name, unknown factors and malformed input', async () => {
    const duplicate = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(duplicate.error?.code).toBe('mfa_factor_name_conflict');
    const unknown = await supabase.auth.mfa.challenge({ factorId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.error?.status).toBe(404);
    expect(unknown.error?.code).toBe('mfa_factor_not_found');
    const token = (await supabase.auth.getSession()).data.session?.access_token;
    const badType = await fetch(`${server.url}/auth/v1/factors`, {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ factor_type: 'sms-please' }),
    });
    expect(badType.status).toBe(400);
    expect(await badType.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('unenrolls from an aal2 session', async () => {
    const factors = await supabase.auth.mfa.listFactors();
    const factorId = factors.data?.totp[0]?.id ?? '';
    const removal = await supabase.auth.mfa.unenroll({ factorId });
    expect(removal.error).toBeNull();
    expect(removal.data).toEqual({ id: factorId });
    const after = await supabase.auth.mfa.listFactors();
    expect(after.data?.all).toEqual([]);
    // The session is back to aal1 from the next refresh on.
    const refreshed = await supabase.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').aal).toBe('aal1');
  });
});
