/**
 * The waitlist's rows as staff read them (issue 26): one shape for the dashboard's card and the
 * floor's door list, and the answer of add_door_party.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';

export const waitlistRowSchema = z.object({
  id: z.number().int(),
  branch: z.string(),
  date: z.string(),
  time_from: z.string(),
  time_to: z.string(),
  guests: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  language: z.enum(['en', 'vi']),
  status: z.enum(['waiting', 'offered', 'claimed', 'expired', 'withdrawn']),
  offered_until: z.string().nullable(),
  source: z.enum(['online', 'door']),
  quoted_minutes: z.number().int().nullable(),
  ready_at: z.string().nullable(),
});
export type WaitlistRow = z.infer<typeof waitlistRowSchema>;

/** add_door_party's answer: the new entry and the wait quoted to the party. */
export const doorPartySchema = z.object({ id: z.number().int(), quoted_minutes: z.number().int() });

/** What a door party stores when it leaves no mobile number or email (20261207000000_door_waitlist.sql). */
export const noMobile = 'walk-in';
export const noEmail = 'door@saffron-lotus.invalid';

export const waitlistKey = (date: string, branch?: string) => ['waitlist', date, branch ?? 'all'] as const;

/** One day's waitlist, of one branch or of every branch the caller may see, in order of arrival. */
export async function loadWaitlist(supabase: SupabaseClient, date: string, branch?: string): Promise<WaitlistRow[]> {
  let query = supabase.from('waitlist_entries').select(Object.keys(waitlistRowSchema.shape).join(',')).eq('date', date);
  if (branch !== undefined) query = query.eq('branch', branch);
  const { data, error } = await query.order('created_at').order('id');
  if (error) throw new Error(error.message);
  return waitlistRowSchema.array().parse(data);
}
