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
