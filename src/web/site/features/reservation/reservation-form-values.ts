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
