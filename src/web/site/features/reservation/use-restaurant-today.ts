import { startTransition, useEffect, useState } from 'react';
import { msUntilNextRestaurantDay, restaurantDay } from '../../../shared/lib/restaurant-clock.ts';

/**
 * Today's day (yyyy-MM-dd) in the restaurant, from the injected clock, moving on at midnight in
 * Vietnam so a page left open overnight stops offering the day that has just passed.
 *
 * Undefined on the first render: the render that hydrates the page must match it, and the page
 * may have been rendered on another day (at build time, or before midnight). The day follows at once, as
 * a transition: the calendar's first real render is then work React can interrupt, not one long
 * task holding the page's main thread just after it has hydrated.
 */
export function useRestaurantToday(now: () => Date): string | undefined {
  const [today, setToday] = useState<string>();
  useEffect(() => {
    startTransition(() => setToday(restaurantDay(now())));
    let timer: ReturnType<typeof setTimeout>;
    const waitForMidnight = () => {
      // A little past midnight, so the clock has surely turned.
      timer = setTimeout(() => {
        setToday(restaurantDay(now()));
        waitForMidnight();
      }, msUntilNextRestaurantDay(now()) + 50);
    };
    waitForMidnight();
    return () => clearTimeout(timer);
  }, [now]);
  return today;
}
