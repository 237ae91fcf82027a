/**
 * How a booking's day and time read to the guest, in the language they booked in: on the
 * confirmation panel, the manage page, the calendar file and the emails alike.
 */
import { bookingSlot } from './availability.ts';
import { formatClock, formatLongDate } from './format-dong.ts';
import { restaurantTimeZone } from './reservation-options.ts';
import { restaurantMoment } from './restaurant-time.ts';
import { defaultLanguage, type Language } from './routes.ts';

/**
 * "2026-12-24" → "Thursday, 24 December 2026" / "Thứ Năm, 24/12/2026" (a calendar day: no time
 * zone shifts it). Anything that is not a day is shown as it is.
 */
export function formatBookingDate(date: string, language: Language = defaultLanguage): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(day.getTime())) return date;
  if (language !== 'en') return formatLongDate(date, language);
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day);
}

/** "07:30" PM (home form) or "19:30" Dinner (/reservation page) → "7:30 PM" / "19:30". */
export function formatBookingTime(time: string, period: string, language: Language = defaultLanguage): string {
  const slot = bookingSlot(time, period);
  return slot ? formatClock(slot, language) : `${time} ${period}`;
}

/**
 * A booking's time with its period, for the staff screens (the dashboard's "Time (time plus
 * period)", the drawer, the day sheet, the guest's bookings) and the export, from its canonical
 * slot (bookingSlot, the database's public.booking_slot) rather than the text as a path stored
 * it: "19:00" PM (a REST client), "07:00" PM (the home form) and "7:00" PM all read "7:00 PM", as
 * the home form and the emails show it. A meal period (the /reservation page's "Lunch", "Dinner")
 * says more than AM/PM, so it stays beside the 24-hour time: "19:00 Dinner". Vietnamese reads the
 * 24-hour clock: "19:00", "19:00 Dinner". Text that is not a time is shown as it came.
 */
export function formatBookingTimeAndPeriod(time: string, period: string, language: Language = defaultLanguage): string {
  const slot = bookingSlot(time, period);
  if (!slot) return `${time} ${period}`.trim();
  if (period.trim() === '' || /^(AM|PM)$/i.test(period)) return formatClock(slot, language);
  return `${slot} ${period}`;
}

/**
 * A moment (e.g. when a booking was cancelled) on the restaurant's clock, whatever the device's
 * zone: "23 November 2026 at 19:05" / "19:05 ngày 23/11/2026".
 */
export function formatBookingMoment(iso: string, language: Language = defaultLanguage): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  if (language === 'en') {
    return new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: restaurantTimeZone,
    }).format(at);
  }
  const moment = restaurantMoment(iso);
  if (!moment) return iso;
  const [year, month, day] = moment.day.split('-');
  return `${moment.time} ngày ${day}/${month}/${year}`;
}
