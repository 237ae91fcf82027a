/**
 * The dashboard's tools (issue 16) in Chromium against the real server: a booking's drawer with
 * the history the database wrote, Export CSV of every matching row (more than one REST response
 * of 1,000), the printable day sheet, the Today and Upcoming chips, and the covers per branch.
 * Each test books its own rows with a unique tag (in names, or as a branch of its own) and narrows
 * the screen to them, so tests running in parallel never see each other's rows.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { e2eStaff } from '../../playwright.config.ts';
import { type Backend, backendOf, type StaffSession, signIn } from './support/backend.ts';

interface Seed {
  name: string;
  mobile?: string;
  email?: string;
  date?: string;
  guests?: number;
  branch?: string;
  time?: string;
  period?: string;
  notes?: string | null;
}

let api: APIRequestContext;
let backend: Backend;
let staff: StaffSession;

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext();
  backend = await backendOf(api, baseURL ?? '');
  staff = await signIn(api, backend, e2eStaff);
});

test.afterAll(async () => {
  await api.dispose();
});

const tagged = () => `T${randomUUID().slice(0, 8)}`;

/** yyyy-MM-dd `days` from today in Vietnam (the browser runs in Asia/Ho_Chi_Minh too). */
function vietnamDay(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/**
 * Books rows as a host taking phone bookings (staff are not rate limited), at Downtown by default:
 * a branch without booking rules, so any day and time is taken. Batches stay under the 64 KiB body limit.
 */
async function seed(rows: Seed[]): Promise<void> {
  const body = rows.map((row, index) => ({
    mobile: `09${String(index).padStart(8, '0')}`,
    email: `g${index}@example.vn`,
    date: vietnamDay(20),
    guests: 2,
    branch: 'Downtown',
    time: '19:00',
    period: 'Dinner',
    notes: null,
    ...row,
  }));
  for (let from = 0; from < body.length; from += 300) {
    const response = await api.post(`${backend.url}/rest/v1/reservations`, {
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${staff.access_token}` },
      data: body.slice(from, from + 300),
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/**
 * A branch of the test's own (staff add branches as they manage settings). The database refuses
 * the past at every branch in its own zone; in Pago Pago's (11 hours behind UTC, 18 behind
 * Vietnam) every hour of today in Vietnam is still ahead, so a test can book "today" at any time of
 * day. Nothing in the past can be booked, so no test seeds yesterday's rows.
 */
async function addBranch(name: string, timeZone = 'Pacific/Pago_Pago'): Promise<void> {
  const response = await api.post(`${backend.url}/rest/v1/branches`, {
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${staff.access_token}` },
    data: { name, time_zone: timeZone },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function signedIn(page: Page, path = '/admin/dashboard') {
  await page.goto('/admin/login');
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: backend.storageKey,
    value: JSON.stringify(staff),
  });
  await page.goto(path);
}

const heading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Reservations/ });
const rowNames = (page: Page) => page.getByRole('rowheader');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

test('a booking’s drawer shows its details and the history line of a flag just set', async ({ page }) => {
  const tag = tagged();
  const name = `${tag} Nguyễn Thu Hà`;
  await seed([{ name, notes: 'Window seat', guests: 5 }]);
  await signedIn(page);
  await search(page).fill(tag);
  await expect(rowNames(page)).toHaveText([name]);

  await page.getByRole('checkbox', { name: `Arrived: ${name}` }).click();
  await expect(page.getByText('Updated arrived status')).toBeVisible();

  const opener = page.getByRole('button', { name: `Details: ${name}` });
  await opener.click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Window seat')).toBeVisible();
  const history = drawer.getByRole('list');
  // Newest first: the arrival, then the booking, each with who and when (Vietnam's clock).
  await expect(history.getByRole('listitem')).toHaveText([
    new RegExp(`^Marked arrived by ${e2eStaff.email} at \\d{2}:\\d{2}$`),
    new RegExp(`^Booked by ${e2eStaff.email} at \\d{2}:\\d{2}$`),
  ]);

  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Closing returns focus to the name that opened it.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();
  // The drawer added a button, not a column: the register is as the spec shows it.
  await expect(page.getByRole('columnheader')).toHaveText([
    'Name',
    'Mobile',
    'Email',
    'Date',
    'Time',
    'Guests',
    'Branch',
    'Notes',
    'Arrived',
    'Allocated',
  ]);
});

