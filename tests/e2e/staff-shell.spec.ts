/**
 * The staff app's own frame (issue 33): an app bar and the screens' navigation — a rail on a
 * tablet, a bar along the bottom on a phone — and never the public site's header or footer, with
 * every control of the frame large enough for a finger.
 */
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { e2eStaff } from '../../playwright.config.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { type Backend, backendOf, type StaffSession, signIn } from './support/backend.ts';

let api: APIRequestContext;
let backend: Backend;
let staff: StaffSession;

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext();
  backend = await backendOf(api, baseURL ?? '');
  staff = await signIn(api, backend, e2eStaff);
});

test.afterAll(async () => {
  await api.dispose();
});

async function signedIn(page: Page, path: string): Promise<void> {
  await page.goto('/admin/login');
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: backend.storageKey,
    value: JSON.stringify(staff),
  });
  await page.goto(path);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Staff screens' });

/** Every link and button of the app bar and the navigation is at least 44×44 px. */
async function expectFingerSizedFrame(page: Page): Promise<void> {
  const controls = await page.locator('header a, header button, nav a').all();
  expect(controls.length).toBeGreaterThan(8);
  for (const control of controls) {
    const box = await control.boundingBox();
    const name = (await control.textContent()) || (await control.getAttribute('aria-label'));
    expect(box?.width, `${name} width`).toBeGreaterThanOrEqual(44);
    expect(box?.height, `${name} height`).toBeGreaterThanOrEqual(44);
  }
}

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
]) {
  test.describe(`on a ${viewport.width}×${viewport.height} tablet`, () => {
    test.use({ viewport, hasTouch: true });

    test('a staff screen wears the app bar and the rail, never the site’s header or footer', async ({ page }) => {
      await signedIn(page, '/admin/floor');
      await expect(page.getByRole('heading', { level: 1, name: 'Floor' })).toBeVisible();
      await expect(nav(page).getByRole('link', { name: 'Floor' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('link', { name: 'BOOK A TABLE' })).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

      // The rail down the left, the screen beside it from just under the app bar.
      const rail = await nav(page).boundingBox();
      const main = await page.getByRole('main').boundingBox();
      expect(rail?.x).toBe(0);
      expect(rail?.width).toBeLessThanOrEqual(112);
      expect(main?.x).toBeGreaterThanOrEqual((rail?.width ?? 0) - 1);
      expect(main?.y).toBeLessThanOrEqual(60);
      await expectFingerSizedFrame(page);
      await expectNoAxeViolations(page);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

  test('the navigation is a bar along the bottom, and the screen scrolls clear of it', async ({ page }) => {
    await signedIn(page, '/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const bar = await nav(page).boundingBox();
    expect(bar?.x).toBe(0);
    expect(bar?.width).toBe(375);
    expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeCloseTo(812, 0);
    await expectFingerSizedFrame(page);
    // Another screen is one tap away.
    await nav(page).getByRole('link', { name: 'Guests' }).tap();
    await expect(page).toHaveURL(/\/admin\/guests$/);
    await expect(nav(page).getByRole('link', { name: 'Guests' })).toHaveAttribute('aria-current', 'page');
  });
});
