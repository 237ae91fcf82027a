import { useEffect, useState } from 'react';
import { msUntilNextRestaurantDay, restaurantDay } from '../../lib/restaurant-clock.ts';

/**
 * Today's day (yyyy-MM-dd) in the restaurant, from the injected clock, moving on at midnight in
 * Vietnam so a page left open overnight stops offering the day that has just passed.
 */
export function useRestaurantToday(now: () => Date): string {
  const [today, setToday] = useState(() => restaurantDay(now()));
  useEffect(() => {
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
