/**
 * The /reservation form's validation (its zod schema) and the payload it becomes. Loaded when the
 * guest first touches the form, or at the latest on the first submit, so zod stays out of what the
 * page downloads before it is used.
 */
import { restaurantDay } from '../../../shared/lib/restaurant-clock.ts';
import '../../../shared/lib/zod-jitless.ts';
import {
  createReservationFormSchema,
  type ReservationFormInput,
  type ReservationFormValues,
} from './reservation-form-schema.ts';
import { type ReservationErrors, reservationFields } from './reservation-form-values.ts';

export { toSheetsPayload } from './reservation-form-schema.ts';

export type ReservationValidation =
  | { ok: true; values: ReservationFormValues }
  | { ok: false; errors: ReservationErrors };

const fieldOf = (key: PropertyKey | undefined) => reservationFields.find((field) => field === key);

/**
 * `now` is the form's clock: a day picked before midnight and submitted after it is refused. Each
 * invalid field gets the first of its errors, in the schema's order.
 */
export function validateReservation(input: ReservationFormInput, now: () => Date): ReservationValidation {
  const result = createReservationFormSchema(() => restaurantDay(now())).safeParse(input);
  if (result.success) return { ok: true, values: result.data };
  const errors: ReservationErrors = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path[0]);
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
