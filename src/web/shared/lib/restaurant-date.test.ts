import { describe, expect, it } from 'vitest';
import { reservationPageTimes } from '../../../domain/reservation.ts';
import { calendarDateToDay, dayToCalendarDate, formatTime12h } from './restaurant-date.ts';

describe('calendar days', () => {
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
