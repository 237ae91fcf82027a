/**
 * The staff dashboard at scale: 100,000 reservations (a few years of four busy branches), on the
 * embedded database and on PostgreSQL. In Chromium, a signed-in host opens the dashboard and
 * filters it; measured in the page (performance.now, from navigation or from the input event to
 * the rows on screen) and from Resource Timing (bytes of the /rest/v1 responses). Each number is
 * the median of several runs. Also checks that the count shown equals the database's own count.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';
import { defaultWebRoot } from '../src/server/main.ts';
import { provideTestPostgres } from '../tests/support/postgres.ts';
import { type Backend, startTestServer, type TestServer } from '../tests/support/test-server.ts';

const rowsToSeed = Number(process.env.DASHBOARD_ROWS ?? 100_000);
const runs = Number(process.env.DASHBOARD_RUNS ?? 5);
const staff = { email: 'bench-host@saffronlotus.test', password: 'bench-password-long-enough' };

/** Names, branches, dates and notes spread like real bookings; created_at over three years. */
const seedSql = (n: number) => `
  insert into public.reservations
    (name, mobile, email, date, guests, branch, time, period, notes, arrived, allocated, created_at)
  select
    (array['Anjali','Nguyễn Văn','Rahul','Trần Thị','Priya','Lê Minh','Sanjay','Phạm Thu'])[1 + i % 8] || ' ' ||
      (array['Sharma','An','Mehta','Mai','Nair','Khoa','Gupta','Hà','Patel','Bảo'])[1 + (i / 8) % 10] || ' ' || i,
    '+84 9' || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0'),
    'guest' || i || '@example.vn',
    date '2024-01-01' + (i % 1100),
    1 + i % 10,
    (array['Hanoi (main branch)','Ninh Binh','Sa Pa','Da Nang','Hanoi (main branch)','Da Nang','Downtown','Uptown','Suburb'])[1 + i % 9],
    (array['11:30','12:00','12:30','18:00','19:00','19:30','20:00'])[1 + i % 7],
    (array['AM','PM','PM','PM','Lunch','Dinner','Dinner'])[1 + i % 7],
    case when i % 3 = 0 then (array['Window seat please','Birthday, bring a candle','Vegetarian, no onion','High chair'])[1 + i % 4] end,
    i < ${n} - 200, i < ${n} - 400,
    timestamptz '2024-01-01' + make_interval(secs => i * (94608000.0 / ${n}))
  from generate_series(1, ${n}) as i`;

interface Sample {
  ms: number;
  /** Bytes of the list request(s) for this result (rows and exact count come in one response). */
  listBytes: number;
  listRequests: number;
}

interface Scenario {
  name: string;
  /** The URL to open, or the interaction to time on an already open dashboard. */
  path?: string;
  act?: (page: Page) => Promise<number>;
  /** SQL condition the shown count must equal. */
  where: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Waits (per animation frame) until the heading shows `count` and the page's rows are on screen. */
async function rowsShown(page: Page, count: number, pageRows: number): Promise<number> {
  const heading = `Reservations (${new Intl.NumberFormat('en').format(count)})`;
  const handle = await page.waitForFunction(
    ({ heading, pageRows }) => {
      const h2 = [...document.querySelectorAll('h2')].find((el) => el.textContent?.startsWith('Reservations'));
      const rows = document.querySelectorAll('tbody th[scope="row"]').length;
      return h2?.textContent === heading && rows === pageRows && !document.querySelector('table[aria-busy="true"]')
        ? performance.now()
        : false;
    },
    { heading, pageRows },
    { polling: 'raf', timeout: 60_000 },
  );
  return Number(await handle.jsonValue());
}

interface Traffic {
  kind: 'list' | 'branches' | 'other';
  bytes: number;
}

/** Records every /rest/v1 response of a page with its size on the wire (headers + body). */
function recordRest(page: Page): Traffic[] {
  const traffic: Traffic[] = [];
  page.on('requestfinished', async (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/rest/v1/')) return;
    const select = url.searchParams.get('select') ?? '';
    // A page closed mid-walk cannot report sizes any more; its unfinished reads are not measured.
    const sizes = await request.sizes().catch(() => undefined);
    if (!sizes) return;
    traffic.push({
      kind: select === 'branch' ? 'branches' : select.startsWith('id,') ? 'list' : 'other',
      bytes: sizes.responseHeadersSize + sizes.responseBodySize,
    });
  });
  return traffic;
}

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The branch-list walk of an opened dashboard: its reads, bytes and wall time (from the page's Resource Timing). */
async function branchWalk(page: Page, traffic: Traffic[], distinct: number) {
  // One read per distinct branch plus the read that finds none after the last.
  await until(() => traffic.filter((t) => t.kind === 'branches').length >= distinct + 1, 'the branch list');
  const ms = await page.evaluate(() => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/rest/v1/reservations?select=branch'));
    return Math.max(...entries.map((e) => e.startTime + e.duration)) - Math.min(...entries.map((e) => e.startTime));
  });
  const reads = traffic.filter((t) => t.kind === 'branches');
  return { reads: reads.length, bytes: reads.reduce((sum, t) => sum + t.bytes, 0), ms };
}

/** Changes a control the way a user does (native setter + event), timed from inside the page. */
function setControl(label: string, value: string) {
  return async (page: Page) =>
    page.evaluate(
      ({ label, value }) => {
        const labelEl = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
        const control = labelEl?.htmlFor ? document.getElementById(labelEl.htmlFor) : null;
        if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) {
          throw new Error(`no control labelled ${label}`);
        }
        const proto = control instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLSelectElement.prototype;
        const started = performance.now();
        Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(control, value);
        control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
        return started;
      },
      { label, value },
    );
}

