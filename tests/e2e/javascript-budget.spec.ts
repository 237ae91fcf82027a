/**
 * What a visitor downloads before touching anything (issue 20, item 10): on every public page of
 * src/domain/routes.ts, in every language, the JavaScript loaded until the page has hydrated and
 * the network is quiet, at the sizes the server sends (gzip twins of the build). Checked from the
 * browser rather than from the HTML alone, so code a page starts loading by itself after its
 * first paint counts too.
 *
 * Two checks: the booking forms' data layer (TanStack Query, the backend client) never loads
 * before an interaction, and each page stays within its ceiling. The goal is 100 KB (gzip) on
 * every page; React, react-dom and react-router weigh about 80 KB of it. The home, branch, menu
 * and 404 pages are within it (the menu checks its data without zod before any interaction);
 * /reservation shows its calendar (react-day-picker) and form (react-hook-form) on arrival, so it
 * is not (bench/results/lighthouse.md has the figures). Each ceiling is the page's heaviest figure
 * (of its languages) when it was last lowered plus about 2 KB, so that growth fails here, and a
 * page that gets lighter should have its ceiling lowered with it.
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
const goal = 100 * KB;
/** Each page's ceiling (gzip), by its English path; branch pages share one. */
const ceilings: Record<string, number> = {
  '/': 80 * KB,
  '/menu': 80 * KB,
  '/reservation': 100 * KB,
  // Pages without a form (issue 32): the boot script alone.
  '/privacy': 30 * KB,
  branch: 30 * KB,
  '/no-such-page': 30 * KB,
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
