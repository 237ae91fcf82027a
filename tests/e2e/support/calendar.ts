/**
 * Picks a day on the /reservation calendar as a guest does: turning the months forward until the
 * day shows (at most three), then pressing it.
 */
import { expect, type Page } from '@playwright/test';

/** The calendar's name for a yyyy-MM-dd day, e.g. "Thursday, December 24, 2026". */
export function calendarDayName(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T12:00:00Z`));
}

export async function pickCalendarDay(page: Page, iso: string): Promise<void> {
  const button = page.getByRole('button', { name: new RegExp(`${calendarDayName(iso)}(, selected)?$`) });
  const grid = page.getByRole('group', { name: 'Date' }).getByRole('grid');
  await expect(grid).toBeVisible();
  // The guest's first touch brings the form's code; the months are turned once it is there (a
  // press before it is replayed, reservation.spec.ts proves it, but a calendar whose day changes
  // as the code arrives — a test clock on another day than the server's — would turn under us).
  const form = page.locator('[data-island="reservation-form"]');
  await form.dispatchEvent('pointerdown');
  await expect(form).toHaveAttribute('data-hydrated', 'true');
  for (let months = 0; months < 3 && !(await button.isVisible()); months += 1) {
    const month = (await grid.getAttribute('aria-label')) ?? '';
    await page.getByRole('button', { name: /next month/i }).click();
    await expect(grid).not.toHaveAttribute('aria-label', month);
  }
  await button.click();
}
