/**
 * The restaurant's clock: "today", "past" and midnight are decided in the restaurant's time zone
 * (Asia/Ho_Chi_Minh), whatever zone the visitor's device is in. Days travel through the forms as
 * yyyy-MM-dd strings, which compare correctly as text.
 *
 * Only Intl does zone arithmetic here: no Date subclasses (such as TZDate), which break under
 * clocks that replace the global Date — the browser tests' fake clock among them.
 */
import { restaurantTimeZone } from '../../../domain/reservation-options.ts';

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

export interface RestaurantWallClock {
  /** The calendar day (yyyy-MM-dd). */
  day: string;
  /** Whole seconds since midnight. */
  secondsIntoDay: number;
}

/** What the clocks on the restaurant's wall show at `now`. */
export function restaurantWallClock(now: Date): RestaurantWallClock {
  const parts = Object.fromEntries(partsInRestaurant.formatToParts(now).map((part) => [part.type, part.value]));
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    secondsIntoDay: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second),
  };
}

/** The calendar day (yyyy-MM-dd) it is at `now` in the restaurant. */
export function restaurantDay(now: Date): string {
  return restaurantWallClock(now).day;
}

/** Milliseconds from `now` until the next midnight in the restaurant (Vietnam keeps no DST). */
export function msUntilNextRestaurantDay(now: Date): number {
  const { secondsIntoDay } = restaurantWallClock(now);
  return (86_400 - secondsIntoDay) * 1000 - now.getMilliseconds();
}
