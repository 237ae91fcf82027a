/**
 * The form's HTML holds while it is still the day the server rendered its calendar on (in the
 * restaurant's zone): the island then waits for the guest's first touch (reservation-page.tsx).
 * A page rendered on another day — the build's page, a page open past midnight, a device whose
 * clock says otherwise — hydrates at once, and the form's own clock (use-restaurant-today.ts)
 * shows the right days.
 */
import { msUntilNextRestaurantDay, restaurantDay } from '../../../shared/lib/restaurant-clock.ts';
import { renderedDay } from './rendered-day.ts';

export function reservationStale(): Promise<void> {
  const now = new Date();
  if (renderedDay() !== restaurantDay(now)) return Promise.resolve();
  // A little past midnight, so the clock has surely turned.
  return new Promise((resolve) => window.setTimeout(resolve, msUntilNextRestaurantDay(now) + 50));
}
