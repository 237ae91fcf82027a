import { describe, expect, it } from 'vitest';
import { msUntilNextRestaurantDay, restaurantDay, restaurantWallClock } from './restaurant-clock.ts';

describe('the restaurant clock', () => {
  // Vietnam is UTC+7 all year: its midnight is 17:00 UTC the day before.
  it('turns to the next day at midnight in Vietnam, not at the device midnight', () => {
    expect(restaurantDay(new Date('2026-03-14T16:59:59.999Z'))).toBe('2026-03-14');
    expect(restaurantDay(new Date('2026-03-14T17:00:00.000Z'))).toBe('2026-03-15');
  });

  it('reads the time of day on the restaurant wall', () => {
    expect(restaurantWallClock(new Date('2026-03-14T05:10:30.000Z'))).toEqual({
      day: '2026-03-14',
      secondsIntoDay: 12 * 3600 + 10 * 60 + 30,
    });
    expect(restaurantWallClock(new Date('2026-03-14T17:00:00.000Z')).secondsIntoDay).toBe(0);
  });

  it('counts the time left until the next midnight in Vietnam', () => {
    expect(msUntilNextRestaurantDay(new Date('2026-03-14T16:59:00.000Z'))).toBe(60_000);
    expect(msUntilNextRestaurantDay(new Date('2026-03-14T17:00:00.000Z'))).toBe(24 * 3600_000);
  });

  it('counts milliseconds too', () => {
    expect(msUntilNextRestaurantDay(new Date('2026-03-14T16:59:59.250Z'))).toBe(750);
  });
});
