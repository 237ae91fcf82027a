import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyBooking } from './booking-values.ts';
import { validateBooking } from './validate-booking.ts';

const filled = {
  ...emptyBooking,
  name: 'Anh Nguyen',
  mobile: '0912 345 678',
  email: 'anh@example.com',
  date: '2026-03-20',
  time: '07:30',
  guests: '4',
  branch: 'Sa Pa',
  period: 'PM' as const,
};

describe('validateBooking', () => {
  beforeEach(() => {
    // 10:00 on 14 March 2026 in Vietnam (UTC+7).
    vi.useFakeTimers({ now: new Date('2026-03-14T03:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names every field the schema refuses, empty ones included', () => {
    const result = validateBooking({ ...emptyBooking, name: 'Anh Nguyen' });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : [...result.invalid].sort()).toEqual([
      'branch',
      'date',
      'email',
      'guests',
      'mobile',
      'time',
    ]);
  });

  it('refuses a day that has passed in the restaurant', () => {
    const result = validateBooking({ ...filled, date: '2026-03-13' });
    expect(result.ok ? [] : [...result.invalid]).toEqual(['date']);
  });

  it('turns the guests into a number for a valid booking', () => {
    const result = validateBooking(filled);
    expect(result).toMatchObject({ ok: true, booking: { guests: 4, branch: 'Sa Pa' } });
  });
});
