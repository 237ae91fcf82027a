/**
 * Covers (guests) and bookings per day and branch, summed by the database (covers_by_day) under
 * the caller's row-level security: a host who reads only some branches gets only theirs.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { noticeEndedSession } from './session-ended.ts';

export const coversRowSchema = z.object({
  day: z.iso.date(),
  branch: z.string(),
  covers: z.coerce.number().int(),
  bookings: z.coerce.number().int(),
});
export type CoversRow = z.infer<typeof coversRowSchema>;

const batch = 1000;

export async function fetchCoversByDay(supabase: SupabaseClient, from: string, to: string): Promise<CoversRow[]> {
  const rows: CoversRow[] = [];
  // One row per day and branch: a month of many branches can pass the 1,000 rows of a response.
  for (let offset = 0; ; offset += batch) {
    const { data, error } = await supabase
      .rpc('covers_by_day', { p_from: from, p_to: to }, { get: true })
      .range(offset, offset + batch - 1);
    if (error) {
      await noticeEndedSession(supabase, error);
      throw new Error(error.message);
    }
    const page = z.array(coversRowSchema).parse(data);
    rows.push(...page);
    if (page.length === 0) return rows;
  }
}

/** Under the reservations' key, so a saved change or a live booking refreshes the numbers too. */
export const coversKey = ['reservations', 'covers'] as const;

export function useCoversByDay(supabase: SupabaseClient, from: string, to: string) {
  return useQuery(
    queryOptions({
      queryKey: [...coversKey, from, to] as const,
      queryFn: () => fetchCoversByDay(supabase, from, to),
    }),
  );
}
