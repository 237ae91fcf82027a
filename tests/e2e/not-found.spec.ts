/** Unknown paths: the 404 page (prerendered, then hydrated), logged, with a way home. */
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
  // Besides the path and the 404 status of the document itself, nothing: hydration went through quietly.
  expect(errors.filter((text) => !text.includes('/dishes/unknown-curry') && !text.includes('status of 404'))).toEqual(
    [],
  );

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Indian cuisine');
});

test('a client-side visit to an unknown path shows the 404 page too', async ({ page }) => {
  await page.goto('/');
  // A client-side visit needs the app running: until it has hydrated, the router is not listening.
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.evaluate(() => {
    history.pushState({}, '', '/nowhere');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});
