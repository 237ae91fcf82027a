/**
 * Lighthouse (mobile preset: Moto G-class emulation, simulated slow 4G and 4x CPU slowdown) on
 * the public pages, in Debian's Chromium, plus the JavaScript the home page downloads before any
 * interaction. Builds nothing: run `npm run build` first. `npm run bench -- lighthouse`; the
 * results go to bench/results/lighthouse.md.
 *
 * Goals (issue 4): performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100,
 * CLS ≤ 0.02 on / and /menu; JavaScript for / before interaction ≤ 120 KB compressed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs } from '../playwright.config.ts';
import { startTestServer } from '../tests/e2e/support/server.ts';

const root = join(import.meta.dirname, '..');
const pages = ['/', '/menu'] as const;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Run {
  scores: Record<(typeof categories)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  failing: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function lighthouseRun(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = Object.values(lhr.categories)
    .filter((category) => category.id !== 'performance')
    .flatMap((category) => category.auditRefs)
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => {
      const details = lhr.audits[ref.id]?.details;
      const items = details && 'items' in details ? details.items : [];
      // Name what failed (a URL, an issue type), without the test server's address.
      const about = [...new Set(JSON.stringify(items).match(/\/images\/[\w/.-]+|"issueType":"[^"]+"/g) ?? [])];
      return `${ref.id}${about.length ? ` (${about.join(', ')})` : ''}`;
    });
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    si: numeric('speed-index'),
    failing,
  };
}

/** Scripts the home page fetches on load, with no scroll, click or key press, at the sizes the server sends. */
async function homeJavaScript(baseUrl: string): Promise<{ path: string; br: number; gzip: number }[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  const scripts = new Set<string>();
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
  } finally {
    await browser.close();
  }
  const sent = async (path: string, encoding: string) => {
    // fetch() decompresses the body: the length on the wire is in the header.
    const response = await fetch(`${baseUrl}${path}`, { headers: { 'Accept-Encoding': encoding } });
    await response.arrayBuffer();
    return Number(response.headers.get('content-length'));
  };
  return Promise.all(
    [...scripts].sort().map(async (path) => ({ path, br: await sent(path, 'br'), gzip: await sent(path, 'gzip') })),
  );
}

const server = await startTestServer({ RATE_LIMITS: 'off' });
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: [...chromiumArgs, '--headless=new'],
});
const lines: string[] = [];
try {
  const results = new Map<string, Run[]>();
  for (const path of pages) {
    const list: Run[] = [];
    for (let i = 0; i < runs; i += 1) {
      const run = await lighthouseRun(`${server.url}${path}`, chrome.port);
      console.log(path, JSON.stringify(run));
      list.push(run);
    }
    results.set(path, list);
  }
  const js = { files: await homeJavaScript(server.url) };
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const totalBr = js.files.reduce((sum, file) => sum + file.br, 0);
  const totalGzip = js.files.reduce((sum, file) => sum + file.gzip, 0);

  lines.push(
    '# Lighthouse: public pages',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench -- lighthouse\`:`,
    `Lighthouse ${result_version()} in Debian's Chromium (headless), mobile preset (simulated slow 4G, 4x CPU`,
    `slowdown), against the production build served by the real server. Median of ${runs} runs per page`,
    '(each figure is its own median). The machine is shared (2 cores), which makes the blocking-time',
    'figures pessimistic.',
    '',
    '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | Speed Index |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const [path, list] of results) {
    const m = (pick: (run: Run) => number) => median(list.map(pick));
    lines.push(
      `| \`${path}\` | ${m((r) => r.scores.performance)} | ${m((r) => r.scores.accessibility)} | ${m((r) => r.scores['best-practices'])} | ${m((r) => r.scores.seo)} | ${Math.round(m((r) => r.fcp))} ms | ${Math.round(m((r) => r.lcp))} ms | ${Math.round(m((r) => r.tbt))} ms | ${m((r) => r.cls).toFixed(3)} | ${Math.round(m((r) => r.si))} ms |`,
    );
  }
  const failing = [...new Set([...results.values()].flat().flatMap((run) => run.failing))];
  lines.push(
    '',
    `Audits below full marks (accessibility, best practices, SEO): ${failing.length ? failing.join('; ') : 'none'}.`,
    '',
    'Each run:',
    '',
    '| page | run | performance | accessibility | best practices | SEO | LCP | TBT | CLS |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const [path, list] of results) {
    list.forEach((run, index) => {
      lines.push(
        `| \`${path}\` | ${index + 1} | ${run.scores.performance} | ${run.scores.accessibility} | ${run.scores['best-practices']} | ${run.scores.seo} | ${Math.round(run.lcp)} ms | ${Math.round(run.tbt)} ms | ${run.cls.toFixed(3)} |`,
      );
    });
  }
  lines.push(
    '',
    '## JavaScript for `/` before any interaction',
    '',
    'Every script the home page fetches on load (no scroll, click or key press), at the sizes the',
    'server sends (brotli, its default for browsers) and as gzip. Goal: ≤ 120 KB compressed.',
    '',
    '| file | brotli | gzip |',
    '|---|---|---|',
    ...js.files.map((file) => `| \`${file.path}\` | ${kb(file.br)} KB | ${kb(file.gzip)} KB |`),
    `| **total** | **${kb(totalBr)} KB** | **${kb(totalGzip)} KB** |`,
    '',
    'Kept out of it until needed: the booking form (react-hook-form) loads when the visitor nears',
    'the form, its validation (zod) on the first submit, supabase-js on the first valid submit, and',
    'the toast library with the first message.',
    '',
  );
  writeFileSync(join(import.meta.dirname, 'results', 'lighthouse.md'), lines.join('\n'));
  console.log(lines.join('\n'));
} finally {
  chrome.kill();
  await server.stop();
}

function result_version(): string {
  return (
    JSON.parse(readFileSync(join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string }
  ).version;
}
