import { describe, expect, it } from 'vitest';
import { everyDayHours } from '../../../../domain/restaurant-profile.ts';
import { hoursLines } from './opening-hours.ts';

describe('hoursLines', () => {
  it('makes one line of a week with the same hours every day', () => {
    expect(hoursLines(everyDayHours)).toEqual([{ from: 1, to: 7, ranges: [{ opens: '10:30', closes: '23:00' }] }]);
  });

  it('keeps days apart when their hours differ, and shows closed days', () => {
    expect(
      hoursLines([
        { weekday: 1, opens: '17:00', closes: '22:00' },
        { weekday: 1, opens: '11:00', closes: '14:00' },
        { weekday: 2, opens: '11:00', closes: '14:00' },
        { weekday: 2, opens: '17:00', closes: '22:00' },
        { weekday: 4, opens: '10:30', closes: '23:00' },
        { weekday: 5, opens: '10:30', closes: '23:00' },
        { weekday: 6, opens: '10:30', closes: '23:00' },
        { weekday: 7, opens: '10:30', closes: '23:00' },
      ]),
    ).toEqual([
      {
        from: 1,
        to: 2,
        ranges: [
          { opens: '11:00', closes: '14:00' },
          { opens: '17:00', closes: '22:00' },
        ],
      },
      { from: 3, to: 3, ranges: [] },
      { from: 4, to: 7, ranges: [{ opens: '10:30', closes: '23:00' }] },
    ]);
  });
});
