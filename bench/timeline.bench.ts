/**
 * The host's timeline at a busy branch: 60 tables in three areas and 300 bookings in one day, on
 * the embedded database, in Chromium with the CPU throttled 4× (a mid-range tablet). Measured:
 * (1) the first render — JavaScript run (Chrome's ScriptDuration) and wall time from the start of
 * navigation until every bar is on screen, app boot, session and REST reads included; (2) a change
 * by another host (a booking moved by SQL, as any writer) — from the Realtime frame reaching the
 * page's socket to the moved bar on screen (drawn from the message itself; the day is read again
 * over REST only afterwards). Median of 5 runs each; then one load under the sampling profiler. `node bench/run.ts timeline`.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';
import { floorSchema } from '../src/domain/floor.ts';
import { importFloor } from '../src/server/cli/floor.ts';
import { defaultWebRoot } from '../src/server/main.ts';
import { startTestServer } from '../tests/support/test-server.ts';
import { type ProfileSummary, profileLines, startProfile, stopProfile } from './support/profile.ts';

const runs = 5;
const throttle = 4;
const staff = { email: 'bench-host@saffronlotus.test', password: 'bench-password-long-enough' };
const branch = 'Sa Pa';
const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(
  new Date(Date.now() + 30 * 86_400_000),
);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const range = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;

const seats = [2, 2, 4, 4, 4, 6, 6, 8, 4, 2];
const floor = floorSchema.parse({
  areas: ['Ground floor', 'Upstairs', 'Terrace'].map((area, a) => ({
    name: area,
    tables: Array.from({ length: 20 }, (_, i) => ({
      name: `${area[0]}${i + 1}`,
      min_seats: 1,
      max_seats: seats[(i + a) % seats.length],
    })),
  })),
  combinations: [],
});

const server = await startTestServer(
  'pglite',
  { RATE_LIMITS: 'off', ADMIN_EMAIL: staff.email, ADMIN_PASSWORD: staff.password },
  defaultWebRoot,
);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
const report: string[] = [];
const loadAtStart = loadavg()[0] ?? 0;
try {
  const db = server.deps.db;
  await db.query('select public.save_branch_settings($1, $2::jsonb)', [
    branch,
    JSON.stringify({
      time_zone: 'Asia/Ho_Chi_Minh',
      hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '10:00', closes: '23:00' })),
      closed_dates: [],
    }),
  ]);
  await importFloor(db, branch, floor);
  // One booking at a time, as guests and hosts book: the database places each (a full slot is skipped).
  const slots = Array.from(
    { length: 24 },
    (_, i) => `${String(10 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
  );
  let placed = 0;
  for (let i = 0; placed < 300 && i < 900; i += 1) {
    try {
      await db.query(
        `insert into public.reservations (name, mobile, email, date, guests, branch, time, period, notes)
         values ($1, '0912345678', 'guest@example.vn', $2, $3, $4, $5, 'Dinner', null)`,
        [`Khách ${i} Nguyễn`, day, 1 + (i % 7), branch, slots[(i * 7) % slots.length]],
      );
      placed += 1;
    } catch (error) {
      if (!String(error).includes('no table')) throw error;
    }
  }
  const bars = Number(
    (
      await db.query<{ n: string }>(
        `select count(*)::text as n from public.reservation_tables h join public.reservations r on r.id = h.reservation_id
          where h.holds and r.date = $1 and r.branch = $2`,
        [day, branch],
      )
    ).rows[0]?.n,
  );
  console.log(`${placed} bookings placed, ${bars} bars`);

  const base = `http://127.0.0.1:${server.port}`;
  const context = await browser.newContext({
    locale: 'en-US',
    timezoneId: 'Asia/Ho_Chi_Minh',
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
  });
  // Marks each Realtime change as it reaches the page's socket.
  await context.addInitScript(() => {
    const marks: number[] = [];
    Object.assign(window, { __changes: marks });
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('message', (event) => {
          if (String(event.data).includes('postgres_changes')) marks.push(performance.now());
        });
      }
    };
  });
  const login = await context.newPage();
  await login.goto(`${base}/admin/login`);
  await login.getByLabel('Email').fill(staff.email);
  await login.getByLabel('Password').fill(staff.password);
  await login.getByRole('button', { name: 'Sign In' }).click();
  await login.waitForURL('**/admin/dashboard');
  await login.close();

  const first: { scriptMs: number; wallMs: number; drawMs: number }[] = [];
  const change: number[] = [];
  const { rows: movable } = await db.query<{ id: number }>(
    `select id from public.reservations where date = $1 and branch = $2 and time = '10:00' order by id limit $3`,
    [day, branch, runs],
  );
  for (let run = 0; run < runs; run += 1) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await cdp.send('Performance.enable');
    await page.goto(`${base}/admin/timeline?${new URLSearchParams({ branch, date: day })}`);
    const shown = await page.waitForFunction(
      (count) =>
        document.querySelectorAll('[data-row-table] [data-booking-id]').length === count ? performance.now() : false,
      bars,
      { polling: 'raf', timeout: 120_000 },
    );
    const wallMs = Number(await shown.jsonValue());
    const { metrics } = await cdp.send('Performance.getMetrics');
    const script = metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? 0;
    // The timeline's own share: from the last of its REST reads (floor and day) to the bars on screen.
    const dataAt = await page.evaluate(() =>
      Math.max(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) =>
            /\/rest\/v1\/(reservations|dining_tables|dining_areas|table_combinations)\?/.test(entry.name),
          )
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
      ),
    );
    first.push({ scriptMs: script * 1000, wallMs, drawMs: wallMs - dataAt });
    await page
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor();

    // Another host moves a 10:00 booking to 10:15: from the frame on the socket to the bar on screen.
    const id = movable[run]?.id;
    const before = await page.evaluate(() => (window as unknown as { __changes: number[] }).__changes.length);
    await db.query(`update public.reservations set time = '10:15' where id = $1`, [id]);
    const moved = await page.waitForFunction(
      (id) =>
        document.querySelector(`[data-row-table] [data-booking-id="${id}"]`)?.textContent?.includes('10:15 AM')
          ? performance.now()
          : false,
      id,
      { polling: 'raf', timeout: 30_000 },
    );
    const movedAt = Number(await moved.jsonValue());
    const arrived = await page.evaluate(
      (from) => (window as unknown as { __changes: number[] }).__changes[from] ?? Number.NaN,
      before,
    );
    change.push(movedAt - arrived);
    await page.close();
  }
  // One more load under the sampling profiler (not among the measured ones: profiling slows it).
  let profiled: ProfileSummary | undefined;
  {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await startProfile(cdp);
    await page.goto(`${base}/admin/timeline?${new URLSearchParams({ branch, date: day })}`);
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-row-table] [data-booking-id]').length === count,
      bars,
      { polling: 'raf', timeout: 120_000 },
    );
    profiled = await stopProfile(cdp);
    await page.close();
  }
  await context.close();

  report.push(
    '# Timeline: 60 tables, 300 bookings in a day',
    '',
    `Run by \`node bench/run.ts timeline\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} CPU cores shared with other work (load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end: on a quiet machine expect far less), Node ${process.version}, Chromium from /usr/bin/chromium (headless, 1024×768, touch), CPU throttled ${throttle}× through the DevTools protocol, server (PGlite) in the same process on 127.0.0.1. ${placed} bookings placed by the database one at a time on 60 tables in 3 areas (${bars} bars, a combination-free floor), 10:00–23:00 in 15-minute columns. Median of ${runs} runs (min–max).`,
    '',
    '| Measure | Median | Range |',
    '|---|---:|---:|',
    `| First render: JavaScript run (ScriptDuration), navigation to every bar on screen | ${median(first.map((f) => f.scriptMs)).toFixed(0)} ms | ${range(first.map((f) => f.scriptMs))} ms |`,
    `| First render: wall time, navigation to every bar on screen | ${median(first.map((f) => f.wallMs)).toFixed(0)} ms | ${range(first.map((f) => f.wallMs))} ms |`,
    `| First render of the timeline itself: its last REST response to every bar on screen (parse, layout, React render) | ${median(first.map((f) => f.drawMs)).toFixed(0)} ms | ${range(first.map((f) => f.drawMs))} ms |`,
    `| Another host's move: Realtime frame on the socket to the moved bar on screen (patched from the message, then rendered; the REST read that checks it comes after) | ${median(change).toFixed(0)} ms | ${range(change)} ms |`,
    '',
    'ScriptDuration counts all JavaScript of the page until the bars are drawn: the app shell, React, supabase-js, the session, the timeline chunk and its render. The wall time also includes the HTML, the chunks, the session check and the REST reads of the floor and the day.',
    '',
    "## Where the first render's JavaScript goes",
    '',
    'One more load, navigation to every bar on screen, under the CDP sampling profiler (same throttling):',
    '',
    ...(profiled ? profileLines(profiled) : []),
    '',
  );
} finally {
  await browser.close();
  await server.close();
}
const out = join(import.meta.dirname, 'results', 'timeline.md');
writeFileSync(out, `${report.join('\n')}\n`);
console.log(report.join('\n'));
