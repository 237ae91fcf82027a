/**
 * The JavaScript a page loads before any interaction, at the sizes the server sends it: every
 * script the browser fetches from the moment it opens the page until the page has hydrated and
 * the network has been quiet (no scroll, pointer, focus or key press), sized by the compressed
 * twins the build writes beside each file (dist/web/…/x.js.gz, .br: what the server answers
 * with). Shared by tests/e2e/javascript-budget.spec.ts and bench/lighthouse.bench.ts, so the
 * test's figure and the bench's are one measure.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

const distWeb = join(import.meta.dirname, '..', '..', '..', 'dist', 'web');

export interface Script {
  /** The URL path, /assets/x-hash.js. */
  path: string;
  gzip: number;
  br: number;
}

/** A phone's viewport, as Lighthouse's mobile preset: what is below it does not count as near. */
export const phoneViewport = { width: 412, height: 823 };

/** The size the server sends a built file in an encoding (files too small to compress go as they are). */
function sentSize(path: string, encoding: 'gz' | 'br'): number {
  const file = join(distWeb, path);
  const twin = `${file}.${encoding}`;
  return readFileSync(existsSync(twin) ? twin : file).length;
}

/** Opens `url` in `page` and returns the scripts it loaded before any interaction. */
export async function scriptsBeforeInteraction(page: Page, url: string): Promise<Script[]> {
  const paths = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.add(new URL(request.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Hydration may start more loads (a screen's own lazy parts): wait for it, then for quiet again.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.waitForLoadState('networkidle');
  return [...paths].sort().map((path) => ({ path, gzip: sentSize(path, 'gz'), br: sentSize(path, 'br') }));
}

export function totals(scripts: readonly Script[]): { gzip: number; br: number } {
  return scripts.reduce((sum, script) => ({ gzip: sum.gzip + script.gzip, br: sum.br + script.br }), {
    gzip: 0,
    br: 0,
  });
}

/** Does any built script hold `marker`? (Keeps a check by marker honest: it must still find something.) */
export function builtScriptsContaining(paths: readonly string[], marker: string): string[] {
  return paths.filter((path) => readFileSync(join(distWeb, path), 'utf8').includes(marker));
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
