/**
 * A moment (a timestamp from the database) on the restaurant's clock, whatever zone the device or
 * the server is in: the one conversion the history, the CSV export and the guest's pages share.
 */
import { restaurantTimeZone } from './reservation-options.ts';

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: restaurantTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** "2026-11-23T12:05:00Z" → { day: '2026-11-23', time: '19:05' }; undefined for text that is no moment. */
export function restaurantMoment(iso: string): { day: string; time: string } | undefined {
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return undefined;
  const parts = Object.fromEntries(wallClock.formatToParts(value).map((part) => [part.type, part.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** A day in the restaurant: its date and the instants (ms since the epoch) it begins and ends. */
export interface RestaurantDay {
  day: string;
  start: number;
  end: number;
}

const minuteMs = 60_000;
const dayMs = 86_400_000;

/**
 * The restaurant's day at `now`, with when it began and when it ends: a page can then tell
 * whether it is still that day with the clock alone, no time-zone work in the browser. Taken from
 * the wall clock's offset at `now`, as the restaurant's zone keeps one offset all year.
 */
export function restaurantDayOf(now: Date): RestaurantDay {
  const parts = Object.fromEntries(wallClock.formatToParts(now).map((part) => [part.type, Number(part.value)]));
  const year = parts.year ?? 0;
  const month = (parts.month ?? 1) - 1;
  const date = parts.day ?? 1;
  const wallAsUtc = Date.UTC(year, month, date, parts.hour ?? 0, parts.minute ?? 0);
  const offset = wallAsUtc - (now.getTime() - (now.getTime() % minuteMs));
  const start = Date.UTC(year, month, date) - offset;
  const day = new Date(Date.UTC(year, month, date)).toISOString().slice(0, 10);
  return { day, start, end: start + dayMs };
}
