/**
 * Screenshots of every screen at 375, 768 and 1440 px, in headless Chromium against the built app
 * served by the real server: `npm run build && node scripts/screenshots.ts [outDir]` (default
 * docs/screenshots). docs/guide/screenshots.md shows them. The staff screens are taken signed in through the
 * login form, with a handful of reservations booked first as guests book them, and Sa Pa given
 * settings of its own (lunch and dinner on Mondays, a capacity, closed for Tết); the account
 * screen is taken while an authenticator app is being set up. The account is an owner
 * (ADMIN_ROLE), so the team screen is taken too, with a few accounts added through it.
 * `--only team` takes the staff screens' team picture alone.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';
import { startTestServer } from '../tests/e2e/support/server.ts';

const onlyTeam = process.argv.includes('--only') && process.argv.includes('team');
const outDir =
  process.argv.slice(2).find((arg) => !arg.startsWith('--') && arg !== 'team') ??
  join(import.meta.dirname, '..', 'docs', 'screenshots');
const widths = [375, 768, 1440] as const;
/** The menu runs to 50+ dishes: its picture stops after the first categories. */
const publicPages = [
  { name: 'home', path: '/', maxHeight: Number.POSITIVE_INFINITY },
  { name: 'menu', path: '/menu', maxHeight: 2600 },
  { name: 'reservation', path: '/reservation', maxHeight: Number.POSITIVE_INFINITY },
  { name: 'branch-sa-pa', path: '/branches/sa-pa', maxHeight: Number.POSITIVE_INFINITY },
  { name: 'not-found', path: '/no-such-page', maxHeight: Number.POSITIVE_INFINITY },
  { name: 'home-vi', path: '/vi', maxHeight: Number.POSITIVE_INFINITY },
  { name: 'menu-vi', path: '/vi/menu', maxHeight: 2600 },
] as const;
const staff = { email: 'manager@saffronlotus.example', password: 'screenshots-only-passphrase' };

/** yyyy-MM-dd in the restaurant's time zone, `days` from today. */
function restaurantDate(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(date);
}

/** Bookings as guests would make them on the home form and the /reservation page, in the order the
 * dashboard lists them (newest booking first). */
const reservations = [
  ['Nguyễn Thu Hà', '+84 912 345 678', 'thuha.nguyen@gmail.com', 0, 4, 'Hanoi (main branch)', '07:00', 'PM', null],
  [
    'Rahul Mehta',
    '+84 903 221 907',
    'rahul.mehta@outlook.com',
    0,
    2,
    'Hanoi (main branch)',
    '12:30',
    'PM',
    'Window table if possible',
  ],
  [
    'Sophie Martin',
    '+33 6 12 34 56 78',
    'sophie.martin@orange.fr',
    1,
    6,
    'Da Nang',
    '08:00',
    'PM',
    'Birthday: a candle on the dessert, please',
  ],
  ['Trần Minh Quân', '0987 654 321', 'quan.tran@yahoo.com', 1, 3, 'Sa Pa', '11:30', 'AM', null],
  [
    'Emma Wilson',
    '+44 7700 900123',
    'emma.wilson@example.co.uk',
    2,
    2,
    'Ninh Binh',
    '06:30',
    'PM',
    'Vegetarian, no onion or garlic',
  ],
  [
    'Lê Văn Nam',
    '0934 112 233',
    'nam.le@fpt.vn',
    3,
    8,
    'Hanoi (main branch)',
    '07:30',
    'PM',
    'Company dinner; one high chair',
  ],
  ['Kenji Watanabe', '+81 90 1234 5678', 'k.watanabe@docomo.ne.jp', 4, 2, 'Downtown', '19:00', 'Dinner', null],
  ['Phạm Thị Lan', '0905 778 899', 'lan.pham@gmail.com', 5, 5, 'Da Nang', '01:00', 'PM', null],
] as const;

/** Books the reservations and flags some as staff; gives back the staff access token. */
async function seedReservations(url: string): Promise<string> {
  const { supabaseAnonKey } = (await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string };
  const auth = { apikey: supabaseAnonKey, Authorization: `Bearer ${supabaseAnonKey}` };
  const rows = reservations.map(([name, mobile, email, inDays, guests, branch, time, period, notes]) => ({
    name,
    mobile,
    email,
    // From tomorrow: the database refuses a time of today that has passed.
    date: restaurantDate(inDays + 1),
    guests,
    branch,
    time,
    period,
    notes,
  }));
  // One request per booking, as guests book (one table each); the dashboard lists the last first.
  for (const row of rows.reverse()) {
    const insert = await fetch(`${url}/rest/v1/reservations`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(row),
    });
    if (insert.status !== 201) throw new Error(`seeding failed: ${insert.status} ${await insert.text()}`);
  }
  // The earliest guests have arrived and a table is allocated to the next: set as staff (call 3).
  const signIn = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify(staff),
  });
  const { access_token } = (await signIn.json()) as { access_token: string };
  const flags = [
    ['Nguyễn Thu Hà', { arrived: true, allocated: true }],
    ['Rahul Mehta', { allocated: true }],
  ] as const;
  for (const [name, flag] of flags) {
    const update = await fetch(`${url}/rest/v1/reservations?name=eq.${encodeURIComponent(name)}`, {
      method: 'PATCH',
      headers: { ...auth, Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(flag),
    });
    if (update.status !== 204) throw new Error(`flagging failed: ${update.status} ${await update.text()}`);
  }
  return access_token;
}

