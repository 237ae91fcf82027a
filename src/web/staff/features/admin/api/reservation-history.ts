/**
 * One booking's history, newest first, as the database recorded it (reservation_history): read
 * with the caller's own rights, so it shows exactly for the bookings the caller may read.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { noticeEndedSession } from './session-ended.ts';

export const historyEntrySchema = z.object({
  id: z.number().int(),
  changed_at: z.string(),
  actor: z.enum(['user', 'guest', 'system']),
  actor_email: z.string().nullable(),
  action: z.enum(['created', 'updated', 'deleted']),
  changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

const columns = Object.keys(historyEntrySchema.shape).join(',');

/** A booking's lines; a long-lived booking's first 200 are plenty for a drawer. */
const maxEntries = 200;

export async function fetchReservationHistory(
  supabase: SupabaseClient,
  reservationId: number,
): Promise<HistoryEntry[]> {
  const { data, error } = await supabase
    .from('reservation_history')
    .select(columns)
    .eq('reservation_id', reservationId)
    .order('changed_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(maxEntries);
  if (error) {
    await noticeEndedSession(supabase, error);
    throw new Error(error.message);
  }
  return z.array(historyEntrySchema).parse(data);
}

export const reservationHistoryKey = ['reservations', 'history'] as const;

export function reservationHistoryQueryOptions(supabase: SupabaseClient, reservationId: number) {
  return queryOptions({
    queryKey: [...reservationHistoryKey, reservationId] as const,
    queryFn: () => fetchReservationHistory(supabase, reservationId),
    // Opening the drawer always shows what is recorded now.
    staleTime: 0,
  });
}

export function useReservationHistory(supabase: SupabaseClient, reservationId: number) {
  return useQuery(reservationHistoryQueryOptions(supabase, reservationId));
}
