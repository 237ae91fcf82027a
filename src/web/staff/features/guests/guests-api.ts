/**
 * The guest page's calls: the accent-blind search (public.search_guests), a guest's bookings,
 * history and the changes staff make with ordinary updates (tags and notes; owners: the block),
 * the owner's erasure (public.erase_guest), and the access log line for each guest opened.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';

export const guestSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  blocked: z.boolean(),
  blocked_reason: z.string().nullable(),
  blocked_by: z.string().nullable(),
  no_show_count: z.number().int(),
  visit_count: z.number().int(),
  cancel_count: z.number().int(),
  covers: z.number().int(),
  first_visit: z.string().nullable(),
  last_visit: z.string().nullable(),
});
export type Guest = z.infer<typeof guestSchema>;

const historySchema = z.object({
  changed_at: z.string(),
  action: z.string(),
  reason: z.string().nullable(),
  actor_email: z.string().nullable(),
});
export type GuestHistoryLine = z.infer<typeof historySchema>;

const bookingSchema = z.object({
  reference: z.string(),
  date: z.string(),
  time: z.string(),
  period: z.string(),
  guests: z.number().int(),
  branch: z.string(),
  status: z.string(),
});
export type GuestBooking = z.infer<typeof bookingSchema>;

export async function searchGuests(supabase: SupabaseClient, query: string): Promise<Guest[]> {
  const { data, error } = await supabase.rpc('search_guests', { p_query: query, p_limit: 50 });
  if (error) throw new Error(error.message);
  return z.array(guestSchema).parse(data);
}

export async function guestDetails(
  supabase: SupabaseClient,
  id: string,
): Promise<{ bookings: GuestBooking[]; history: GuestHistoryLine[] }> {
  // Who looked at whom: the owners' access log (advisory here; the database keeps the log).
  void supabase
    .rpc('log_access', { p_action: 'guest_view', p_subject: `guest ${id}` })
    .then(undefined, () => undefined);
  const [bookings, history] = await Promise.all([
    supabase
      .from('reservations')
      .select('reference,date,time,period,guests,branch,status')
      .eq('guest_id', id)
      .order('date', { ascending: false })
      .limit(50),
    supabase
      .from('guest_history')
      .select('changed_at,action,reason,actor_email')
      .eq('guest_id', id)
      .order('changed_at', { ascending: false }),
  ]);
  if (bookings.error) throw new Error(bookings.error.message);
  if (history.error) throw new Error(history.error.message);
  return { bookings: z.array(bookingSchema).parse(bookings.data), history: z.array(historySchema).parse(history.data) };
}

export async function updateGuest(
  supabase: SupabaseClient,
  id: string,
  change: Partial<Pick<Guest, 'tags' | 'notes' | 'blocked' | 'blocked_reason'>>,
): Promise<void> {
  const { data, error } = await supabase.from('guests').update(change).eq('id', id).select('id');
  if (error) throw new Error(error.message);
  if (!data || data.length === 0) throw new Error('not changed');
}

export async function eraseGuest(supabase: SupabaseClient, id: string): Promise<void> {
  const { error } = await supabase.rpc('erase_guest', { p_guest_id: id });
  if (error) throw new Error(error.message);
}

/** Staff merge two guests who are one person (public.merge_guests): `merge`'s bookings move to `keep`. */
export async function mergeGuests(supabase: SupabaseClient, keep: string, merge: string): Promise<Guest> {
  const { data, error } = await supabase.rpc('merge_guests', { p_keep: keep, p_merge: merge });
  if (error) throw new Error(error.message);
  return guestSchema.parse(data);
}

/** The owner's no-show rule (public.guest_rules, one row), within the table's checks. */
export const noShowRuleSchema = z.object({
  no_show_limit: z.number().int().min(1).max(50),
  no_show_months: z.number().int().min(1).max(60),
});
export type NoShowRule = z.infer<typeof noShowRuleSchema>;

export async function loadNoShowRule(supabase: SupabaseClient): Promise<NoShowRule> {
  const { data, error } = await supabase.from('guest_rules').select('no_show_limit,no_show_months').single();
  if (error) throw new Error(error.message);
  return noShowRuleSchema.parse(data);
}

export async function saveNoShowRule(supabase: SupabaseClient, rule: NoShowRule): Promise<void> {
  // The table has one row (its key is `true`); RLS lets only owners change it.
  const { data, error } = await supabase.from('guest_rules').update(rule).eq('id', true).select('id');
  if (error) throw new Error(error.message);
  if (!data || data.length === 0) throw new Error('not changed');
}
