/**
 * Two-factor sign-in as the staff screens use it: where a session stands (supabase-js computes
 * the levels from the stored token and user, with no request), the account's authenticators,
 * enrolment and its first code, removal, and the owner's "required for everyone" setting (the
 * one-row public.staff_security, which row-level security lets staff read and owner/staff change
 * at aal2). The database enforces all of it; these calls only choose what to show.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';

export type SecondFactorStanding =
  /** Signed in with the second factor. */
  | 'aal2'
  /** A verified factor exists, but this session has only the password: ask for a code. */
  | 'needs-code'
  /** No verified factor (and the session is aal1). */
  | 'no-factor';

export async function secondFactorStanding(supabase: SupabaseClient): Promise<SecondFactorStanding> {
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error || !data) return 'no-factor';
  if (data.currentLevel === 'aal2') return 'aal2';
  return data.nextLevel === 'aal2' ? 'needs-code' : 'no-factor';
}

export interface Authenticator {
  id: string;
  name: string;
  createdAt: string;
}

/** The account's verified authenticator apps (TOTP), as the server lists them (GET /user). */
export async function listAuthenticators(supabase: SupabaseClient): Promise<Authenticator[]> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.totp.map((factor) => ({
    id: factor.id,
    name: factor.friendly_name ?? '',
    createdAt: factor.created_at,
  }));
}

/**
 * Signs in with the second factor: a code from one of the account's authenticator apps. With
 * several apps the code is tried against each in turn (each try counts against the server's limit
 * of guesses, so a person with two apps has half as many).
 */
export async function verifySignInCode(supabase: SupabaseClient, code: string) {
  const factors = await supabase.auth.mfa.listFactors();
  if (factors.error) return { error: factors.error };
  let last: Awaited<ReturnType<typeof supabase.auth.mfa.challengeAndVerify>>['error'] = null;
  for (const factor of factors.data.totp) {
    const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
    if (!error) return { error: null };
    last = error;
    if (error.code !== 'mfa_verification_failed') break;
  }
  return { error: last ?? new Error('no authenticator') };
}

export interface Enrolment {
  factorId: string;
  /** The QR code as an image URL (an SVG data URL: nothing is fetched from anywhere). */
  qrCode: string;
  secret: string;
}

/**
 * auth-js hands the server's SVG back as `data:image/svg+xml;utf-8,<svg…>` without encoding it; a
 * browser reads an unescaped `#` (the SVG's colours) as the start of a fragment and draws nothing,
 * so the markup is percent-encoded into a proper data URL.
 */
export function qrImageUrl(qrCode: string): string {
  const markup = qrCode.replace(/^data:image\/svg\+xml;[^,]*,/, '');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
}

/** Starts enrolling an authenticator app; half-finished enrolments of earlier visits are removed first. */
export async function startEnrolment(supabase: SupabaseClient, name: string): Promise<Enrolment> {
  const listed = await supabase.auth.mfa.listFactors();
  if (listed.error) throw listed.error;
  for (const factor of listed.data.all) {
    if (factor.status === 'unverified') await supabase.auth.mfa.unenroll({ factorId: factor.id });
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: name });
  if (error) throw error;
  return { factorId: data.id, qrCode: qrImageUrl(data.totp.qr_code), secret: data.totp.secret };
}

/** The first code turns the factor on; the session becomes aal2 at once. */
export async function finishEnrolment(supabase: SupabaseClient, factorId: string, code: string) {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  return { error };
}

export async function cancelEnrolment(supabase: SupabaseClient, factorId: string): Promise<void> {
  await supabase.auth.mfa.unenroll({ factorId });
}

/** Removes an authenticator; the session continues, at aal1 from its next token. */
export async function removeAuthenticator(supabase: SupabaseClient, factorId: string) {
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (!error) await supabase.auth.refreshSession();
  return { error };
}

const settingSchema = z.array(z.object({ require_two_factor: z.boolean() }));

/** Whether the owner requires two-factor sign-in for every staff account (false when it cannot be read). */
export async function readTwoFactorRequired(supabase: SupabaseClient): Promise<boolean> {
  const { data, error } = await supabase.from('staff_security').select('require_two_factor');
  if (error) return false;
  const rows = settingSchema.safeParse(data);
  return rows.success ? rows.data.some((row) => row.require_two_factor) : false;
}

/** Turns the requirement on or off; true when the database accepted it (owner or staff, at aal2). */
export async function writeTwoFactorRequired(supabase: SupabaseClient, required: boolean): Promise<boolean> {
  const { data, error } = await supabase
    .from('staff_security')
    .update({ require_two_factor: required })
    .eq('id', true)
    .select('require_two_factor');
  if (error) return false;
  const rows = settingSchema.safeParse(data);
  return rows.success && rows.data.length === 1 && rows.data[0]?.require_two_factor === required;
}
