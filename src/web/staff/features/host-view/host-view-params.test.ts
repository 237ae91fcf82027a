import { describe, expect, it } from 'vitest';
import { parseRange } from './api/branch-day.ts';
import { addDays, chosenBranch, chosenDay, hostViewSearch, isoWeekday, todayIn } from './host-view-params.ts';
import { branchFilter } from './use-branch-day.ts';

describe('the host view in the address bar', () => {
  it("opens only the host's branches, the first when none or another is asked for", () => {
    expect(chosenBranch('Da Nang', ['Sa Pa', 'Da Nang'])).toBe('Da Nang');
    expect(chosenBranch('Hanoi', ['Sa Pa', 'Da Nang'])).toBe('Sa Pa');
    expect(chosenBranch(null, ['Sa Pa'])).toBe('Sa Pa');
    expect(chosenBranch('Sa Pa', [])).toBeUndefined();
  });

  it('takes a real day only', () => {
    expect(chosenDay('2026-12-24')).toBe('2026-12-24');
    expect(chosenDay('2026-02-30')).toBeUndefined();
    expect(chosenDay('24/12/2026')).toBeUndefined();
    expect(chosenDay(null)).toBeUndefined();
  });

  it('writes the branch and day as a query string a link can carry', () => {
    const search = hostViewSearch({ branch: 'Sa Pa', date: '2026-12-24' });
    expect(new URLSearchParams(search).get('branch')).toBe('Sa Pa');
    expect(new URLSearchParams(search).get('date')).toBe('2026-12-24');
    expect(hostViewSearch({ branch: 'Hanoi' })).toBe('?branch=Hanoi');
  });

  it('counts days across months and years, and weekdays as the opening hours do (1 Monday … 7 Sunday)', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(isoWeekday('2026-12-24')).toBe(4);
    expect(isoWeekday('2026-12-27')).toBe(7);
  });

  it("knows today in the branch's zone, whatever the device's", () => {
    const instant = new Date('2026-12-24T20:00:00Z');
    expect(todayIn('Asia/Ho_Chi_Minh', instant)).toBe('2026-12-25');
    expect(todayIn('Pacific/Pago_Pago', instant)).toBe('2026-12-24');
    expect(todayIn('Not/AZone', instant)).toBe('2026-12-25');
  });

  it('reads a hold as Postgres writes it, and nothing else', () => {
    expect(parseRange('["2026-12-24 12:00:00+00","2026-12-24 13:50:00+00")')).toEqual({
      from: Date.parse('2026-12-24T12:00:00Z'),
      to: Date.parse('2026-12-24T13:50:00Z'),
    });
    expect(parseRange('["2026-12-24 19:00:00+07","2026-12-24 20:40:00+05:30")')).toEqual({
      from: Date.parse('2026-12-24T12:00:00Z'),
      to: Date.parse('2026-12-24T15:10:00Z'),
    });
    // A walk-in's hold starts when it was seated, to the microsecond; a zone west of Greenwich.
    expect(parseRange('["2026-12-24 19:03:40.123456+07","2026-12-24 20:40:00-03")')).toEqual({
      from: Date.parse('2026-12-24T12:03:40.123Z'),
      to: Date.parse('2026-12-24T23:40:00Z'),
    });
    expect(parseRange('empty')).toBeUndefined();
    expect(parseRange('[,"2026-12-24 13:50:00+00")')).toBeUndefined();
  });

  it('listens to one branch, quoting a name realtime filters would split', () => {
    expect(branchFilter('Sa Pa')).toBe('branch=eq.Sa Pa');
    expect(branchFilter('A, "B"')).toBe('branch=eq."A, \\"B\\""');
  });
});
