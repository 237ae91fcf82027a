/**
 * Validation of the home booking form with the shared schema (homeBookingSchema). Loaded on the
 * first submit, so zod stays out of the JavaScript the home page needs before any interaction.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, ResolverOptions, ResolverResult } from 'react-hook-form';
import { type HomeBooking, homeBookingSchema } from '../../../../domain/reservation.ts';
import '../../../shared/lib/zod-jitless.ts';
import { restaurantDay } from '../../../shared/lib/restaurant-clock.ts';
import type { BookingValues } from './booking-values.ts';

type SchemaInput = Omit<BookingValues, 'guests' | 'notes'> & { guests: number; notes: string | null };

const schemaResolver = zodResolver<SchemaInput, unknown, HomeBooking>(homeBookingSchema);

export async function validateBooking(
  values: BookingValues,
  context: unknown,
  options: ResolverOptions<BookingValues>,
): Promise<ResolverResult<BookingValues, HomeBooking>> {
  // The guests select holds text; the schema (and the database) count in integers.
  const input: SchemaInput = { ...values, guests: values.guests === '' ? Number.NaN : Number(values.guests) };
  // The field refs let react-hook-form focus the first invalid field; `names` is typed by the input shape.
  const result = await schemaResolver(input, context, { ...options, names: undefined });
  const errors: FieldErrors<BookingValues> = { ...result.errors };
  if (values.date && values.date < restaurantDay(new Date()) && !errors.date) {
    errors.date = { type: 'min', message: 'past' };
  }
  // The resolver types its success value loosely; parsing it again (idempotent) gives the typed booking.
  const booking = homeBookingSchema.safeParse(result.values);
  if (Object.keys(errors).length > 0 || !booking.success) return { values: {}, errors };
  return { values: booking.data, errors: {} };
}
