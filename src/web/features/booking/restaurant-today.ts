import { restaurantTimeZone } from '../../../domain/reservation.ts';

/** Today in the restaurant's time zone, as yyyy-MM-dd, whatever the device's zone. */
export function restaurantToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: restaurantTimeZone }).format(now);
}
