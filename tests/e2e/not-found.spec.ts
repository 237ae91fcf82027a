/** Unknown paths: the 404 page (prerendered HTML), logged, with a way home. */
import { expect, test } from '@playwright/test';

test('an unknown path shows "Oops! Page not found", logs the path and leads home', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto('/dishes/unknown-curry');
  expect(response?.status()).toBe(404);
  expect(await response?.text()).toContain('Oops! Page not found');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await expect.poll(() => errors.some((text) => text.includes('/dishes/unknown-curry'))).toBe(true);
  // Besides the path and the 404 status of the document itself, nothing: the page went through quietly.
  expect(errors.filter((text) => !text.includes('/dishes/unknown-curry') && !text.includes('status of 404'))).toEqual(
    [],
  );

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Indian cuisine');
});

test('a link to an unknown path from a page shows the 404 page too', async ({ page }) => {
  await page.goto('/');
  // Links between the site's pages are page loads: the server answers an unknown one with its 404 page.
  const [response] = await Promise.all([
    page.waitForResponse((answer) => new URL(answer.url()).pathname === '/nowhere'),
    page.evaluate(() => window.location.assign('/nowhere')),
  ]);
  expect(response.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});
