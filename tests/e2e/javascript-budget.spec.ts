/**
 * What a visitor downloads before touching anything (issue 20, item 10; issue 32): on every public
 * page of src/domain/routes.ts, in every language, the JavaScript loaded until the page's islands
 * that start with it are interactive and the network is quiet, at the sizes the server sends (gzip
 * twins of the build). Checked from the browser rather than from the HTML alone, so code a page
 * starts loading by itself after its first paint counts too.
 *
 * Two checks: the booking forms' data layer (TanStack Query, the backend client) never loads
 * before an interaction, and each page stays within its ceiling. Issue 32's goals: 30 KB on pages
 * without a form, 80 KB on / and /menu, 100 KB on /reservation. Every page loads the boot script
 * alone (about 7 KB) until the guest touches an island: the server renders the menu and the
 * calendar as they are now, so React (about 63 KB) and an island's code wait for that touch;
 * /menu and /reservation add the small checks that tell whether their HTML still holds (call 7,
 * the restaurant's day). Each ceiling is the page's heaviest figure (of its languages) when it
 * was last lowered plus about 2 KB, so that growth fails here, and a page that gets lighter
 * should have its ceiling lowered with it.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { publicPaths, splitLanguage } from '../../src/domain/routes.ts';
import {
  builtScriptsContaining,
  kb,
  phoneViewport,
  scriptsBeforeInteraction,
  totals,
} from './support/page-javascript.ts';

const KB = 1024;
const goal = 30 * KB;
/** Each page's ceiling (gzip), by its English path; branch pages share one. */
const ceilings: Record<string, number> = {
  // The home page's form is far below the fold: its island waits until the guest comes near.
  '/': 9 * KB,
  // 8.5 KB: the boot script and call 7's check (menu-stale.ts).
  '/menu': 11 * KB,
  // 8.0 KB: the boot script and the day's check (reservation-stale.ts).
  '/reservation': 10 * KB,
  // Pages without a form: the boot script alone (6.7 KB).
  '/privacy': 9 * KB,
  branch: 9 * KB,
  '/no-such-page': 9 * KB,
};
const ceilingOf = (path: string) => {
  const english = splitLanguage(path).path;
  return ceilings[english.startsWith('/branches/') ? 'branch' : english] ?? goal;
};

/** Strings only the named library's built code holds; each must still be found in the build. */
const notBeforeInteraction = [
  { library: 'TanStack Query', marker: 'Missing queryFn' },
  { library: 'supabase-js', marker: 'supabase-js' },
];

const builtScripts = readdirSync(join(import.meta.dirname, '..', '..', 'dist', 'web', 'assets'))
  .filter((file) => file.endsWith('.js'))
  .map((file) => `/assets/${file}`);

test.use({ viewport: phoneViewport });

test('the markers still find the libraries in the build', () => {
  for (const { library, marker } of notBeforeInteraction) {
    expect(builtScriptsContaining(builtScripts, marker), library).not.toEqual([]);
  }
});

/** The 404 page (any unknown path) is held to the goal too, in both languages. */
const notFoundPaths = ['/no-such-page', '/vi/no-such-page'];

for (const path of [...publicPaths, ...notFoundPaths]) {
  test(`${path} loads no more JavaScript than its ceiling before any interaction`, async ({ page }) => {
    const scripts = await scriptsBeforeInteraction(page, path);
    const loaded = scripts.map((script) => script.path);
    for (const { library, marker } of notBeforeInteraction) {
      expect(builtScriptsContaining(loaded, marker), `${library} before any interaction`).toEqual([]);
    }
    const { gzip } = totals(scripts);
    const list = scripts.map((script) => `${script.path} ${kb(script.gzip)} KB`).join('\n');
    expect(gzip, `${path}: ${kb(gzip)} KB gzip before interaction\n${list}`).toBeLessThanOrEqual(ceilingOf(path));
  });
}
