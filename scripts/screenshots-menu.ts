/**
 * Screenshots of the menu screen (/admin/menu, issue 24) at 375 and 1440 px, in headless Chromium
 * against the built app served by the real server, signed in as an owner: the screen with a dish
 * sold out at Sa Pa, and the dish form open.
 * `npm run build && node scripts/screenshots-menu.ts [outDir]` (default docs/screenshots).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';
import { startTestServer } from '../tests/e2e/support/server.ts';

const outDir = process.argv[2] ?? join(import.meta.dirname, '..', 'docs', 'screenshots');
const widths = [375, 1440] as const;
const owner = { email: 'owner@saffronlotus.example', password: 'screenshots-only-passphrase' };

async function shoot(page: Page, name: string, width: number): Promise<void> {
  await page.waitForLoadState('networkidle');
  // The screen lists every dish: the picture is of what the owner sees first, not all of it.
  await page.screenshot({ path: join(outDir, `${name}-${width}.jpg`), type: 'jpeg', quality: 80 });
}

mkdirSync(outDir, { recursive: true });
const server = await startTestServer({ ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, ADMIN_ROLE: 'owner' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
try {
  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 812 : 900 },
      reducedMotion: 'reduce',
      locale: 'en-US',
      timezoneId: 'Asia/Ho_Chi_Minh',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/login`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.goto(`${server.url}/admin/menu`);
    await page.getByLabel('Branch').selectOption({ label: 'Sa Pa' });
    const toggle = page.getByRole('button', { name: 'Sold out Chicken 65 at Sa Pa' });
    const toast = page
      .getByRole('region', { name: /^Notifications/ })
      .getByRole('listitem')
      .first();
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') {
      await toggle.click();
      // Its confirmation first appears, then goes: the picture is of the screen, not the toast.
      await toast.waitFor();
    }
    await page.locator('[aria-pressed="true"]').first().waitFor();
    await toast.waitFor({ state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'admin-menu', width);
    await page.getByRole('button', { name: 'Edit Butter Chicken' }).click();
    await page.getByRole('dialog').waitFor();
    await shoot(page, 'admin-menu-edit', width);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
