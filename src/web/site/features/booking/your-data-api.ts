/**
 * The guest's privacy calls (issue 25), each by a token in a POST body. With the manage link's token
 * they reach its one booking: the copy of what is kept (public.my_data), erasure
 * (public.erase_my_data), and the consent given through it (public.consents_by_token,
 * give_consent, withdraw_consent). What reaches beyond it needs the link emailed to the booking's
 * address (review #31, item 1): asked for with public.request_data_link, used with
 * public.my_data_by_mail_link, erase_my_data_by_mail_link and withdraw_consent_by_mail_link.
 */
import { z } from 'zod';
import { marketingConsentVersion } from '../../../../domain/guests.ts';
import { getSupabase } from '../../../shared/lib/supabase.ts';

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

/** What a token reaches: the manage link's one booking, or everything of the emailed link's mailbox. */
export type DataScope = 'booking' | 'mailbox';

export async function fetchKeptData(token: string, scope: DataScope): Promise<KeptData | undefined> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc(scope === 'booking' ? 'my_data' : 'my_data_by_mail_link', {
    p_token: token,
  });
  const parsed = keptSchema.safeParse(data);
  return error || !parsed.success ? undefined : parsed.data;
}

/** Erases; resolves with the number of bookings erased, or undefined when it failed. */
export async function eraseMyData(token: string, scope: DataScope): Promise<number | undefined> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc(scope === 'booking' ? 'erase_my_data' : 'erase_my_data_by_mail_link', {
    p_token: token,
  });
  const parsed = z.number().int().safeParse(data);
  return error || !parsed.success ? undefined : parsed.data;
}

/** Emails the booking's address a link to all the guest's data; whether it was asked for. */
export async function requestDataLink(token: string): Promise<boolean> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('request_data_link', { p_token: token });
  return !error;
}

/** Withdraws the guest's consent to news and offers as a whole, by the emailed link. */
export async function withdrawNewsEverywhere(token: string): Promise<boolean> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('withdraw_consent_by_mail_link', {
    p_token: token,
    p_purpose: 'marketing_email',
  });
  return !error;
}

/** Whether the emailed link still opens the guest's data (fresh and unused). */
export async function dataLinkOpens(token: string): Promise<'open' | 'closed' | 'failed'> {
  const supabase = await getSupabase();
  const { error, status } = await supabase.rpc('my_data_by_mail_link', { p_token: token });
  return !error ? 'open' : status === 404 ? 'closed' : 'failed';
}
