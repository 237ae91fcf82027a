import { describe, expect, it } from 'vitest';
import { branchSettingsSchema, turnTimesOf } from './availability.ts';

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
  it('takes turn times from party size 1 upwards with a reset buffer, or neither (kept as they are)', () => {
    const turns = {
      turn_times: [
        { from: 1, minutes: 90 },
        { from: 3, minutes: 105 },
        { from: 7, minutes: 150 },
      ],
      reset_minutes: 10,
    };
    expect(issuesOf({ ...valid, ...turns })).toEqual({});
    expect(branchSettingsSchema.parse(valid)).not.toHaveProperty('turn_times');
    expect(
      issuesOf({
        ...valid,
        turn_times: [
          { from: 2, minutes: 14 },
          { from: 2, minutes: 90 },
          { from: 101, minutes: 601 },
          { from: 50, minutes: 90 },
        ],
        reset_minutes: 121,
      }),
    ).toMatchObject({
      'turn_times.0': 'The first row must start at party size 1',
      'turn_times.0.minutes': expect.any(String),
      'turn_times.2.from': expect.any(String),
      'turn_times.2.minutes': expect.any(String),
      reset_minutes: expect.any(String),
    });
    expect(
      issuesOf({
        ...valid,
        turn_times: [
          { from: 2, minutes: 90 },
          { from: 2, minutes: 90 },
          { from: 5, minutes: 90 },
          { from: 4, minutes: 90 },
        ],
      }),
    ).toEqual({
      'turn_times.0': 'The first row must start at party size 1',
      'turn_times.1': 'Party sizes must go up, each listed once',
      'turn_times.3': 'Party sizes must go up, each listed once',
    });
    expect(issuesOf({ ...valid, turn_times: [] })).toHaveProperty('turn_times');
    expect(() => branchSettingsSchema.safeParse({ ...valid, turn_times: [null, { from: 'one' }] })).not.toThrow();
  });

  it('reads the stored turn time map as rows by party size', () => {
    expect(turnTimesOf({ '7': 150, '1': 90, '10': 180, '3': 105 })).toEqual([
      { from: 1, minutes: 90 },
      { from: 3, minutes: 105 },
      { from: 7, minutes: 150 },
      { from: 10, minutes: 180 },
    ]);
  });
});
