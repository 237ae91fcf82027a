import { describe, expect, it } from 'vitest';
import { reservationPageTimes } from '../../../domain/reservation.ts';
import {
  calendarDateToDay,
  dayToCalendarDate,
  formatTime12h,
  msUntilNextRestaurantDay,
  restaurantDay,
} from './restaurant-date.ts';

describe('restaurant days', () => {
  // Vietnam is UTC+7 all year: its midnight is 17:00 UTC the day before.
  it('turns to the next day at midnight in Vietnam, not at the device midnight', () => {
    expect(restaurantDay(new Date('2026-03-14T16:59:59.999Z'))).toBe('2026-03-14');
    expect(restaurantDay(new Date('2026-03-14T17:00:00.000Z'))).toBe('2026-03-15');
  });

  it('counts the time left until the next midnight in Vietnam', () => {
    expect(msUntilNextRestaurantDay(new Date('2026-03-14T16:59:00.000Z'))).toBe(60_000);
    expect(msUntilNextRestaurantDay(new Date('2026-03-14T17:00:00.000Z'))).toBe(24 * 3600_000);
  });

  it('counts milliseconds too', () => {
    expect(msUntilNextRestaurantDay(new Date('2026-03-14T16:59:59.250Z'))).toBe(750);
  });

  it('round-trips a day through the calendar widget Date', () => {
    for (const day of ['2026-01-01', '2026-03-08', '2026-12-31', '2028-02-29']) {
      expect(calendarDateToDay(dayToCalendarDate(day))).toBe(day);
    }
    expect(dayToCalendarDate('2026-12-24').getHours()).toBe(12);
  });
});

describe('formatTime12h', () => {
  it('shows the page times from 12:00 PM to 9:00 PM', () => {
    expect(reservationPageTimes.map(formatTime12h)).toEqual([
      '12:00 PM',
      '1:00 PM',
      '2:00 PM',
      '6:00 PM',
      '7:00 PM',
      '8:00 PM',
      '9:00 PM',
    ]);
    expect(formatTime12h('00:30')).toBe('12:30 AM');
  });
});
