/**
 * The manage page's privacy calls (issue 25), each by the link's token in a POST body: the copy of
 * everything kept (public.my_data), erasure (public.erase_my_data), and the consent to news and
 * offers (public.consents_by_token, give_consent, withdraw_consent).
 */
import { z } from 'zod';
import { marketingConsentVersion } from '../../../domain/guests.ts';
import { getSupabase } from '../../lib/supabase.ts';

const consentSchema = z.object({
  purpose: z.string(),
  text_version: z.string(),
  given_at: z.string(),
  withdrawn_at: z.string().nullable(),
  source: z.string(),
});
export type Consent = z.infer<typeof consentSchema>;

/** Whether the guest's consent to news and offers stands now; undefined when it cannot be read. */
export async function fetchNewsConsent(token: string): Promise<boolean | undefined> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('consents_by_token', { p_token: token });
  const parsed = consentSchema.array().safeParse(data);
  if (error || !parsed.success) return undefined;
  return parsed.data.some((c) => c.purpose === 'marketing_email' && c.withdrawn_at === null);
}

export async function setNewsConsent(
  token: string,
  given: boolean,
  source: 'home_form' | 'manage_page' | 'email_link',
): Promise<boolean> {
  const supabase = await getSupabase();
  const { error } = given
    ? await supabase.rpc('give_consent', {
        p_token: token,
        p_purpose: 'marketing_email',
        p_text_version: marketingConsentVersion,
        p_source: source,
      })
    : await supabase.rpc('withdraw_consent', { p_token: token, p_purpose: 'marketing_email', p_source: source });
  return !error;
}

const keptSchema = z.object({
  generated_at: z.string(),
  bookings: z.array(z.record(z.string(), z.unknown())),
  history: z.array(z.record(z.string(), z.unknown())),
  consents: z.array(consentSchema),
  emails: z.array(z.record(z.string(), z.unknown())),
});
export type KeptData = z.infer<typeof keptSchema>;

export async function fetchKeptData(token: string): Promise<KeptData | undefined> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('my_data', { p_token: token });
  const parsed = keptSchema.safeParse(data);
  return error || !parsed.success ? undefined : parsed.data;
}

/** Erases; resolves with the number of bookings erased, or undefined when it failed. */
export async function eraseMyData(token: string): Promise<number | undefined> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('erase_my_data', { p_token: token });
  const parsed = z.number().int().safeParse(data);
  return error || !parsed.success ? undefined : parsed.data;
}
