import { useEffect, useState } from 'react';
import { msUntilNextRestaurantDay, restaurantDay } from '../../shared/lib/restaurant-clock.ts';

/**
 * Today (yyyy-MM-dd) in the restaurant, whatever the device's zone, moving on at midnight in
 * Vietnam so a dashboard left open overnight shows the new day's numbers and quick views.
 */
export function useToday(): string {
  const [today, setToday] = useState(() => restaurantDay(new Date()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const waitForMidnight = () => {
      timer = setTimeout(() => {
        setToday(restaurantDay(new Date()));
        waitForMidnight();
      }, msUntilNextRestaurantDay(new Date()) + 50);
    };
    waitForMidnight();
    return () => clearTimeout(timer);
  }, []);
  return today;
}
