/**
 * Screenshots of the floor in service and of the floor editor (issue 23) at 375, 768, 1024 and
 * 1440 px, in headless Chromium against the built app served by the real server:
 * `npm run build && node scripts/screenshots-floor.ts [outDir]` (default docs/screenshots).
 *
 * An owner saves Sa Pa's demo floor (docs/floors/sa-pa.json) with save_floor and books an
 * afternoon from the next half hour on, seating three parties. The database takes no booking in
 * the past, so the browsers' clock is set 100 minutes past the first booking: one party is over its
 * turn, one near its end, one well within it, a guest is late and two are due. Tokens live a day
 * on this throwaway server, so the clock ahead does not end the session.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';
import { floorSchema } from '../src/domain/floor.ts';
import { startTestServer } from '../tests/e2e/support/server.ts';

const root = join(import.meta.dirname, '..');
const outDir = process.argv[2] ?? join(root, 'docs', 'screenshots');
const owner = { email: 'floor.owner@saffronlotus.example', password: 'floor-screenshots-passphrase' };
const zone = 'Asia/Ho_Chi_Minh';

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

mkdirSync(outDir, { recursive: true });
const server = await startTestServer({
  ADMIN_EMAIL: owner.email,
  ADMIN_PASSWORD: owner.password,
  ADMIN_ROLE: 'owner',
  AUTH_JWT_EXPIRY: '86400',
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
try {
  const config = (await (await fetch(`${server.url}/config.json`)).json()) as {
    supabaseUrl: string;
    supabaseAnonKey: string;
  };
  const anon = config.supabaseAnonKey;
  const storageKey = `sb-${new URL(config.supabaseUrl).hostname.split('.')[0]}-auth-token`;
  const signIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anon, 'Content-Type': 'application/json' },
    body: JSON.stringify(owner),
  });
  const session = (await signIn.json()) as { access_token: string };
  const headers = { apikey: anon, Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json' };
  const call = async (path: string, init: RequestInit) => {
    const response = await fetch(`${server.url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  };

  const { areas, combinations } = floorSchema.parse(
    JSON.parse(readFileSync(join(root, 'docs', 'floors', 'sa-pa.json'), 'utf8')),
  );
  await call('/rest/v1/rpc/save_floor', {
    method: 'POST',
    body: JSON.stringify({ p_branch: 'Sa Pa', p_floor: { areas, combinations } }),
  });

  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const [hours = 0, minutes = 0] = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .split(':')
    .map(Number);
  // Sa Pa opens at 10:30; bookings on the half hour, from the next one.
  const first = Math.max(Math.ceil((hours * 60 + minutes + 1) / 30) * 30, 630);
  const bookings = [
    ['Nguyễn Thu Hà', 2, first, true],
    ['Trần Minh Quân', 4, first, true],
    ['Lê Hoàng Anh', 6, first + 30, true],
    ['Phạm Thị Lan', 2, first + 60, false],
    ['Đỗ Văn Nam', 4, first + 120, false],
    ['Vũ Ngọc Mai', 3, first + 120, false],
    ['Hoàng Gia Bảo', 2, first + 150, false],
  ] as const;
  for (const [name, guests, at, seated] of bookings) {
    const response = await call('/rest/v1/reservations', {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({
        name,
        mobile: '0912345678',
        email: 'guest@example.vn',
        date: today,
        guests,
        branch: 'Sa Pa',
        time: clock(at),
        period: 'Dinner',
        notes: null,
      }),
    });
    const [row] = (await response.json()) as { id: number }[];
    if (seated && row) {
      await call(`/rest/v1/reservations?id=eq.${row.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ status: 'seated' }),
      });
    }
  }

  const shownAt = Date.parse(`${today}T${clock(first + 100)}:00+07:00`);
  for (const width of [375, 768, 1024, 1440]) {
    const context = await browser.newContext({
      viewport: { width, height: width < 800 ? 1000 : 900 },
      timezoneId: zone,
      hasTouch: width <= 1024,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.clock.setFixedTime(shownAt);
    await page.goto(`${server.url}/admin/login`);
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: storageKey,
      value: JSON.stringify(session),
    });
    // In service, with table T2's actions open.
    await page.goto(`${server.url}/admin/floor?branch=Sa+Pa`);
    await page.getByRole('button', { name: /^Table T2,/ }).click();
    await page.waitForTimeout(400);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: join(outDir, `admin-floor-${width}.jpg`),
      type: 'jpeg',
      quality: 70,
      fullPage: true,
    });
    // The editor, with T3 chosen (its handles and panel showing).
    await page.goto(`${server.url}/admin/floor/edit?branch=Sa+Pa`);
    await page.getByRole('button', { name: /^Table T3,/ }).click();
    await page.waitForTimeout(300);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: join(outDir, `admin-floor-edit-${width}.jpg`),
      type: 'jpeg',
      quality: 70,
      fullPage: true,
    });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
