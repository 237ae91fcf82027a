import type { ReservationFormInput } from './reservation-form-schema.ts';

/** What the /reservation form starts from (and returns to after a booking is sent). Apart from
 * the schema, so that the page can render without loading zod. */
export const emptyReservationForm: ReservationFormInput = {
  date: '',
  guests: 2,
  name: '',
  mobile: '',
  email: '',
  notes: '',
  branch: '',
  time: '',
  period: '',
};

export type ReservationField = keyof ReservationFormInput;

/** The form's fields in the order they appear on the page: a failed submit focuses the first invalid one. */
export const reservationFields = [
  'date',
  'branch',
  'time',
  'period',
  'guests',
  'name',
  'mobile',
  'email',
  'notes',
] as const satisfies readonly ReservationField[];

/** Each invalid field's error, as a key of the `reservation` namespace's `errors.*`. */
export type ReservationErrors = Partial<Record<ReservationField, string>>;
