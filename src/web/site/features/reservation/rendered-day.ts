import type { RestaurantDay } from '../../../../domain/restaurant-time.ts';
import { pageData } from '../../page-data.ts';

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The restaurant's day the server rendered the page on (src/domain/restaurant-time.ts), so its
 * calendar is today's on arrival; undefined for the build's page, which cannot know the visitor's day.
 */
export function renderedDay(): RestaurantDay | undefined {
  const value = pageData('day');
  if (typeof value !== 'object' || value === null) return undefined;
  const { day, start, end } = value as Record<string, unknown>;
  return typeof day === 'string' && dayPattern.test(day) && Number.isFinite(start) && Number.isFinite(end)
    ? { day, start: Number(start), end: Number(end) }
    : undefined;
}
