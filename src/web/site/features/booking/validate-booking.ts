/**
 * Validation of the home booking form with the shared schema (homeBookingSchema). Loaded when the
 * guest first focuses the form (or at the latest on the first submit), so zod stays out of the
 * JavaScript the home page needs before any interaction.
 */
import { type HomeBooking, homeBookingSchema } from '../../../../domain/reservation.ts';
import '../../../shared/lib/zod-jitless.ts';
import { restaurantDay } from '../../../shared/lib/restaurant-clock.ts';
import { type BookingField, type BookingValues, bookingFields } from './booking-values.ts';

export type BookingValidation =
  | { ok: true; booking: HomeBooking }
  | {
      ok: false;
      /** The fields the schema refuses; the form words each from the field and its value. */
      invalid: ReadonlySet<BookingField>;
    };

const isField = (key: PropertyKey | undefined): key is BookingField =>
  typeof key === 'string' && (bookingFields as readonly string[]).includes(key);

export function validateBooking(values: BookingValues): BookingValidation {
  // The guests select holds text; the schema (and the database) count in integers.
  const input = { ...values, guests: values.guests === '' ? Number.NaN : Number(values.guests) };
  const result = homeBookingSchema.safeParse(input);
  const invalid = new Set<BookingField>();
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [field] = issue.path;
      if (isField(field)) invalid.add(field);
    }
  }
  if (values.date && values.date < restaurantDay(new Date())) invalid.add('date');
  if (invalid.size > 0 || !result.success) return { ok: false, invalid };
  return { ok: true, booking: result.data };
}
