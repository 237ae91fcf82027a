import { expect, test } from '@playwright/test';

test('an unknown path answers 404 with the app, which shows its 404 page', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  // Logged once the prerendered page has hydrated.
  await expect.poll(() => errors.some((text) => text.includes('/no/such/page'))).toBe(true);
});

test('every app route answers 200 with the app', async ({ request }) => {
  for (const path of [
    '/',
    '/menu',
    '/reservation',
    '/admin/login',
    '/admin/dashboard',
    '/admin/settings',
    '/admin/print',
    '/admin/account',
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    expect(response.headers()['cache-control']).toBe('no-cache');
  }
});

test('Return to Home leads a visitor back to the home page', async ({ page }) => {
  await page.goto('/missing');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
