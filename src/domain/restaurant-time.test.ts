import { describe, expect, it } from 'vitest';
import { restaurantDayOf, restaurantMoment } from './restaurant-time.ts';

describe('the restaurant’s day', () => {
  it('runs from midnight to midnight in Vietnam (UTC+7), whatever zone the server is in', () => {
    const lastSecond = restaurantDayOf(new Date('2026-11-28T16:59:59.999Z'));
    expect(lastSecond).toEqual({
      day: '2026-11-28',
      start: Date.parse('2026-11-27T17:00:00Z'),
      end: Date.parse('2026-11-28T17:00:00Z'),
    });
    const midnight = restaurantDayOf(new Date('2026-11-28T17:00:00Z'));
    expect(midnight.day).toBe('2026-11-29');
    expect(midnight.start).toBe(lastSecond.end);
  });

  it('names the same day as the wall clock, across a month and a year', () => {
    for (const iso of ['2026-12-31T18:30:00Z', '2027-02-28T17:00:00Z', '2026-03-14T10:30:00Z']) {
      expect(restaurantDayOf(new Date(iso)).day).toBe(restaurantMoment(iso)?.day);
    }
    expect(restaurantDayOf(new Date('2026-12-31T18:30:00Z')).day).toBe('2027-01-01');
  });
});
