/**
 * The reservation: the one zod schema per input, over the option sets and limits of
 * reservation-options.ts (re-exported here). The web forms, the server's sheets receiver and the
 * database constraints (supabase/migrations) agree on these.
 */
import { z } from 'zod';
import {
  breaksOneLine,
  hasControlCharacters,
  homeBranches,
  homePeriods,
  limits,
  maxHomeGuests,
  minGuests,
  reservationPageBranches,
  reservationPagePeriods,
  reservationPageTimes,
} from './reservation-options.ts';

export * from './reservation-options.ts';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format yyyy-MM-dd')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    // JavaScript reads year 0000 as 1 BC; Postgres has no year 0 and refuses it.
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && !value.startsWith('0000');
  }, 'Not a calendar date');

// Control characters have no place in a booking and break spreadsheets, terminals and email
// headers; NUL cannot even be stored (Postgres text cannot hold it). One-line fields refuse line
// breaks and tabs too; notes keep them. The database checks the same (20261125210000_guest_text.sql).
const noControlCharacters = (value: string) => !hasControlCharacters(value);

const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'Required')
    .max(max, `At most ${max} characters`)
    .refine((value) => !breaksOneLine(value), 'Contains control characters');

const optionalNotes = z
  .string()
  .trim()
  .max(limits.notes, `At most ${limits.notes} characters`)
  .refine(noControlCharacters, 'Contains control characters')
  .nullable()
  .transform((value) => (value ? value : null));

/** The guest-supplied columns of a reservation: what anyone may insert (call 1). */
export const reservationInsertSchema = z.object({
  name: requiredText(limits.name),
  mobile: requiredText(limits.mobile),
  email: z.email().max(limits.email),
  date: isoDate,
  guests: z.number().int().min(minGuests).max(limits.guests),
  branch: requiredText(limits.branch),
  time: requiredText(limits.time),
  period: requiredText(limits.period),
  notes: optionalNotes,
});
export type ReservationInsert = z.infer<typeof reservationInsertSchema>;

/** The home form (call 1): the insert, narrowed to the home form's option sets. */
export const homeBookingSchema = reservationInsertSchema.extend({
  guests: z.number().int().min(minGuests).max(maxHomeGuests),
  branch: z.enum(homeBranches),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the format HH:mm'),
  period: z.enum(homePeriods),
});
export type HomeBooking = z.infer<typeof homeBookingSchema>;

/** The /reservation page's spreadsheet payload (call 8), also accepted by our own receiver. */
export const sheetsReservationSchema = z.object({
  action: z.literal('reserve'),
  name: requiredText(limits.name),
  mobile: requiredText(limits.mobile),
  email: z.email().max(limits.email),
  guests: z.number().int().min(minGuests).max(limits.guests),
  branch: z.enum(reservationPageBranches),
  time: z.enum(reservationPageTimes),
  period: z.enum(reservationPagePeriods),
  notes: z.string().max(limits.notes).refine(noControlCharacters, 'Contains control characters'),
  date: isoDate,
  timestamp: z.iso.datetime({ offset: true }),
  arrived: z.literal('No'),
  allocated: z.literal('No'),
});
export type SheetsReservation = z.infer<typeof sheetsReservationSchema>;

/**
 * The /reservation page's "news and offers" box travels beside call 8, never in its payload: ticked,
 * the page adds `?news=yes` to the endpoint's address (an Apps Script reads it as
 * `e.parameter.news`); unticked, the address is the endpoint's own, and no parameter means no consent.
 */
export const sheetsNewsParameter = 'news';
export const sheetsNewsQuerySchema = z.object({ [sheetsNewsParameter]: z.literal('yes').optional() });

/** A reservation row as staff read it (call 2). */
export interface Reservation extends ReservationInsert {
  id: number;
  arrived: boolean;
  allocated: boolean;
  created_at: string;
}

/** The two flags staff toggle (call 3). */
export const reservationFlags = ['arrived', 'allocated'] as const;
export type ReservationFlag = (typeof reservationFlags)[number];