async function measure(backend: Backend) {
  let server: TestServer | undefined;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  try {
    server = await startTestServer(
      backend,
      { RATE_LIMITS: 'off', ADMIN_EMAIL: staff.email, ADMIN_PASSWORD: staff.password },
      defaultWebRoot,
    );
    const base = `http://127.0.0.1:${server.port}`;
    const db = server.deps.db;
    let started = performance.now();
    // As an operator loads history: the booking rules' triggers (which refuse past dates) are skipped.
    await db.transaction((tx) => tx.exec(`set local session_replication_role = replica; ${seedSql(rowsToSeed)}`), {
      timeoutMs: 0,
    });
    if (backend === 'postgres') await db.query('analyze public.reservations');
    const seedMs = performance.now() - started;
    const count = async (where: string) =>
      Number(
        (await db.query<{ n: string }>(`select count(*)::text as n from public.reservations where ${where}`)).rows[0]
          ?.n,
      );

    const context = await browser.newContext({
      locale: 'en-US',
      timezoneId: 'Asia/Ho_Chi_Minh',
      viewport: { width: 1440, height: 900 },
    });
    const login = await context.newPage();
    await login.goto(`${base}/admin/login`);
    await login.getByLabel('Email').fill(staff.email);
    await login.getByLabel('Password').fill(staff.password);
    started = performance.now();
    await login.getByRole('button', { name: 'Sign In' }).click();
    await login.getByRole('rowheader').nth(49).waitFor({ timeout: 60_000 });
    const signInToRowsMs = performance.now() - started;
    await login.close();

    const scenarios: Scenario[] = [
      {
        name: 'Open the dashboard: first page of 50, newest first, exact count',
        path: '/admin/dashboard',
        where: 'true',
      },
      {
        name: 'Open a shared link to the last page (offset 99,950)',
        path: `/admin/dashboard?page=${Math.ceil(rowsToSeed / 50)}`,
        where: 'true',
      },
      { name: 'Filter: branch Sa Pa (index on branch)', act: setControl('Branch', 'Sa Pa'), where: `branch = 'Sa Pa'` },
      { name: 'Filter: date (index on date)', act: setControl('Date', '2025-06-15'), where: `date = '2025-06-15'` },
      {
        name: 'Filter: arrived = not arrived (200 rows)',
        act: setControl('Arrived status', 'no'),
        where: 'not arrived',
      },
      {
        name: 'Search "mehta" in name, mobile or email (300 ms debounce included)',
        act: setControl('Search', 'mehta'),
        where: `name ilike '%mehta%' or mobile ilike '%mehta%' or email ilike '%mehta%'`,
      },
      {
        name: 'Search one guest by email "guest4242@" (300 ms debounce included)',
        act: setControl('Search', 'guest4242@'),
        where: `name ilike '%guest4242@%' or mobile ilike '%guest4242@%' or email ilike '%guest4242@%'`,
      },
    ];

    const distinctBranches = Number(
      (await db.query<{ n: string }>('select count(distinct branch)::text as n from public.reservations')).rows[0]?.n,
    );
    const walks: { reads: number; bytes: number; ms: number }[] = [];
    const results: { name: string; matches: number; samples: Sample[] }[] = [];
    for (const scenario of scenarios) {
      const matches = await count(scenario.where);
      const lastPageRows = matches % 50 || 50;
      const pageRows = scenario.path?.includes('page=') ? lastPageRows : Math.min(50, matches);
      const samples: Sample[] = [];
      for (let run = 0; run < runs; run += 1) {
        const page = await context.newPage();
        const traffic = recordRest(page);
        await page.goto(`${base}${scenario.path ?? '/admin/dashboard'}`);
        let from = 0;
        if (scenario.act) {
          await rowsShown(page, await count('true'), 50);
          // The host filters a page that has settled: the branch list is complete.
          await branchWalk(page, traffic, distinctBranches);
          traffic.length = 0;
          from = await scenario.act(page);
        }
        const shown = await rowsShown(page, matches, pageRows);
        await until(() => traffic.some((t) => t.kind === 'list'), 'the list response');
        const list = traffic.filter((t) => t.kind === 'list');
        samples.push({
          ms: shown - from,
          listBytes: list.reduce((sum, t) => sum + t.bytes, 0),
          listRequests: list.length,
        });
        if (!scenario.act && !scenario.path?.includes('page='))
          walks.push(await branchWalk(page, traffic, distinctBranches));
        await page.close();
      }
      results.push({ name: scenario.name, matches, samples });
      console.log(`${backend}: ${scenario.name}: ${median(samples.map((s) => s.ms)).toFixed(0)} ms`);
    }
    await context.close();
    return { backend, seedMs, signInToRowsMs, results, walks, distinctBranches };
  } finally {
    await browser.close();
    await server?.close();
  }
}

