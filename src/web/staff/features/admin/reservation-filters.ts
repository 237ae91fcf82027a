/**
 * The dashboard's filters and page: read from and written to the URL search params (so a reload
 * or a shared link keeps them) and turned into PostgREST filters, so the database does the
 * filtering, ordering and paging, never the browser.
 */
import { z } from 'zod';
import { type BookingStatus, bookingStatuses } from '../../../../domain/booking-lifecycle.ts';
import { hasControlCharacters, limits, maxHomeGuests, minGuests } from '../../../../domain/reservation.ts';

export const pageSize = 50;
export const maxSearchLength = 100;

export type FlagFilter = 'yes' | 'no';

export interface ReservationFilters {
  /** Free text matched against name, mobile and email. */
  q?: string;
  branch?: string;
  /** yyyy-MM-dd */
  date?: string;
  /** yyyy-MM-dd: bookings for this day or later (the Upcoming quick view). */
  from?: string;
  guests?: number;
  /** HH:mm */
  time?: string;
  arrived?: FlagFilter;
  allocated?: FlagFilter;
  /** Booked or cancelled by the guest (issue 14); unset: all, and no filter is sent. */
  status?: BookingStatus;
}

/**
 * A change to the filters, as a function of the filters it applies to: the dashboard applies it to
 * the filters in the address bar at that moment, not to the ones last rendered (see dashboard-page).
 */
export type FiltersChange = (current: ReservationFilters) => ReservationFilters;

export interface DashboardQuery {
  filters: ReservationFilters;
  /** 1-based. */
  page: number;
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !hasControlCharacters(value));

/** The URL parameters: a bad value in a shared link is dropped (caught to undefined), not fatal. */
const dashboardQuerySchema = z.object({
  q: text(maxSearchLength).optional().catch(undefined),
  branch: text(limits.branch).optional().catch(undefined),
  date: z.iso.date().optional().catch(undefined),
  from: z.iso.date().optional().catch(undefined),
  guests: z.coerce.number().int().min(minGuests).max(maxHomeGuests).optional().catch(undefined),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .optional()
    .catch(undefined),
  arrived: z.enum(['yes', 'no']).optional().catch(undefined),
  allocated: z.enum(['yes', 'no']).optional().catch(undefined),
  status: z.enum(bookingStatuses).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
});

export const filterKeys = [
  'q',
  'branch',
  'date',
  'from',
  'guests',
  'time',
  'arrived',
  'allocated',
  'status',
] as const satisfies readonly (keyof ReservationFilters)[];

export function parseDashboardQuery(params: URLSearchParams): DashboardQuery {
  const { page, ...filters } = dashboardQuerySchema.parse(Object.fromEntries(params));
  return { filters, page };
}

/** The URL search params for a query; empty filters and page 1 are left out to keep links short. */
export function toSearchParams(query: DashboardQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of filterKeys) {
    const value = query.filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

export function hasActiveFilters(filters: ReservationFilters): boolean {
  return filterKeys.some((key) => filters[key] !== undefined);
}

/**
 * One PostgREST filter: `column=eq.value`, or with `op: 'gte'`, `column=gte.value` (the
 * Upcoming view's "this day or later").
 */
export type RestFilter = { column: string; value: string | number | boolean; op?: 'gte' };

/**
 * The REST filters for the active filters, ANDed by PostgREST. The search is not among them: it
 * is the rows' source (the `search_reservations` function, see api/list-reservations.ts), because
 * under row-level security an `ilike` filter cannot use an index and could not ignore accents.
 */
export function restFilters(filters: ReservationFilters): RestFilter[] {
  const eq = (column: string, value: string | number | boolean): RestFilter => ({ column, value });
  const list: RestFilter[] = [];
  if (filters.branch) list.push(eq('branch', filters.branch));
  if (filters.date) list.push(eq('date', filters.date));
  if (filters.from) list.push({ column: 'date', value: filters.from, op: 'gte' });
  if (filters.guests !== undefined) list.push(eq('guests', filters.guests));
  if (filters.time) list.push(eq('time', filters.time));
  if (filters.arrived) list.push(eq('arrived', filters.arrived === 'yes'));
  if (filters.allocated) list.push(eq('allocated', filters.allocated === 'yes'));
  if (filters.status) list.push(eq('status', filters.status));
  return list;
}

/** The inclusive row range of a page, for postgrest-js `.range(from, to)`. */
export function pageRange(page: number): { from: number; to: number } {
  const from = (page - 1) * pageSize;
  return { from, to: from + pageSize - 1 };
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
