/**
 * A branch's week as guests read it: consecutive days with the same hours share a line
 * ("Monday – Friday", or "Every day" for the whole week).
 */
import type { OpeningRange, Weekday } from '../../../../domain/restaurant-profile.ts';

export interface HoursLine {
  from: Weekday;
  to: Weekday;
  /** Empty when the branch is closed those days. */
  ranges: { opens: string; closes: string }[];
}

const week: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];

export function hoursLines(hours: readonly OpeningRange[]): HoursLine[] {
  const lines: HoursLine[] = [];
  for (const weekday of week) {
    const ranges = hours
      .filter((range) => range.weekday === weekday)
      .map(({ opens, closes }) => ({ opens, closes }))
      .sort((a, b) => a.opens.localeCompare(b.opens));
    const last = lines.at(-1);
    if (last && JSON.stringify(last.ranges) === JSON.stringify(ranges)) last.to = weekday;
    else lines.push({ from: weekday, to: weekday, ranges });
  }
  return lines;
}
