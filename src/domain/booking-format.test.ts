import { describe, expect, it } from 'vitest';
import {
  formatBookingDate,
  formatBookingMoment,
  formatBookingTime,
  formatBookingTimeAndPeriod,
} from './booking-format.ts';

describe('booking date and time for guests', () => {
  it('reads the calendar day as it is, whatever the browser time zone', () => {
    expect(formatBookingDate('2026-12-24')).toBe('Thursday, 24 December 2026');
    expect(formatBookingDate('not a date')).toBe('not a date');
  });

  it('shows both forms’ times on the 12-hour clock in English', () => {
    expect(formatBookingTime('07:30', 'PM')).toBe('7:30 PM');
    expect(formatBookingTime('12:00', 'PM')).toBe('12:00 PM');
    expect(formatBookingTime('10:30', 'AM')).toBe('10:30 AM');
    expect(formatBookingTime('19:00', 'Dinner')).toBe('7:00 PM');
    expect(formatBookingTime('soon', 'PM')).toBe('soon PM');
  });

  it('writes the day and the time as a Vietnamese reader expects', () => {
    expect(formatBookingDate('2026-12-24', 'vi')).toBe('Thứ Năm, 24/12/2026');
    expect(formatBookingDate('2026-11-23', 'vi')).toBe('Thứ Hai, 23/11/2026');
    expect(formatBookingDate('soon', 'vi')).toBe('soon');
    expect(formatBookingTime('07:30', 'PM', 'vi')).toBe('19:30');
    expect(formatBookingTime('10:30', 'AM', 'vi')).toBe('10:30');
  });

  it('shows one time per booking with its period on the staff screens, whatever path stored it', () => {
    // Every shape of 7 PM: a REST client's 24-hour time with PM, the home form's, a bare hour.
    for (const [time, period] of [
      ['19:00', 'PM'],
      ['07:00', 'PM'],
      ['7:00', 'PM'],
      ['19:00', 'pm'],
      ['19:00', 'AM'],
      ['19:00', ''],
    ] as const) {
      expect(formatBookingTimeAndPeriod(time, period), `${time} ${period}`).toBe('7:00 PM');
      expect(formatBookingTimeAndPeriod(time, period, 'vi'), `${time} ${period}`).toBe('19:00');
    }
    expect(formatBookingTimeAndPeriod('12:30', 'PM')).toBe('12:30 PM');
    expect(formatBookingTimeAndPeriod('12:00', 'AM')).toBe('12:00 AM');
    expect(formatBookingTimeAndPeriod('10:30', 'AM')).toBe('10:30 AM');
    // The /reservation page's meal periods keep their word beside the 24-hour time (the spec's
    // dashboard shows "18:00 Dinner").
    expect(formatBookingTimeAndPeriod('19:00', 'Dinner')).toBe('19:00 Dinner');
    expect(formatBookingTimeAndPeriod('12:00', 'Lunch')).toBe('12:00 Lunch');
    expect(formatBookingTimeAndPeriod('19:00', 'Dinner', 'vi')).toBe('19:00 Dinner');
    expect(formatBookingTimeAndPeriod('9:00', 'Dinner')).toBe('09:00 Dinner');
    // Not a time: as it came.
    expect(formatBookingTimeAndPeriod('soon', 'PM')).toBe('soon PM');
    expect(formatBookingTimeAndPeriod('25:00', 'PM')).toBe('25:00 PM');
    expect(formatBookingTimeAndPeriod('soon', '')).toBe('soon');
  });

  it('gives a moment on the restaurant’s clock, whatever the device’s zone', () => {
    expect(formatBookingMoment('2026-11-23T12:05:00Z')).toBe('23 November 2026 at 19:05');
    expect(formatBookingMoment('2026-11-23T12:05:00Z', 'vi')).toBe('19:05 ngày 23/11/2026');
    expect(formatBookingMoment('later')).toBe('later');
  });
});
