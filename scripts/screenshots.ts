/**
 * Screenshots of the public pages at 375, 768 and 1440 px, in headless Chromium against the built
 * app served by the real server: `npm run build && node scripts/screenshots.ts [outDir]`
 * (default docs/screenshots). The README shows them.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';
import { startTestServer } from '../tests/e2e/support/server.ts';

const outDir = process.argv[2] ?? join(import.meta.dirname, '..', 'docs', 'screenshots');
const widths = [375, 768, 1440] as const;
/** The menu runs to 50+ dishes: its picture stops after the first categories. */
const pages = [
  { name: 'home', path: '/', maxHeight: Number.POSITIVE_INFINITY },
  { name: 'menu', path: '/menu', maxHeight: 2600 },
  { name: 'not-found', path: '/no-such-page', maxHeight: Number.POSITIVE_INFINITY },
] as const;

mkdirSync(outDir, { recursive: true });
const server = await startTestServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
try {
  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 812 : 900 },
      reducedMotion: 'reduce',
      locale: 'en-US',
    });
    const page = await context.newPage();
    for (const { name, path, maxHeight } of pages) {
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      if (name === 'menu') await page.getByRole('heading', { level: 2 }).first().waitFor();
      // Bring lazy images in, then back to the top for a full-page picture.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      const height = Math.min(maxHeight, await page.evaluate(() => document.documentElement.scrollHeight));
      // JPEG keeps the full-page pictures small enough for the repository.
      await page.screenshot({
        path: join(outDir, `${name}-${width}.jpg`),
        type: 'jpeg',
        quality: 80,
        fullPage: true,
        clip: { x: 0, y: 0, width, height },
      });
    }
    await context.close();
  }
  console.log(`Screenshots written to ${outDir}`);
} finally {
  await browser.close();
  await server.stop();
}
