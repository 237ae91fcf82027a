/**
 * The /reservation form's validation (its zod schema through react-hook-form's resolver) and the
 * payload it becomes. Loaded when the guest first touches the form, or at the latest on the first
 * submit, so zod stays out of what the page downloads before it is used.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { restaurantDay } from '../../../shared/lib/restaurant-clock.ts';
import '../../../shared/lib/zod-jitless.ts';
import {
  createReservationFormSchema,
  type ReservationFormInput,
  type ReservationFormValues,
} from './reservation-form-schema.ts';

export { toSheetsPayload } from './reservation-form-schema.ts';

/** `now` is the form's clock: a day picked before midnight and submitted after it is refused. */
export function reservationResolver(now: () => Date): Resolver<ReservationFormInput, unknown, ReservationFormValues> {
  return zodResolver(createReservationFormSchema(() => restaurantDay(now())));
}
