import { describe, expect, it } from 'vitest';
import { formatBookingDate, formatBookingTime } from './booking-format.ts';

describe('booking date and time for guests', () => {
  it('reads the calendar day as it is, whatever the browser time zone', () => {
    expect(formatBookingDate('2026-12-24')).toBe('Thursday, 24 December 2026');
    expect(formatBookingDate('not a date')).toBe('not a date');
  });

  it('shows both forms’ times on the 12-hour clock', () => {
    expect(formatBookingTime('07:30', 'PM')).toBe('7:30 PM');
    expect(formatBookingTime('12:00', 'PM')).toBe('12:00 PM');
    expect(formatBookingTime('10:30', 'AM')).toBe('10:30 AM');
    expect(formatBookingTime('19:00', 'Dinner')).toBe('7:00 PM');
    expect(formatBookingTime('soon', 'PM')).toBe('soon PM');
  });
});
