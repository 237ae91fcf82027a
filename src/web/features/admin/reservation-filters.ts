/**
 * The dashboard's filters and page: read from and written to the URL search params (so a reload
 * or a shared link keeps them) and turned into PostgREST filters, so the database does the
 * filtering, ordering and paging, never the browser.
 */
import { z } from 'zod';
import { hasControlCharacters, limits, maxHomeGuests, minGuests } from '../../../domain/reservation.ts';

export const pageSize = 50;
export const maxSearchLength = 100;

export type FlagFilter = 'yes' | 'no';

export interface ReservationFilters {
  /** Free text matched against name, mobile and email. */
  q?: string;
  branch?: string;
  /** yyyy-MM-dd */
  date?: string;
  guests?: number;
  /** HH:mm */
  time?: string;
  arrived?: FlagFilter;
  allocated?: FlagFilter;
}

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
  guests: z.coerce.number().int().min(minGuests).max(maxHomeGuests).optional().catch(undefined),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .optional()
    .catch(undefined),
  arrived: z.enum(['yes', 'no']).optional().catch(undefined),
  allocated: z.enum(['yes', 'no']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
});

export const filterKeys = [
  'q',
  'branch',
  'date',
  'guests',
  'time',
  'arrived',
  'allocated',
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

const searchColumns = ['name', 'mobile', 'email'] as const;

/**
 * The `or=(…)` filter for a search: each column `ilike` the text anywhere. The text is made
 * literal twice over: for LIKE (\ % _ escaped with a backslash, the default LIKE escape), and for
 * PostgREST's logic-tree syntax, where a value holding , . : ( ) must be double-quoted with \ and
 * " backslash-escaped inside. PostgREST turns every * into %, and a literal * cannot be escaped,
 * so a * typed by the user matches any one character (_).
 */
export function searchOrFilter(search: string): string {
  const literal = search.replace(/[\\%_]/g, (char) => `\\${char}`).replace(/\*/g, '_');
  const quoted = `"${`*${literal}*`.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
  return searchColumns.map((column) => `${column}.ilike.${quoted}`).join(',');
}

/** One PostgREST filter: `column=eq.value`, or the search's `or=(…)`. */
export type RestFilter = { op: 'eq'; column: string; value: string | number | boolean } | { op: 'or'; value: string };

/** The REST filters for the active filters, ANDed by PostgREST. */
export function restFilters(filters: ReservationFilters): RestFilter[] {
  const eq = (column: string, value: string | number | boolean): RestFilter => ({ op: 'eq', column, value });
  const list: RestFilter[] = [];
  if (filters.q) list.push({ op: 'or', value: searchOrFilter(filters.q) });
  if (filters.branch) list.push(eq('branch', filters.branch));
  if (filters.date) list.push(eq('date', filters.date));
  if (filters.guests !== undefined) list.push(eq('guests', filters.guests));
  if (filters.time) list.push(eq('time', filters.time));
  if (filters.arrived) list.push(eq('arrived', filters.arrived === 'yes'));
  if (filters.allocated) list.push(eq('allocated', filters.allocated === 'yes'));
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
