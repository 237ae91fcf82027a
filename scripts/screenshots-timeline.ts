/**
 * Screenshots of the host's timeline (issue 23) at 375, 768, 1024 and 1440 px, in headless
 * Chromium against the built app served by the real server:
 * `npm run build && node scripts/screenshots-timeline.ts [outDir]` (default docs/screenshots).
 *
 * Sa Pa gets its demo floor (docs/floors/sa-pa.json, written through REST as an owner's tools
 * would) and an evening of bookings. The database refuses bookings in the past, so to picture a
 * service under way whatever the hour the script runs, Sa Pa is put (in this throwaway server
 * only) in the whole-hour zone where it is now between 6 and 7 PM: walk-ins seated now, bookings to
 * come, two bookings made before the floor existed waiting in the tray.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';
import { floorSchema } from '../src/domain/floor.ts';
import { startTestServer } from '../tests/e2e/support/server.ts';

const root = join(import.meta.dirname, '..');
const outDir = process.argv[2] ?? join(root, 'docs', 'screenshots');
const widths = [375, 768, 1024, 1440] as const;
const staff = { email: 'manager@saffronlotus.example', password: 'screenshots-only-passphrase' };
const branch = 'Sa Pa';

/** Etc/GMT-N is N hours ahead of UTC (the sign is POSIX's); the zone where it is now 18:xx. */
const offset = ((18 - new Date().getUTCHours() + 36) % 24) - 12;
const timeZone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

mkdirSync(outDir, { recursive: true });
const server = await startTestServer({ ADMIN_EMAIL: staff.email, ADMIN_PASSWORD: staff.password });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
try {
  const { supabaseAnonKey } = (await (await fetch(`${server.url}/config.json`)).json()) as { supabaseAnonKey: string };
  const signIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: supabaseAnonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(staff),
  });
  const session = (await signIn.json()) as { access_token: string };
  const call = async (path: string, body: unknown): Promise<unknown> => {
    const response = await fetch(`${server.url}/rest/v1/${path}`, {
      method: 'POST',
      headers: {
        apikey: supabaseAnonKey,
        Authorization: `Bearer ${session.access_token}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  const book = (name: string, guests: number, time: string) =>
    call('reservations', {
      name,
      mobile: '+84 912 345 678',
      email: 'guest@example.vn',
      date: today,
      guests,
      branch,
      time,
      period: 'Dinner',
      notes: null,
    });

  await call('rpc/save_branch_settings', {
    p_branch: branch,
    p_settings: {
      time_zone: timeZone,
      covers_per_slot: null,
      max_party: null,
      booking_window_days: null,
      hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '17:00', closes: '23:00' })),
      closed_dates: [],
    },
  });
  // Booked before the floor was drawn: no table yet, so in the tray.
  await book('Sophie Martin', 6, '20:30');
  await book('Rahul Mehta', 2, '21:30');

  const floor = floorSchema.parse(JSON.parse(readFileSync(join(root, 'docs', 'floors', 'sa-pa.json'), 'utf8')));
  const areas = (await call(
    'dining_areas',
    floor.areas.map((area, position) => ({ branch, name: area.name, position })),
  )) as { id: string; name: string }[];
  const tables = (await call(
    'dining_tables',
    floor.areas.flatMap((area) =>
      area.tables.map((table) => ({ ...table, branch, area_id: areas.find((a) => a.name === area.name)?.id })),
    ),
  )) as { id: string; name: string }[];
  for (const combination of floor.combinations) {
    const [made] = (await call('table_combinations', {
      branch,
      name: combination.name,
      min_seats: combination.min_seats,
      max_seats: combination.max_seats,
      online: combination.online,
    })) as { id: string }[];
    await call(
      'table_combination_members',
      combination.tables.map((name) => ({
        combination_id: made?.id,
        table_id: tables.find((table) => table.name === name)?.id,
      })),
    );
  }

  // Walk-ins seated now, then the evening's bookings (the database picks each one's table).
  for (const [name, guests] of [
    ['Nguyễn Thu Hà', 4],
    ['Kenji Watanabe', 2],
    ['Lê Văn Nam', 6],
  ] as const) {
    await call('rpc/seat_walk_in', { p_branch: branch, p_guests: guests, p_name: name });
  }
  for (const [name, guests, time] of [
    ['Trần Minh Quân', 3, '19:30'],
    ['Emma Wilson', 2, '19:30'],
    ['Phạm Thị Lan', 5, '20:00'],
    ['Đặng Quốc Bảo', 2, '20:00'],
    ['Hoàng Yến', 4, '21:00'],
    ['Vũ Hải Đăng', 2, '20:30'],
    ['Bùi Ngọc Anh', 8, '20:30'],
    ['Olivia Brown', 2, '21:00'],
    ['Ngô Thanh Tùng', 4, '22:00'],
    ['Đỗ Mai Phương', 2, '21:30'],
    ['Lucas Müller', 3, '21:30'],
  ] as const) {
    // Sa Pa is small: a party no table can take then is left out, as the site would refuse it.
    await book(name, guests, time).catch((error: unknown) => {
      if (!String(error).includes('BK001')) throw error;
    });
  }

  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 812 : width === 1024 ? 768 : width === 768 ? 1024 : 900 },
      reducedMotion: 'reduce',
      locale: 'en-US',
      timezoneId: 'Asia/Ho_Chi_Minh',
      hasTouch: width <= 1024,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/login`);
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.goto(`${server.url}/admin/timeline?${new URLSearchParams({ branch })}`);
    await page
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor();
    await page.getByRole('button', { name: /^Bùi Ngọc Anh, party of/ }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({
      path: join(outDir, `admin-timeline-${width}.jpg`),
      type: 'jpeg',
      quality: 80,
      fullPage: true,
    });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
