/**
 * Nothing on a public page moves while it loads and hydrates (issue 11, item 12): the sum of the
 * layout shifts the browser reports, from the first paint until the page has hydrated and the
 * network is quiet, stays within 0.02 (Lighthouse's "good" is 0.1; our goal is stricter). Every
 * public page of src/domain/routes.ts is measured, and the 404 page, on a slow mobile network so
 * that late code has its chance to move things, at a phone's and a desktop's size.
 */
import { expect, type Page, test } from '@playwright/test';
import { publicPaths } from '../../src/domain/routes.ts';

const unknownPath = '/no-such-page';
const pages = [...publicPaths, unknownPath];
const maxShift = 0.02;

// A month other than the build's, with a different number of weeks from most: the prerendered
// /reservation page cannot know the visitor's day, and must not shift or mismatch when it learns it.
const visitorNow = new Date('2027-02-10T03:00:00.000Z');

interface Shift {
  value: number;
  sources: string[];
}

/** Records every layout shift from the first paint on (buffered), naming the elements that moved. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    Object.assign(window, { __shifts: shifts });
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName);
      const classes = [...node.classList].slice(0, 2).join('.');
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes ? `.${classes}` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((source) => describe(source.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Lighthouse's mobile network (slow 4G: 150 ms round trips, 1.6 Mbit/s down), applied in the browser. */
async function slowNetwork(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

const sizes = [
  { name: 'phone', viewport: { width: 412, height: 823 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
];

for (const size of sizes) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    for (const path of pages) {
      test(`${path} does not shift while it loads and hydrates`, async ({ page }) => {
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        page.on('pageerror', (error) => errors.push(error.message));
        await page.clock.setFixedTime(visitorNow);
        await recordShifts(page);
        await slowNetwork(page);

        // "networkidle": every chunk, stylesheet and message the page asks for has arrived and run.
        await page.goto(path, { waitUntil: 'networkidle' });
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Let any render that the last response caused reach the screen.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );

        const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect(total, `layout shifts on ${path}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(maxShift);
        // Hydration went through quietly (a mismatch is reported as an error and re-renders the page).
        expect(errors.filter((text) => !(path === unknownPath && /status of 404|no-such-page/.test(text)))).toEqual([]);
      });
    }
  });
}
