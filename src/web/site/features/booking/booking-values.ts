import { defaultPeriod } from '../../../../domain/reservation.ts';
import type { Period } from './time-slots.ts';

/** What the form's controls hold: text everywhere (a select's value is text), turned into a booking on submit. */
export interface BookingValues {
  name: string;
  mobile: string;
  email: string;
  date: string;
  time: string;
  guests: string;
  branch: string;
  period: Period;
  notes: string;
}

export type BookingField = keyof BookingValues;

/** The form's fields in the order they appear on the page: a failed submit focuses the first invalid one. */
export const bookingFields = [
  'name',
  'mobile',
  'email',
  'branch',
  'date',
  'guests',
  'time',
  'period',
  'notes',
] as const satisfies readonly BookingField[];

export const emptyBooking: BookingValues = {
  name: '',
  mobile: '',
  email: '',
  date: '',
  time: '',
  guests: '',
  branch: '',
  period: defaultPeriod,
  notes: '',
};