/** Sa Pa's settings as its manager might set them, saved as the settings screen saves them. */
async function configureSaPa(url: string, accessToken: string): Promise<void> {
  const { supabaseAnonKey } = (await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string };
  const hours = [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) =>
    weekday === 1
      ? [
          { weekday, opens: '11:00', closes: '14:30' },
          { weekday, opens: '17:00', closes: '22:30' },
        ]
      : [{ weekday, opens: '10:30', closes: '23:00' }],
  );
  const settings = {
    time_zone: 'Asia/Ho_Chi_Minh',
    covers_per_slot: 40,
    max_party: 12,
    booking_window_days: 90,
    hours,
    closed_dates: [
      { date: '2027-02-06', reason: 'Tết: New Year’s Eve' },
      { date: '2027-02-07', reason: 'Tết' },
    ],
  };
  const save = await fetch(`${url}/rest/v1/rpc/save_branch_settings`, {
    method: 'POST',
    headers: { apikey: supabaseAnonKey, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ p_branch: 'Sa Pa', p_settings: settings }),
  });
  if (save.status !== 204) throw new Error(`saving settings failed: ${save.status} ${await save.text()}`);
}

async function capture(page: Page, name: string, width: number, maxHeight = Number.POSITIVE_INFINITY) {
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

/** A few accounts, added as the owner adds them on the team screen (the team endpoint). */
async function seedTeam(url: string): Promise<void> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string };
  const apikey = config.supabaseAnonKey;
  const signIn = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey, authorization: `Bearer ${apikey}`, 'content-type': 'application/json' },
    body: JSON.stringify(staff),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const accounts = [
    { email: 'linh.pham@saffronlotus.example', role: 'host', branches: ['Sa Pa'] },
    { email: 'arjun.nair@saffronlotus.example', role: 'host', branches: ['Hanoi (main branch)', 'Ninh Binh'] },
    { email: 'mai.vo@saffronlotus.example', role: 'staff', branches: [] },
  ];
  for (const account of accounts) {
    const response = await fetch(`${url}/functions/v1/team`, {
      method: 'POST',
      headers: { apikey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'create', ...account }),
    });
    if (response.status !== 201) throw new Error(`Could not add ${account.email}: ${response.status}`);
  }
}

mkdirSync(outDir, { recursive: true });
const server = await startTestServer({ ADMIN_EMAIL: staff.email, ADMIN_PASSWORD: staff.password, ADMIN_ROLE: 'owner' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
try {
  await configureSaPa(server.url, await seedReservations(server.url));
  await seedTeam(server.url);
  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 812 : 900 },
      reducedMotion: 'reduce',
      locale: 'en-US',
    });
    const page = await context.newPage();
    for (const { name, path, maxHeight } of onlyTeam ? [] : publicPages) {
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      if (path.endsWith('menu')) await page.getByRole('heading', { level: 2 }).first().waitFor();
      await capture(page, name, width, maxHeight);
    }

    await page.goto(`${server.url}/admin/login`, { waitUntil: 'networkidle' });
    if (!onlyTeam) await capture(page, 'admin-login', width);
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/dashboard');
    // A fresh load keeps the sign-in toast out of the picture; the session survives it.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('rowheader', { name: reservations[0][0] }).waitFor();
    if (!onlyTeam) {
      await capture(page, 'admin-dashboard', width);

      // A booking's drawer with a history: marked arrived and given a table (once, at the first width).
      const guest = reservations[2][0];
      for (const flag of ['Arrived', 'Allocated']) {
        const box = page.getByRole('checkbox', { name: `${flag}: ${guest}` });
        if (!(await box.isChecked())) {
          await box.click();
          await page.getByText(`Updated ${flag.toLowerCase()} status`).waitFor();
        }
      }
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByRole('button', { name: `Details: ${guest}` }).click();
      await page.getByRole('dialog').getByRole('listitem').nth(2).waitFor();
      await page.screenshot({ path: join(outDir, `admin-history-${width}.jpg`), type: 'jpeg', quality: 80 });
      await page.keyboard.press('Escape');

      await page.goto(`${server.url}/admin/print?date=${restaurantDate(1)}&branch=Hanoi+%28main+branch%29`, {
        waitUntil: 'networkidle',
      });
      await page.getByRole('article').getByRole('rowheader').first().waitFor();
      await capture(page, 'admin-print', width);
      await page.goto(`${server.url}/admin/settings?branch=Sa+Pa`, { waitUntil: 'networkidle' });
      await page.getByRole('group', { name: 'Monday' }).waitFor();
      await capture(page, 'admin-settings', width);
      // The account screen halfway through enrolling an authenticator app (QR code and setup key);
      // cancelled afterwards, so the account keeps signing in with its password alone.
      await page.goto(`${server.url}/admin/account`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      await page.getByRole('img', { name: /^QR code/ }).waitFor();
      await capture(page, 'admin-account', width);
      await page.getByRole('button', { name: 'Cancel' }).click();
    }
    await page.goto(`${server.url}/admin/team`, { waitUntil: 'networkidle' });
    await page.getByRole('rowheader', { name: 'linh.pham@saffronlotus.example' }).waitFor();
    await capture(page, 'admin-team', width);
    await context.close();
  }
  console.log(`Screenshots written to ${outDir}`);
} finally {
  await browser.close();
  await server.stop();
}
