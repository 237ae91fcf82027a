import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './day-range.ts';
import { inServiceOrder, printPath } from './print-path.ts';

describe('the day sheet', () => {
  it('links with the day and branch encoded', () => {
    expect(printPath('2026-12-24', 'Hanoi (main branch)')).toBe(
      '/admin/print?date=2026-12-24&branch=Hanoi+%28main+branch%29',
    );
  });

  it('orders bookings by the time of day they are for, whichever form wrote it, then by name', () => {
    const rows = [
      { name: 'Late', time: '09:30', period: 'PM' },
      { name: 'Dinner B', time: '19:00', period: 'Dinner' },
      { name: 'Dinner A', time: '07:00', period: 'PM' },
      { name: 'Odd', time: 'soon', period: 'PM' },
      { name: 'Lunch', time: '12:00', period: 'Lunch' },
      { name: 'Noon', time: '12:00', period: 'PM' },
      { name: 'Morning', time: '10:30', period: 'AM' },
    ];
    expect(inServiceOrder(rows).map((row) => row.name)).toEqual([
      'Morning',
      'Lunch',
      'Noon',
      'Dinner A',
      'Dinner B',
      'Late',
      'Odd',
    ]);
  });
});

describe('calendar days', () => {
  it('adds days across months and years, and lists a range', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });
});
