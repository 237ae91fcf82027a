import { describe, expect, it } from 'vitest';
import { formatClock, formatDong, formatLongDate, formatShortDate } from './format-dong.ts';

describe('each language writes prices, times and dates its own way', () => {
  it('prices: ₫350,000 in English, 350.000 ₫ in Vietnamese', () => {
    expect(formatDong(350000)).toBe('₫350,000');
    expect(formatDong(350000, 'en')).toBe('₫350,000');
    expect(formatDong(350000, 'vi')).toBe('350.000\u00a0₫');
    expect(formatDong(1250000, 'vi')).toBe('1.250.000\u00a0₫');
    expect(formatDong(0, 'vi')).toBe('0\u00a0₫');
  });

  it('clock times: 12-hour in English, 24-hour in Vietnamese', () => {
    expect(formatClock('10:30', 'en')).toBe('10:30 AM');
    expect(formatClock('23:00', 'en')).toBe('11:00 PM');
    expect(formatClock('00:30', 'en')).toBe('12:30 AM');
    expect(formatClock('12:00', 'en')).toBe('12:00 PM');
    expect(formatClock('09:05', 'vi')).toBe('09:05');
    expect(formatClock('23:00', 'vi')).toBe('23:00');
  });

  it('dates: "Thứ Hai, 23/11/2026" in Vietnamese, whatever the machine’s zone', () => {
    expect(formatLongDate('2026-11-23', 'vi')).toBe('Thứ Hai, 23/11/2026');
    expect(formatLongDate('2026-11-29', 'vi')).toBe('Chủ Nhật, 29/11/2026');
    expect(formatLongDate('2027-01-02', 'vi')).toBe('Thứ Bảy, 02/01/2027');
    expect(formatLongDate('2026-11-23', 'en')).toBe('Monday, November 23, 2026');
    expect(formatShortDate('2026-11-23', 'vi')).toBe('23/11/2026');
    expect(formatShortDate('2026-11-23', 'en')).toBe('Nov 23, 2026');
  });
});