test('Export CSV downloads every row of the filter across REST pages, with a BOM, Vietnamese intact and formulas neutralised', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = tagged();
  const rows: Seed[] = Array.from({ length: 1100 }, (_, i) => ({
    name: i === 0 ? `=cmd ${tag}` : `${tag} Trần Đức Ánh ${String(i).padStart(4, '0')}`,
  }));
  await seed(rows);
  const restReads: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    // The export's later reads go on below the last id read (the search reads through its RPC).
    if (url.pathname.includes('/rest/v1/') && url.searchParams.get('id')?.startsWith('lt.')) restReads.push(req.url());
  });
  await signedIn(page);
  await search(page).fill(tag);
  await expect(heading(page)).toHaveText('Reservations (1,100)');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`reservations-${vietnamDay()}.csv`);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  const lines = text.split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(1101);
  expect(lines[0]).toBe(
    '"Booked at","Name","Mobile","Email","Date","Time","Period","Guests","Branch","Notes","Arrived","Allocated"',
  );
  expect(lines.filter((line) => line.includes(`"${tag} Trần Đức Ánh `))).toHaveLength(1099);
  expect(text).toContain(`"'=cmd ${tag}"`);
  expect(text).not.toContain(`"=cmd`);
  // 1,100 rows in batches of 1,000: a second read below the first batch's last id, and the
  // (empty) third that ends it. The export paged by key.
  expect(restReads).toHaveLength(2);
  await expect(page.getByText('Exported 1,100 reservations.')).toBeVisible();
});

test('the day sheet lists one day at one branch in time order, and prints only the sheet on A4', async ({ page }) => {
  const tag = tagged();
  const branch = `Print ${tag}`;
  const day = vietnamDay(9);
  await addBranch(branch);
  await seed([
    { name: `${tag} Late`, branch, date: day, time: '21:00', guests: 2, notes: 'Cake at 22:00' },
    { name: `${tag} Lunch`, branch, date: day, time: '12:00', period: 'Lunch', guests: 4, mobile: '+84 912 000 111' },
    { name: `${tag} Evening`, branch, date: day, time: '07:00', period: 'PM', guests: 6 },
    { name: `${tag} Other day`, branch, date: vietnamDay(10) },
    { name: `${tag} Other branch`, date: day },
  ]);
  await signedIn(page, `/admin/print?${new URLSearchParams({ date: day, branch })}`);
  const sheet = page.getByRole('article');
  await expect(sheet.getByRole('heading', { level: 2 })).toContainText(branch);
  await expect(sheet.getByRole('rowheader')).toHaveText([`${tag} Lunch`, `${tag} Evening`, `${tag} Late`]);
  await expect(sheet.getByText('3 bookings, 12 covers')).toBeVisible();
  await expect(sheet.getByRole('columnheader')).toHaveText([
    'Time',
    'Party',
    'Name',
    'Phone',
    'Notes',
    'Arrived',
    'Table',
  ]);
  const lunch = sheet.getByRole('row', { name: new RegExp(`${tag} Lunch`) });
  await expect(lunch.getByRole('cell')).toHaveText(['12:00 Lunch', '4', '+84 912 000 111', '', 'Waiting', 'No table']);

  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  const pageSize = await page.evaluate(() =>
    [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSPageRule => rule instanceof CSSPageRule)
      .map((rule) => rule.style.getPropertyValue('size')),
  );
  // Chromium keeps `size: A4 portrait` as "a4" (portrait is the default).
  expect(pageSize.map((size) => size.toLowerCase())).toContainEqual(expect.stringMatching(/^a4( portrait)?$/));
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Staff screens' })).toBeHidden();
  await expect(sheet.getByRole('rowheader')).toHaveCount(3);
});

