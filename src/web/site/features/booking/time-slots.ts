/**
 * The times a guest can pick on the home form, in 12-hour form to go with the AM/PM choice:
 * every half hour from opening (10:30 AM) to the last seating, 30 minutes before closing (11:00 PM).
 */

import type { homePeriods } from '../../../../domain/reservation.ts';
import { restaurantProfile } from '../../../../domain/restaurant-profile.ts';

export type Period = (typeof homePeriods)[number];

function minutesOf(hhmm: string): number {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
}

const lastSeatingMargin = 30;

/** "HH:mm" values on the 12-hour clock (what the booking stores with its period). */
export function timeSlots(period: Period): string[] {
  const slots: string[] = [];
  const open = minutesOf(restaurantProfile.opens);
  const last = minutesOf(restaurantProfile.closes) - lastSeatingMargin;
  for (let minutes = open; minutes <= last; minutes += 30) {
    const hours24 = Math.floor(minutes / 60);
    if ((hours24 < 12 ? 'AM' : 'PM') !== period) continue;
    const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
    slots.push(`${String(hours12).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  }
  return slots;
}

/** "07:30" → "7:30" for display. */
export function displayTime(slot: string): string {
  return slot.replace(/^0/, '');
}
