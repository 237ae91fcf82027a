/**
 * A TOTP code is accepted once (RFC 6238 §5.2), on PGlite and on PostgreSQL: not again on a new
 * challenge from another session, and of two verifies of one code sent at once, one succeeds.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { createStaffAccount } from './accounts.ts';

const first = { email: 'replay-one@saffron-lotus.test', password: 'first replay passphrase' };
const second = { email: 'replay-two@saffron-lotus.test', password: 'second replay passphrase' };

/** The code of the current time step, or of a neighbouring one (the server accepts ±1). */
function codeFor(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** Codes are computed here and checked there a moment later: start away from a step's last seconds. */
async function awayFromStepEdge(): Promise<void> {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 25_000) await new Promise((resolve) => setTimeout(resolve, 30_100 - intoStep));
}

describe.each(backends)('TOTP codes are used once on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
    await createStaffAccount(server.deps.db, first);
    await createStaffAccount(server.deps.db, second);
  });
  afterAll(async () => server?.close());

  async function signIn(account: typeof first): Promise<SupabaseClient> {
    const supabase = createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    expect((await supabase.auth.signInWithPassword(account)).error).toBeNull();
    return supabase;
  }

  async function enroll(supabase: SupabaseClient): Promise<{ factorId: string; secret: string }> {
    const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(error).toBeNull();
    return { factorId: data?.id ?? '', secret: data?.totp.secret ?? '' };
  }

  /** POST /factors/:id/verify directly: auth-js would queue two verifies of one client behind each other. */
  async function verifyRaw(supabase: SupabaseClient, factorId: string, challengeId: string, code: string) {
    const token = (await supabase.auth.getSession()).data.session?.access_token;
    const response = await fetch(`${server.url}/auth/v1/factors/${factorId}/verify`, {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ challenge_id: challengeId, code }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('refuses a code already used, on a new challenge from another session', async () => {
    const phone = await signIn(first);
    const { factorId, secret } = await enroll(phone);
    await awayFromStepEdge();
    const code = codeFor(secret);
    const used = await phone.auth.mfa.challengeAndVerify({ factorId, code });
    expect(used.error).toBeNull();
    expect(decodeJwt(used.data?.access_token ?? '').aal).toBe('aal2');

    // Someone who saw the code (and knows the password) tries it from their own session.
    const attacker = await signIn(first);
    const challenge = await attacker.auth.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    const replay = await attacker.auth.mfa.verify({ factorId, challengeId: challenge.data?.id ?? '', code });
    expect(replay.error?.status).toBe(422);
    expect(replay.error?.code).toBe('mfa_verification_failed');
    expect(replay.error?.message).toContain('Invalid TOTP code');
    expect(replay.error?.message).toContain('used already');
    expect((await attacker.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1');

    // An older code than the one used is refused too; the next code works.
    const older = await attacker.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret, -1) });
    expect(older.error?.code).toBe('mfa_verification_failed');
    const next = await attacker.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret, 1) });
    expect(next.error).toBeNull();
    expect(decodeJwt(next.data?.access_token ?? '').aal).toBe('aal2');
  });

  it('lets only one of two verifies of the same code, sent at once, succeed', async () => {
    const supabase = await signIn(second);
    const { factorId, secret } = await enroll(supabase);
    await awayFromStepEdge();
    // Enrolled with the previous step's code, so the current one is still unused.
    expect((await supabase.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret, -1) })).error).toBeNull();
    const challenges = await Promise.all([
      supabase.auth.mfa.challenge({ factorId }),
      supabase.auth.mfa.challenge({ factorId }),
    ]);
    const code = codeFor(secret);
    const results = await Promise.all(
      challenges.map((challenge) => verifyRaw(supabase, factorId, challenge.data?.id ?? '', code)),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 422]);
    expect(results.find((result) => result.status === 422)?.body).toMatchObject({ code: 'mfa_verification_failed' });
    const stored = await server.deps.db.query<{ verified: number }>(
      'select count(*)::int as verified from auth.mfa_challenges where id = any($1) and verified_at is not null',
      [challenges.map((challenge) => challenge.data?.id)],
    );
    expect(stored.rows[0]?.verified).toBe(1);
  });
});
