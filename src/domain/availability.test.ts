import { describe, expect, it } from 'vitest';
import { branchSettingsSchema } from './availability.ts';

const valid = {
  time_zone: 'Asia/Ho_Chi_Minh',
  covers_per_slot: 20,
  max_party: null,
  booking_window_days: null,
  hours: [
    { weekday: 1, opens: '10:30', closes: '23:00' },
    { weekday: 2, opens: '10:30', closes: '23:00' },
  ],
  closed_dates: [{ date: '2027-02-17', reason: 'Tết' }],
};

function issuesOf(input: unknown): Record<string, string> {
  const result = branchSettingsSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('branchSettingsSchema', () => {
  it('accepts valid settings', () => {
    expect(issuesOf(valid)).toEqual({});
  });

  it('reports overlapping ranges and repeated dates together with mistakes in other fields', () => {
    const issues = issuesOf({
      ...valid,
      covers_per_slot: Number.NaN,
      hours: [...valid.hours, { weekday: 1, opens: '12:00', closes: '15:00' }],
      closed_dates: [...valid.closed_dates, { date: '2027-02-17', reason: null }],
    });
    expect(issues).toMatchObject({
      covers_per_slot: expect.any(String),
      'hours.0': 'Overlaps another range that day',
      'hours.2': 'Overlaps another range that day',
      'closed_dates.1': 'Listed twice',
    });
  });

  it('skips the checks across rows when the rows are not rows, instead of failing', () => {
    expect(() => branchSettingsSchema.safeParse({ ...valid, hours: [null, { weekday: 1, opens: 10 }] })).not.toThrow();
    expect(() => branchSettingsSchema.safeParse({ ...valid, closed_dates: 'none' })).not.toThrow();
    expect(issuesOf({ ...valid, hours: [null] })).toHaveProperty('hours.0');
  });
});
