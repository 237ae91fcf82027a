/**
 * The reservation: option sets, limits and the one zod schema per input. The web forms, the
 * server's sheets receiver and the database constraints (supabase/migrations) agree on these.
 */
import { z } from 'zod';

/** Branches offered by the home form and the dashboard filter (spec §3). */
export const homeBranches = ['Hanoi (main branch)', 'Ninh Binh', 'Sa Pa', 'Da Nang'] as const;
export const homePeriods = ['AM', 'PM'] as const;
export const defaultPeriod = 'PM' satisfies (typeof homePeriods)[number];
/** Guests on the home form and the dashboard filter: 1 to 10. */
export const minGuests = 1;
export const maxHomeGuests = 10;
export const homeGuestOptions: readonly number[] = Array.from({ length: maxHomeGuests }, (_, i) => i + 1);

/** The /reservation page's own option sets: they differ from the home form's on purpose (spec §3). */
export const reservationPageBranches = ['Downtown', 'Uptown', 'Suburb'] as const;
export const reservationPageTimes = ['12:00', '13:00', '14:00', '18:00', '19:00', '20:00', '21:00'] as const;
export const reservationPagePeriods = ['Lunch', 'Dinner'] as const;

/** Maximum lengths, mirrored by CHECK constraints in the reservations migration. */
export const limits = {
  name: 120,
  mobile: 32,
  email: 254,
  branch: 64,
  time: 16,
  period: 16,
  notes: 1000,
  guests: 1000,
} as const;

/** The restaurant's time zone: "today" and "past" are decided here, whatever the device says. */
export const restaurantTimeZone = 'Asia/Ho_Chi_Minh';

/** True when text holds a control character other than tab, newline and carriage return (NUL included). */
export function hasControlCharacters(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 && char !== '\t' && char !== '\n' && char !== '\r') || code === 0x7f) return true;
  }
  return false;
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format yyyy-MM-dd')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    // JavaScript reads year 0000 as 1 BC; Postgres has no year 0 and refuses it.
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && !value.startsWith('0000');
  }, 'Not a calendar date');

// Control characters have no place in a booking and break spreadsheets and terminals; NUL cannot
// even be stored (Postgres text cannot hold it).
const noControlCharacters = (value: string) => !hasControlCharacters(value);

const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'Required')
    .max(max, `At most ${max} characters`)
    .refine(noControlCharacters, 'Contains control characters');

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
