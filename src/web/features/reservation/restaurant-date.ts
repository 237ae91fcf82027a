/**
 * Calendar days as the restaurant counts them: "today" and "past" are decided in the
 * restaurant's time zone (Asia/Ho_Chi_Minh), whatever zone the visitor's device is in. Days
 * travel through the form as yyyy-MM-dd strings, which compare correctly as text.
 *
 * Only Intl does zone arithmetic here: no Date subclasses (such as TZDate), which break under
 * clocks that replace the global Date — the browser tests' fake clock among them.
 */
import { restaurantTimeZone } from '../../../domain/reservation.ts';

const partsInRestaurant = new Intl.DateTimeFormat('en-US', {
  timeZone: restaurantTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function wallClock(now: Date) {
  const parts = Object.fromEntries(partsInRestaurant.formatToParts(now).map((part) => [part.type, part.value]));
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    secondsIntoDay: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second),
  };
}

/** The calendar day (yyyy-MM-dd) it is at `now` in the restaurant. */
export function restaurantDay(now: Date): string {
  return wallClock(now).day;
}

/** Milliseconds from `now` until the next midnight in the restaurant (Vietnam keeps no DST). */
export function msUntilNextRestaurantDay(now: Date): number {
  const { secondsIntoDay } = wallClock(now);
  return (86_400 - secondsIntoDay) * 1000 - now.getMilliseconds();
}

/**
 * A yyyy-MM-dd day as the calendar widget's Date: noon of that day on the device. The widget
 * shows and compares calendar days only, so the device's zone never shifts the day; noon keeps
 * clear of zones whose clocks skip midnight.
 */
export function dayToCalendarDate(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date, 12);
}

/** The yyyy-MM-dd day of a calendar widget Date (read on the device, as it was made). */
export function calendarDateToDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "19:00" → "7:00 PM": how the page shows its 24-hour time values. */
export function formatTime12h(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}
