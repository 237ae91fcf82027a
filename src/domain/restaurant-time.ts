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