test('the dashboard links to the day sheet of the day and branch in view', async ({ page }) => {
  await signedIn(page, `/admin/dashboard?branch=Sa+Pa&date=${vietnamDay(3)}`);
  await page.getByRole('link', { name: 'Print day sheet' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/print\\?date=${vietnamDay(3)}&branch=Sa\\+Pa$`));
  await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveValue('Sa Pa');
});

// A device far from Vietnam (Honolulu, 17 hours behind): for most of the day its calendar shows
// another date than the restaurant's, and the chips must follow the restaurant's.
test.describe('on a device in another time zone', () => {
  test.use({ timezoneId: 'Pacific/Honolulu' });

  test('the Today and Upcoming chips filter by the restaurant’s day and turn off when tapped again', async ({
    page,
  }) => {
    const tag = tagged();
    const branch = `Chips ${tag}`;
    await addBranch(branch);
    await seed([
      { name: `${tag} Today`, branch, date: vietnamDay(0) },
      { name: `${tag} Tomorrow`, branch, date: vietnamDay(1) },
      { name: `${tag} Later`, branch, date: vietnamDay(3) },
    ]);
    await signedIn(page);
    await search(page).fill(tag);
    await expect(heading(page)).toHaveText('Reservations (3)');

    const today = page.getByRole('button', { name: 'Today', exact: true });
    const upcoming = page.getByRole('button', { name: 'Upcoming' });
    await expect(today).toHaveAttribute('aria-pressed', 'false');
    await today.click();
    await expect(today).toHaveAttribute('aria-pressed', 'true');
    await expect(rowNames(page)).toHaveText([`${tag} Today`]);
    await expect(page).toHaveURL(new RegExp(`date=${vietnamDay(0)}`));
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(vietnamDay(0));

    await upcoming.click();
    await expect(upcoming).toHaveAttribute('aria-pressed', 'true');
    await expect(today).toHaveAttribute('aria-pressed', 'false');
    await expect(rowNames(page)).toHaveText([`${tag} Later`, `${tag} Tomorrow`, `${tag} Today`]);

    await upcoming.click();
    await expect(upcoming).toHaveAttribute('aria-pressed', 'false');
    await expect(heading(page)).toHaveText('Reservations (3)');
  });
});

test('covers per branch today and over the next 7 days, and the 30-day chart’s table', async ({ page }) => {
  const tag = tagged();
  const branch = `Numbers ${tag}`;
  await addBranch(branch);
  await seed([
    { name: `${tag} A`, branch, date: vietnamDay(0), guests: 7 },
    { name: `${tag} B`, branch, date: vietnamDay(2), guests: 5 },
    { name: `${tag} C`, branch, date: vietnamDay(7), guests: 3 },
    { name: `${tag} D`, branch, date: vietnamDay(8), guests: 9 },
  ]);
  await signedIn(page);
  const numbers = page.getByRole('region', { name: 'Covers' });
  const list = numbers.getByRole('list', { name: 'Covers booked today and over the next 7 days, per branch' });
  await expect(list.getByRole('listitem').filter({ hasText: branch })).toHaveText(`${branch}7 today8 next 7 days`);

  const chartTable = numbers.getByRole('table', { name: 'Covers per day over the last 30 days' });
  await numbers.getByText('Show as a table').click();
  await expect(chartTable.getByRole('rowheader')).toHaveCount(30);
  await expect(numbers.getByRole('img', { name: /Bar chart of covers per day/ })).toBeVisible();
  expect(
    (
      await new AxeBuilder({ page })
        .include('#numbers-title')
        .include('section[aria-labelledby="numbers-title"]')
        .analyze()
    ).violations,
  ).toEqual([]);
});
