import { describe, expect, it } from 'vitest';
import { formatDong } from './menu.ts';

describe('formatDong', () => {
  it('puts the dong sign before the number grouped in thousands', () => {
    expect(formatDong(350000)).toBe('₫350,000');
    expect(formatDong(1250000)).toBe('₫1,250,000');
    expect(formatDong(0)).toBe('₫0');
  });
});
