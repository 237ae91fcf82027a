/** The day sheet's link and order, apart from its screen so the dashboard links without loading it. */
import { bookingSlot } from '../../../../domain/availability.ts';
import { paths } from '../../../../domain/routes.ts';

/** The day sheet's link for a day (yyyy-MM-dd) and branch. */
export function printPath(date: string, branch: string): string {
  return `${paths.adminPrint}?${new URLSearchParams({ date, branch })}`;
}

/**
 * Bookings in the order the day runs: by the time of day they are for (the home form's "07:00 PM"
 * and the /reservation page's "19:00 Dinner" alike), then by name; a time that is not a time last.
 */
export function inServiceOrder<Row extends { time: string; period: string; name: string }>(
  rows: readonly Row[],
): Row[] {
  // "HH:mm" compares as plain text; a time that is not one sorts after all of them.
  const slot = (row: Row) => bookingSlot(row.time, row.period) ?? `\u{10FFFF}${row.time}`;
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort((a, b) => byText(slot(a), slot(b)) || a.name.localeCompare(b.name));
}
