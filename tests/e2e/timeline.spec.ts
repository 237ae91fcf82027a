/**
 * The host's timeline (issue 23) in Chromium against the real server: a booking moved by a finger
 * on a tablet (1024×768, touch) and by mouse and keyboard on a laptop (1440), each move decided by
 * the database; a refused move snaps back with the database's message; a move at one desk and a
 * booking from the site appear at another without a reload; axe finds nothing; the page never
 * scrolls sideways at 768 px (the timeline scrolls in its own frame). Each test sets up a branch
 * of its own with its own floor, so tests running in parallel never meet.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, type Route, request, test } from '@playwright/test';
import { e2eStaff } from '../../playwright.config.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { type Backend, backendOf, type StaffSession, saveBranchSettings, signIn } from './support/backend.ts';

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

/** yyyy-MM-dd `days` from today in Vietnam. */
function vietnamDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

const day = vietnamDay(3);

/** A REST call as staff (the rows back), or as a guest with the publishable key (nothing back: guests read nothing). */
async function rest(path: string, data: unknown, token = staff.access_token): Promise<unknown> {
  const asGuest = token === backend.anonKey;
  const response = await api.post(`${backend.url}/rest/v1/${path}`, {
    headers: {
      apikey: backend.anonKey,
      Authorization: `Bearer ${token}`,
      ...(asGuest ? {} : { Prefer: 'return=representation' }),
    },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return asGuest || response.status() === 204 ? null : response.json();
}

interface Floor {
  branch: string;
  tables: Map<string, string>;
}

/**
 * A branch of the test's own in Vietnam's zone, open 17:00–23:00, with a floor: the main room's
 * T1 (2 seats), T2, T3 (4 each), T4 (6), and the terrace's P1 (4).
 */
async function branchWithFloor(): Promise<Floor> {
  const branch = `Timeline ${randomUUID().slice(0, 8)}`;
  await rest('branches', { name: branch, time_zone: 'Asia/Ho_Chi_Minh' });
  await saveBranchSettings(api, backend, staff, branch, {
    hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '17:00', closes: '23:00' })),
  });
  const areas = (await rest('dining_areas', [
    { branch, name: 'Main room', position: 0 },
    { branch, name: 'Terrace', position: 1 },
  ])) as { id: string; name: string }[];
  const area = (name: string) => areas.find((a) => a.name === name)?.id;
  const tables = (await rest('dining_tables', [
    { branch, area_id: area('Main room'), name: 'T1', min_seats: 1, max_seats: 2 },
    { branch, area_id: area('Main room'), name: 'T2', min_seats: 2, max_seats: 4 },
    { branch, area_id: area('Main room'), name: 'T3', min_seats: 2, max_seats: 4 },
    { branch, area_id: area('Main room'), name: 'T4', min_seats: 3, max_seats: 6 },
    { branch, area_id: area('Terrace'), name: 'P1', min_seats: 2, max_seats: 4 },
  ])) as { id: string; name: string }[];
  return { branch, tables: new Map(tables.map((table) => [table.name, table.id])) };
}

/**
 * A booking as a host takes it on the phone (or a guest on the site, with the publishable key);
 * the database places it on a table, and `table` then moves it where the test wants it.
 */
async function book(
  floor: Floor,
  name: string,
  guests: number,
  time: string,
  table?: string,
  token = staff.access_token,
): Promise<void> {
  const { branch } = floor;
  const rows = await rest(
    'reservations',
    {
      name,
      mobile: '0912345678',
      email: 'guest@example.vn',
      date: day,
      guests,
      branch,
      time,
      period: 'Dinner',
      notes: null,
    },
    token,
  );
  if (table === undefined) return;
  const [row] = rows as { id: number }[];
  await rest('rpc/assign_tables', { p_reservation_id: row?.id, p_table_ids: [floor.tables.get(table)] });
}

async function openTimeline(page: Page, { branch }: Floor, session = staff, language: 'en' | 'vi' = 'en') {
  await page.goto('/admin/login');
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: backend.storageKey,
    value: JSON.stringify(session),
  });
  const prefix = language === 'vi' ? '/vi' : '';
  await page.goto(`${prefix}/admin/timeline?${new URLSearchParams({ branch, date: day })}`);
  await expect(
    page.getByRole('heading', { level: 1, name: language === 'vi' ? 'Lịch bàn' : 'Timeline' }),
  ).toBeVisible();
  await expect(liveStatus(page)).toHaveText(language === 'vi' ? 'Trực tiếp' : 'Live');
}

