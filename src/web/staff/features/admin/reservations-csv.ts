/**
 * The CSV file of an export: one record per reservation with the columns a host needs in a
 * spreadsheet, headers in the screen's language, and the booking time on the restaurant's clock.
 * Time is the booking's canonical slot on the 24-hour clock ("19:30" whether a path stored "07:30"
 * PM, "19:30" PM or "19:30" Dinner), which a spreadsheet sorts and reads as a time; Period is as
 * the booking was made (PM, Dinner). Text that is not a time is written as it came.
 */
import { bookingSlot } from '../../../../domain/availability.ts';
import { csvDocument } from '../../../../domain/csv.ts';
import { restaurantMoment } from '../../../../domain/restaurant-time.ts';
import type { ExportRow } from './api/export-reservations.ts';

export const csvColumns = [
  'bookedAt',
  'name',
  'mobile',
  'email',
  'date',
  'time',
  'period',
  'guests',
  'branch',
  'notes',
  'arrived',
  'allocated',
] as const;
export type CsvColumn = (typeof csvColumns)[number];

export interface CsvLabels {
  /** A column's heading in the screen's language. */
  header: (column: CsvColumn) => string;
  yes: string;
  no: string;
}

/** "2026-11-23 19:02" in Vietnam: sorts as text and reads the same in every spreadsheet. */
export function restaurantDateTime(iso: string): string {
  const moment = restaurantMoment(iso);
  return moment ? `${moment.day} ${moment.time}` : iso;
}

export function reservationsCsv(rows: readonly ExportRow[], labels: CsvLabels): string {
  const flag = (value: boolean) => (value ? labels.yes : labels.no);
  return csvDocument(
    csvColumns.map(labels.header),
    rows.map((row) => [
      restaurantDateTime(row.created_at),
      row.name,
      row.mobile,
      row.email,
      row.date,
      bookingSlot(row.time, row.period) ?? row.time,
      row.period,
      row.guests,
      row.branch,
      row.notes,
      flag(row.arrived),
      flag(row.allocated),
    ]),
  );
}

/** reservations-2026-11-23.csv, or with the branch and day filtered on when there are. */
export function exportFileName(today: string, filters: { branch?: string; date?: string }): string {
  const parts = ['reservations', filters.branch, filters.date ?? today]
    .filter((part): part is string => Boolean(part))
    .map((part) =>
      part
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        // Đ has no decomposition: it is a letter of its own, not D with a mark.
        .replace(/đ/g, 'd')
        .replace(/Đ/g, 'D')
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    );
  return `${parts.join('-')}.csv`;
}
