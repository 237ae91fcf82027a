/** How a booking's day and time read to the guest on the panel and the manage page. */
import { bookingSlot } from '../../../domain/availability.ts';

/** "2026-12-24" → "Thursday, 24 December 2026" (a calendar day: no time zone shifts it). */
export function formatBookingDate(date: string, locale = 'en-GB'): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day);
}

/** "07:30" PM (home form) or "19:30" Dinner (/reservation page) → "7:30 PM". */
export function formatBookingTime(time: string, period: string): string {
  const slot = bookingSlot(time, period);
  if (!slot) return `${time} ${period}`;
  const [hours = 0, minutes = 0] = slot.split(':').map(Number);
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hours12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}