const postgres = await provideTestPostgres();
const report: string[] = [
  '# Dashboard at 100,000 reservations',
  '',
  `Run by \`node bench/run.ts dashboard\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} CPU cores (shared), Node ${process.version}, Chromium from /usr/bin/chromium (headless, 1440×900), server in the same process on 127.0.0.1, rate limits off, ${postgres.label}. ${rowsToSeed.toLocaleString('en')} reservations seeded with one \`insert … select generate_series\`; median of ${runs} runs each.`,
  '',
  'Times are measured in the page with `performance.now()`: for "open" from the start of navigation (HTML, scripts, session, REST) and for filters from the input event, until the heading shows the exact count and the page of rows is on screen. List bytes are the size on the wire (headers + body, as Playwright reports it) of the one REST response that carries the page of rows and, in its Content-Range, the exact count; filters are timed on a settled page (the branch list already loaded). The whole table is never downloaded: every result is one page of at most 50 rows.',
  '',
];
try {
  for (const backend of ['pglite', 'postgres'] as const) {
    const result = await measure(backend);
    report.push(
      `## ${backend === 'pglite' ? 'Embedded database (PGlite)' : 'PostgreSQL'}`,
      '',
      `Seeding ${rowsToSeed.toLocaleString('en')} rows: ${(result.seedMs / 1000).toFixed(1)} s. Sign in (UI) to the first 50 rows on screen: ${result.signInToRowsMs.toFixed(0)} ms.`,
      '',
      '| Scenario | Matches (= count shown) | Time to rows on screen, median (min–max) | List requests | List response bytes |',
      '|---|---:|---:|---:|---:|',
      ...result.results.map(({ name, matches, samples }) => {
        const ms = samples.map((s) => s.ms);
        return `| ${name} | ${matches.toLocaleString('en')} | ${median(ms).toFixed(0)} ms (${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)}) | ${median(samples.map((s) => s.listRequests))} | ${(median(samples.map((s) => s.listBytes)) / 1024).toFixed(1)} KiB |`;
      }),
      '',
      `Branch list on open (${result.distinctBranches} distinct branches, walked one indexed read at a time, alongside the first page): ${median(result.walks.map((w) => w.reads))} reads, ${(median(result.walks.map((w) => w.bytes)) / 1024).toFixed(1)} KiB, ${median(result.walks.map((w) => w.ms)).toFixed(0)} ms from the first read to the last.`,
      '',
    );
  }
} finally {
  await postgres.stop();
}
const out = join(import.meta.dirname, 'results', 'dashboard.md');
writeFileSync(out, `${report.join('\n')}\n`);
console.log(`wrote ${out}`);