const liveStatus = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /^(Live|Connecting…|Reconnecting…|Trực tiếp|Đang kết nối…|Đang kết nối lại…)$/ });
const bar = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}, (party of|nhóm)`) });
const row = (page: Page, table: string) => page.locator('[data-row-table]').filter({ hasText: `Table ${table},` });

/**
 * Holds back a page's reads of bookings over REST until released: whatever the page draws
 * meanwhile it drew without one (from a Realtime message). `held` counts the reads waiting.
 */
async function holdBookingReads(page: Page): Promise<{ held: () => number; release: () => Promise<void> }> {
  const waiting: Route[] = [];
  let holding = true;
  await page.route(/\/rest\/v1\/reservations\?/, (route) => {
    if (holding && route.request().method() === 'GET') waiting.push(route);
    else void route.continue();
  });
  return {
    held: () => waiting.length,
    release: async () => {
      holding = false;
      await Promise.all(waiting.splice(0).map((route) => route.continue()));
    },
  };
}

async function center(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A finger's drag, as the tablet sends it (touch events, which Chromium turns into pointer events). */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let i = 1; i <= 8; i += 1) {
    const x = from.x + ((to.x - from.x) * i) / 8;
    const y = from.y + ((to.y - from.y) * i) / 8;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.describe('on a tablet (1024×768, touch)', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test('a finger drags a booking to another table; a drag onto a taken table snaps back with the message', async ({
    page,
  }) => {
    const floor = await branchWithFloor();
    await book(floor, 'Nguyễn Thu Hà', 4, '19:00', 'T2');
    await book(floor, 'Trần Minh', 4, '19:00', 'T3');
    await openTimeline(page, floor);

    const ha = bar(page, 'Nguyễn Thu Hà');
    await expect(ha).toHaveAccessibleName('Nguyễn Thu Hà, party of 4, 7:00 PM, Table T2, booked');
    await expect(bar(page, 'Trần Minh')).toHaveAccessibleName(/Table T3, booked$/);
    // Covers and tables in use along the top: 8 guests on two tables from 7:00 PM (the 9th step from 5:00 PM).
    await expect(page.getByTestId('covers').locator('span').nth(8)).toHaveText('8');
    await expect(page.getByTestId('tables-in-use').locator('span').nth(8)).toHaveText('2');

    // Onto the terrace's P1, same time (the page scrolled to bring the frame into view).
    await row(page, 'P1').scrollIntoViewIfNeeded();
    const from = await center(ha);
    const to = { x: from.x, y: (await center(row(page, 'P1'))).y };
    await touchDrag(page, from, to);
    await expect(ha).toHaveAccessibleName('Nguyễn Thu Hà, party of 4, 7:00 PM, Table P1, booked');
    await expect(row(page, 'P1').getByRole('button')).toHaveCount(1);
    // A bar being saved takes no new drag (timeline.tsx): the next one waits until it has landed.
    await expect(page.locator('[data-saving]')).toHaveCount(0);

    // Onto T3, which Trần Minh holds then: the database says no, and the bar stays on P1.
    const again = await center(ha);
    await touchDrag(page, again, { x: again.x, y: (await center(row(page, 'T3'))).y });
    await expect(page.getByText('Not moved: T3 is already held by another booking at that time')).toBeVisible();
    await expect(ha).toHaveAccessibleName(/Table P1, booked$/);
    await expect(row(page, 'T3').getByRole('button')).toHaveCount(1);
    await expectNoAxeViolations(page);
  });

  test('the page never scrolls sideways at 768 or 375 px: the timeline scrolls in its own frame', async ({ page }) => {
    const floor = await branchWithFloor();
    await book(floor, 'Lê Văn An', 2, '22:00');
    await page.setViewportSize({ width: 768, height: 1024 });
    await openTimeline(page, floor);
    await expect(bar(page, 'Lê Văn An')).toBeAttached();
    const page768 = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(page768.scroll).toBeLessThanOrEqual(page768.client);
    const frame = page.getByRole('region', { name: /^Timeline of / });
    const sizes = await frame.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    await expectNoAxeViolations(page);
    // A phone in a pinch: still no sideways page.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
  });
});

test.describe('on a laptop (1440)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the mouse drags a booking later; the keyboard moves one a row down and opens “Move to…”', async ({ page }) => {
    const floor = await branchWithFloor();
    await book(floor, 'Phạm Lan', 2, '18:00', 'T1');
    await book(floor, 'Đỗ Quang', 6, '18:00', 'T4');
    await openTimeline(page, floor);

    // The mouse: one hour to the right (4 steps of 40 px).
    const lan = bar(page, 'Phạm Lan');
    await expect(lan).toHaveAccessibleName('Phạm Lan, party of 2, 6:00 PM, Table T1, booked');
    const from = await center(lan);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 80, from.y, { steps: 4 });
    await page.mouse.move(from.x + 160, from.y, { steps: 4 });
    await page.mouse.up();
    await expect(lan).toHaveAccessibleName('Phạm Lan, party of 2, 7:00 PM, Table T1, booked');
    await expect(page.locator('[data-saving]')).toHaveCount(0);

    // The keyboard: two steps right shows where it would go; Escape puts it back; one step and Enter moves it.
    const quang = bar(page, 'Đỗ Quang');
    await expect(quang).toHaveAccessibleName(/6:00 PM, Table T4, booked$/);
    await quang.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(
      page.getByText('Moving Đỗ Quang to Table T4, 6:30 PM. Press Enter to confirm, Escape to cancel.'),
    ).toBeAttached();
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(quang).toHaveAccessibleName(/6:15 PM, Table T4, booked$/);
    await expect(quang).toBeFocused();

    // A 6 does not fit the 4-top above: refused with the database's words, and the bar stays.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Not moved: T3 seats 2 to 4 guests; this party is 6')).toBeVisible();
    await expect(quang).toHaveAccessibleName(/Table T4, booked$/);

    // “Move to…”: Enter on a bar with no move under way opens it.
    await quang.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move Đỗ Quang' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Time').selectOption({ label: '8:30 PM' });
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(dialog).toBeHidden();
    await expect(quang).toHaveAccessibleName('Đỗ Quang, party of 6, 8:30 PM, Table T4, booked');
  });

  test('the branch and day live in the address bar: Today, Tomorrow, a picked date and another branch survive a reload', async ({
    page,
  }) => {
    const floor = await branchWithFloor();
    const other = await branchWithFloor();
    await book(floor, 'Đinh Gia Huy', 2, '19:00');
    await openTimeline(page, floor);
    await expect(bar(page, 'Đinh Gia Huy')).toBeVisible();
    const dayIn = () => new URL(page.url()).searchParams.get('date');

    await page.getByRole('button', { name: 'Tomorrow' }).click();
    await expect.poll(dayIn).toBe(vietnamDay(1));
    await expect(page.getByRole('button', { name: 'Tomorrow' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Today' }).click();
    await expect.poll(dayIn).toBe(vietnamDay(0));

    // A date from the calendar: the booking's day again, and it is back on screen.
    await page.getByRole('button', { name: 'Pick a date…' }).click();
    const calendar = page.getByRole('dialog', { name: 'Pick a date' });
    await expect(calendar).toBeVisible();
    await expectNoAxeViolations(page);
    const [year, month, date] = day.split('-').map(Number);
    const wanted = new Date(year ?? 0, (month ?? 1) - 1, date ?? 1);
    if (wanted.getMonth() !== new Date().getMonth())
      await calendar.getByRole('button', { name: /next month/i }).click();
    await calendar
      .getByRole('button', {
        name: new RegExp(wanted.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })),
      })
      .click();
    await expect.poll(dayIn).toBe(day);
    await expect(bar(page, 'Đinh Gia Huy')).toBeVisible();

    // Another branch: its own floor, the day kept; a reload opens the same view.
    await page.getByLabel('Branch').selectOption(other.branch);
    await expect.poll(() => new URL(page.url()).searchParams.get('branch')).toBe(other.branch);
    await expect.poll(dayIn).toBe(day);
    await expect(bar(page, 'Đinh Gia Huy')).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Branch')).toHaveValue(other.branch);
    await expect(
      page.getByText(
        new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1)).toLocaleDateString('en-US', {
          weekday: 'long',
          month: 'long',
          day: 'numeric',
          year: 'numeric',
          timeZone: 'UTC',
        }),
      ),
    ).toBeVisible();
  });

  test('a move at one desk and a booking from the site appear at another without a reload', async ({ browser }) => {
    const floor = await branchWithFloor();
    await book(floor, 'Vũ Hoa', 2, '20:00', 'T1');
    const second = await signIn(api, backend, e2eStaff);
    const desks = await Promise.all([browser.newContext(), browser.newContext()]);
    const [one, two] = await Promise.all(desks.map((context) => context.newPage()));
    if (!one || !two) throw new Error('no pages');
    await openTimeline(one, floor);
    // The second desk reads Vietnamese.
    await openTimeline(two, floor, second, 'vi');
    await expect(bar(two, 'Vũ Hoa')).toHaveAccessibleName('Vũ Hoa, nhóm 2 người, 20:00, Bàn T1, đã đặt');

    // The second desk draws each change from its Realtime message, before any read of the day:
    // its reads are held back until it shows the change; the background read comes after.
    const reads = await holdBookingReads(two);
    await bar(one, 'Vũ Hoa').focus();
    await one.keyboard.press('ArrowDown');
    await one.keyboard.press('Enter');
    await expect(bar(one, 'Vũ Hoa')).toHaveAccessibleName(/8:00 PM, Table T2, booked$/);
    await expect(bar(two, 'Vũ Hoa')).toHaveAccessibleName(/20:00, Bàn T2, đã đặt$/);
    await expect.poll(reads.held).toBeGreaterThan(0);

    // A guest books on the site: both desks show it on its table (its holds reach the second
    // desk before the booking does).
    await book(floor, 'Hoàng Yến', 2, '21:00', undefined, backend.anonKey);
    await expect(bar(two, 'Hoàng Yến')).toHaveAccessibleName(/21:00, Bàn T1, đã đặt$/);
    await expect(bar(one, 'Hoàng Yến')).toHaveAccessibleName(/9:00 PM, Table T1, booked$/);
    // The reads let through agree with what was drawn.
    await reads.release();
    await expect(bar(two, 'Vũ Hoa')).toHaveAccessibleName(/20:00, Bàn T2, đã đặt$/);
    await expect(bar(two, 'Hoàng Yến')).toHaveAccessibleName(/21:00, Bàn T1, đã đặt$/);
    await expectNoAxeViolations(two);
    await Promise.all(desks.map((context) => context.close()));
  });
});
