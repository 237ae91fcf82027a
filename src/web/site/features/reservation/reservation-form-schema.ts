/**
 * The one schema for the /reservation page's input, and the payload it becomes (call 8). Error
 * messages are keys of the `reservation` i18n namespace (`errors.*`), so the schema stays free
 * of visitor-facing text. The payload is checked against the domain's sheetsReservationSchema,
 * which the server's receiver uses too.
 */
import { z } from 'zod';
import {
  breaksOneLine,
  hasControlCharacters,
  limits,
  minGuests,
  reservationPageBranches,
  reservationPagePeriods,
  reservationPageTimes,
  type SheetsReservation,
  sheetsReservationSchema,
} from '../../../../domain/reservation.ts';

export type ErrorKey =
  | 'dateRequired'
  | 'datePast'
  | 'guestsInvalid'
  | 'guestsMin'
  | 'guestsMax'
  | 'required'
  | 'tooLong'
  | 'controlCharacters'
  | 'emailInvalid'
  | 'branchRequired'
  | 'timeRequired'
  | 'periodRequired';

const message = (key: ErrorKey) => ({ error: key });

const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, message('required'))
    .max(max, message('tooLong'))
    .refine((value) => !breaksOneLine(value), message('controlCharacters'));

/**
 * `today` gives the restaurant's current day (yyyy-MM-dd): a day picked before midnight and
 * submitted after it is refused like any past day.
 */
export function createReservationFormSchema(today: () => string) {
  return z.object({
    date: z
      .string()
      // Stop at a missing day: "Please select a date" says it all.
      .min(1, { ...message('dateRequired'), abort: true })
      .refine((day) => day >= today(), message('datePast')),
    // A number input gives NaN when empty or not a number; zod refuses NaN as not a number.
    guests: z
      .number(message('guestsInvalid'))
      .int(message('guestsInvalid'))
      .min(minGuests, message('guestsMin'))
      // No maximum on the page (spec §9); this is only the database's sanity bound.
      .max(limits.guests, message('guestsMax')),
    name: requiredText(limits.name),
    mobile: requiredText(limits.mobile),
    email: z
      .string()
      .trim()
      .min(1, message('required'))
      .max(limits.email, message('tooLong'))
      .pipe(z.email(message('emailInvalid'))),
    notes: z
      .string()
      .trim()
      .max(limits.notes, message('tooLong'))
      .refine((value) => !hasControlCharacters(value), message('controlCharacters')),
    branch: z.string().pipe(z.enum(reservationPageBranches, message('branchRequired'))),
    time: z.string().pipe(z.enum(reservationPageTimes, message('timeRequired'))),
    period: z.string().pipe(z.enum(reservationPagePeriods, message('periodRequired'))),
  });
}

export type ReservationFormSchema = ReturnType<typeof createReservationFormSchema>;
export type ReservationFormInput = z.input<ReservationFormSchema>;
export type ReservationFormValues = z.output<ReservationFormSchema>;

/** The spreadsheet row the page sends (call 8); `now` stamps it in UTC. */
export function toSheetsPayload(values: ReservationFormValues, now: Date): SheetsReservation {
  return sheetsReservationSchema.parse({
    action: 'reserve',
    name: values.name,
    mobile: values.mobile,
    email: values.email,
    guests: values.guests,
    branch: values.branch,
    time: values.time,
    period: values.period,
    notes: values.notes,
    date: values.date,
    timestamp: now.toISOString(),
    arrived: 'No',
    allocated: 'No',
  } satisfies SheetsReservation);
}
