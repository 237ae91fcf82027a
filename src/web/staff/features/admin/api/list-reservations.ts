/**
 * Call 2 at scale: one page of reservations, newest first, filtered in the database, with the
 * exact number of matches. Only the shown columns travel; rows are checked at the boundary.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { bookingStatuses } from '../../../../../domain/booking-lifecycle.ts';
import { type DashboardQuery, pageRange, type ReservationFilters, restFilters } from '../reservation-filters.ts';
import { noticeEndedSession } from './session-ended.ts';

export const reservationRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  date: z.string(),
  time: z.string(),
  period: z.string(),
  guests: z.number().int(),
  branch: z.string(),
  notes: z.string().nullable(),
  arrived: z.boolean(),
  allocated: z.boolean(),
  status: z.enum(bookingStatuses),
  /** The guest's answer to the reminder (issue 26): when they said "I'll be there". */
  confirmed_at: z.string().nullish(),
  /** When the reminder went (null: not yet). */
  reminded_at: z.string().nullish(),
  /** A table held for a waitlist guest until then, unclaimed. */
  held_until: z.string().nullish(),
});
export type ReservationRow = z.infer<typeof reservationRowSchema>;

const columns = Object.keys(reservationRowSchema.shape).join(',');

export interface ReservationPage {
  rows: ReservationRow[];
  /** Exact number of reservations matching the filters, across all pages. */
  total: number;
}

/** A page past the last one (a stale shared link): PostgREST answers 416 PGRST103. */
export class PageOutOfRangeError extends Error {
  override name = 'PageOutOfRangeError';
}

/**
 * The rows a page reads from: the table (call 2), or, while a search is typed, the database's
 * accent-blind search over name, mobile and email (`search_reservations`, which reads as the
 * signed-in host: the same row-level security). Filters, order, range and count apply to either.
 */
function reservationsSource(
  supabase: SupabaseClient,
  search: string | undefined,
  select: string,
  options?: { count?: 'exact' },
) {
  return search
    ? supabase.rpc('search_reservations', { p_query: search }, options).select(select)
    : supabase.from('reservations').select(select, options);
}

/**
 * The reservations matching the dashboard's filters, as a query to order and page: the one place
 * filters become a request, shared by the list, the CSV export and the day sheet so all agree.
 */
export function filteredReservations(
  supabase: SupabaseClient,
  filters: ReservationFilters,
  select: string,
  options?: { count?: 'exact' },
) {
  let request = reservationsSource(supabase, filters.q, select, options);
  for (const filter of restFilters(filters)) {
    request = filter.op === 'gte' ? request.gte(filter.column, filter.value) : request.eq(filter.column, filter.value);
  }
  return request;
}

export async function listReservations(supabase: SupabaseClient, query: DashboardQuery): Promise<ReservationPage> {
  const { from, to } = pageRange(query.page);
  const { data, count, error } = await filteredReservations(supabase, query.filters, columns, { count: 'exact' })
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, to);
  if (error) {
    if (error.code === 'PGRST103') throw new PageOutOfRangeError(error.message);
    await noticeEndedSession(supabase, error);
    throw new Error(error.message);
  }
  const rows = z.array(reservationRowSchema).parse(data);
  return { rows, total: count ?? rows.length };
}

/** Every page of every filter: what a saved change makes stale. */
export const reservationPagesKey = ['reservations', 'page'] as const;

export function reservationsQueryOptions(supabase: SupabaseClient, query: DashboardQuery) {
  return queryOptions({
    queryKey: [...reservationPagesKey, query] as const,
    queryFn: () => listReservations(supabase, query),
    // Keep the current rows on screen while the next filter or page loads.
    placeholderData: keepPreviousData,
  });
}

export function useReservations(supabase: SupabaseClient, query: DashboardQuery) {
  return useQuery(reservationsQueryOptions(supabase, query));
}
