/**
 * The live board's announcements: bookings that arrive together each keep their sentence in the
 * live region (a host using a screen reader hears every one), the oldest going past the limit.
 */
import { describe, expect, it } from 'vitest';
import { type Announcement, keptAnnouncements, withAnnouncement } from './live-board.ts';

const texts = (lines: readonly Announcement[]) => lines.map((line) => line.text);

describe('withAnnouncement', () => {
  it('adds a second announcement after the first instead of replacing it', () => {
    const one = withAnnouncement([], 'New booking: Asha Rao, 4 guests, Sa Pa. It is at the top of the list.');
    const two = withAnnouncement(
      one,
      'New booking: Minh Le, 3 guests, Da Nang. Use the new bookings button to show it.',
    );
    expect(texts(two)).toEqual([
      'New booking: Asha Rao, 4 guests, Sa Pa. It is at the top of the list.',
      'New booking: Minh Le, 3 guests, Da Nang. Use the new bookings button to show it.',
    ]);
  });

  it('keeps the last few, dropping the oldest first', () => {
    let lines: Announcement[] = [];
    for (let n = 1; n <= keptAnnouncements + 2; n += 1) lines = withAnnouncement(lines, `booking ${n}`);
    expect(keptAnnouncements).toBeGreaterThanOrEqual(3);
    expect(texts(lines)).toEqual(Array.from({ length: keptAnnouncements }, (_, i) => `booking ${i + 3}`));
  });

  it('gives every line its own key, also for the same words twice and after trimming', () => {
    let lines: Announcement[] = [];
    for (let n = 0; n < keptAnnouncements * 2; n += 1) {
      lines = withAnnouncement(lines, 'New booking: Asha Rao, 4 guests, Sa Pa. It is at the top of the list.');
      expect(new Set(lines.map((line) => line.id)).size).toBe(lines.length);
    }
  });

  it('leaves the lines it was given as they were', () => {
    const one = withAnnouncement([], 'first');
    withAnnouncement(one, 'second');
    expect(texts(one)).toEqual(['first']);
  });
});
