import { pageData } from '../../page-data.ts';

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The restaurant's day (yyyy-MM-dd) the server rendered the page on, so its calendar is today's
 * on arrival; undefined for the build's page, which cannot know the visitor's day.
 */
export function renderedDay(): string | undefined {
  const day = pageData('day');
  return typeof day === 'string' && dayPattern.test(day) ? day : undefined;
}
