/**
 * The live board's decisions about a booking that just arrived, kept apart from React so they
 * can be tested alone: does it belong on the page the host is looking at (the same conditions
 * the database applies for that page, see restFilters), and the page with it on top.
 */
import { matchesSearch } from '../../../../domain/search-text.ts';
import type { ReservationPage, ReservationRow } from './api/list-reservations.ts';
import { type DashboardQuery, pageSize, type ReservationFilters } from './reservation-filters.ts';

/** Whether a reservation meets the filters (every one of them, as the REST query ANDs them). */
export function matchesFilters(row: ReservationRow, filters: ReservationFilters): boolean {
  // As the database's search_reservations does: the text anywhere, blind to case and accents.
  if (filters.q && !matchesSearch([row.name, row.mobile, row.email], filters.q)) return false;
  if (filters.branch !== undefined && row.branch !== filters.branch) return false;
  if (filters.date !== undefined && row.date !== filters.date) return false;
  if (filters.from !== undefined && row.date < filters.from) return false;
  if (filters.guests !== undefined && row.guests !== filters.guests) return false;
  if (filters.time !== undefined && row.time !== filters.time) return false;
  if (filters.arrived !== undefined && row.arrived !== (filters.arrived === 'yes')) return false;
  if (filters.allocated !== undefined && row.allocated !== (filters.allocated === 'yes')) return false;
  if (filters.status !== undefined && row.status !== filters.status) return false;
  return true;
}

/** Whether a new booking goes straight onto the page on screen: page 1 (newest first), and it matches. */
export function showsOnPage(row: ReservationRow, query: DashboardQuery): boolean {
  return query.page === 1 && matchesFilters(row, query.filters);
}

/** Page 1 with a new booking on top: one more in the count, still one page long. */
export function withNewBooking(page: ReservationPage, row: ReservationRow): ReservationPage {
  if (page.rows.some((existing) => existing.id === row.id)) return page;
  return { rows: [row, ...page.rows].slice(0, pageSize), total: page.total + 1 };
}

/** Every page with this reservation's row replaced by its new state (another host's change). */
export function withUpdatedRow(page: ReservationPage, row: ReservationRow): ReservationPage {
  if (!page.rows.some((existing) => existing.id === row.id)) return page;
  return { ...page, rows: page.rows.map((existing) => (existing.id === row.id ? row : existing)) };
}

/** One sentence of the board's live region, with a key of its own (the same words can come twice). */
export interface Announcement {
  id: number;
  text: string;
}

/**
 * How many announcements the live region keeps. Bookings that arrive together each get their own
 * line, which a screen reader reads as it is added, so none is lost to the next; the oldest go
 * once there are more than this, so the region stays short for whoever reads it whole.
 */
export const keptAnnouncements = 5;

/** The region's lines with `text` added after them, the oldest dropped past `keep`. */
export function withAnnouncement(
  lines: readonly Announcement[],
  text: string,
  keep: number = keptAnnouncements,
): Announcement[] {
  const id = (lines.at(-1)?.id ?? 0) + 1;
  return [...lines, { id, text }].slice(-keep);
}
