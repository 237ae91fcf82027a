/**
 * Staff sign-in and the reservations dashboard, against the real server (playwright.config.ts)
 * and its staff account. Each test seeds its own reservations through the public REST insert
 * (as a host taking phone bookings would) with a unique tag in the names, and narrows the table to
 * them with the search box, so tests running in parallel never see each other's rows.
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { e2eStaff } from '../../playwright.config.ts';
import { startTestServer, type TestServer } from './support/server.ts';

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

interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  user: { email?: string };
}

interface Backend {
  url: string;
  anonKey: string;
  /** Where supabase-js keeps the session in local storage for this backend. */
  storageKey: string;
}

async function backendOf(api: APIRequestContext, url: string): Promise<Backend> {
  const config = (await (await api.get(`${url}/config.json`)).json()) as {
    supabaseUrl: string;
    supabaseAnonKey: string;
  };
  // supabase-js's default storage key: sb-<first label of the backend's host name>-auth-token.
  const storageKey = `sb-${new URL(config.supabaseUrl).hostname.split('.')[0]}-auth-token`;
  return { url, anonKey: config.supabaseAnonKey, storageKey };
}

async function passwordSession(
  api: APIRequestContext,
  backend: Backend,
  credentials: { email: string; password: string },
): Promise<StoredSession> {
  const response = await api.post(`${backend.url}/auth/v1/token?grant_type=password`, {
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}` },
    data: credentials,
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as StoredSession;
}

/**
 * Books reservations through REST (call 1), in order: the last one is the newest. With a staff
 * session, as a host taking phone bookings, several at once; without, as a guest, one only.
 */
async function seed(api: APIRequestContext, backend: Backend, rows: Seed[], session?: StoredSession): Promise<void> {
  const body = rows.map((row, index) => ({
    mobile: `09${String(index).padStart(8, '0')}`,
    email: `guest${index}@example.vn`,
    date: '2030-06-15',
    guests: 2,
    branch: 'Hanoi (main branch)',
    time: '19:00',
    period: 'PM',
    notes: null,
    ...row,
  }));
  // One request for all rows: guests' inserts are rate limited per address, and tests share one
  // address; staff are not limited. Rows of one insert share created_at; newest first then falls
  // back to the id.
  const response = await api.post(`${backend.url}/rest/v1/reservations`, {
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${session?.access_token ?? backend.anonKey}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Sets a flag as staff through REST (call 3), for rows the test then filters on. */
async function setFlag(
  api: APIRequestContext,
  backend: Backend,
  session: StoredSession,
  name: string,
  flag: 'arrived' | 'allocated',
) {
  const response = await api.patch(`${backend.url}/rest/v1/reservations?name=eq.${encodeURIComponent(name)}`, {
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${session.access_token}` },
    data: { [flag]: true },
  });
  expect(response.status(), await response.text()).toBe(204);
}

/** Opens the app signed in with a given session, as supabase-js would have stored it. */
async function signedIn(page: Page, backend: Backend, session: StoredSession, path = '/admin/dashboard') {
  await page.goto(`${backend.url}/admin/login`);
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: backend.storageKey,
    value: JSON.stringify(session),
  });
  await page.goto(`${backend.url}${path}`);
}

/** The reservations endpoint of /rest/v1, optionally only for one HTTP method or select list. */
const reservationsApi = (url: URL) => url.pathname.endsWith('/rest/v1/reservations');
/** A page of the list: from the table, or, while a search is typed, from the search function. */
const listRequest = (url: URL) =>
  (reservationsApi(url) || url.pathname.endsWith('/rest/v1/rpc/search_reservations')) &&
  url.searchParams.get('select')?.startsWith('id,') === true;

const tagged = () => `T${randomUUID().slice(0, 8)}`;
const rowNames = (page: Page) => page.getByRole('rowheader');
const heading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Reservations/ });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search' });
const flagBox = (page: Page, flag: 'Arrived' | 'Allocated', name: string) =>
  page.getByRole('checkbox', { name: `${flag}: ${name}` });

let api: APIRequestContext;
let backend: Backend;
let staff: StoredSession;

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext();
  backend = await backendOf(api, baseURL ?? '');
  // One password sign-in per worker: sign-in is rate limited per address, and tests that need a
  // signed-in page start from this stored session, as a reload would.
  staff = await passwordSession(api, backend, e2eStaff);
});

test.afterAll(async () => {
  await api.dispose();
});

test.describe('Admin Login', () => {
  test('the dashboard without a session redirects to the login page', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  });

  test('both fields are required and labelled', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("wrong credentials show the server's message and stay on the login page", async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(e2eStaff.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid login credentials')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('when the auth server gives no message, the generic failure is shown', async ({ page }) => {
    await page.route(
      (url) => url.pathname.endsWith('/auth/v1/token'),
      (route) => route.fulfill({ status: 503, body: '' }),
    );
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(e2eStaff.email);
    await page.getByLabel('Password').fill(e2eStaff.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('the right credentials sign in, and the session survives a reload', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(e2eStaff.email);
    await page.getByLabel('Password').fill(e2eStaff.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText(`Signed in as ${e2eStaff.email}`)).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(heading(page)).toHaveText(/^Reservations \(\d[\d,]*\)$/);
  });
});

test.describe('Admin Dashboard', () => {
  test('lists matching reservations newest first with every column, "-" for empty notes', async ({ page }) => {
    const tag = tagged();
    await seed(
      api,
      backend,
      [
        {
          name: `${tag} Older`,
          mobile: '+84 912 000 111',
          email: `older.${tag}@example.vn`,
          date: '2030-01-10',
          guests: 6,
          branch: 'Da Nang',
          time: '12:30',
          period: 'PM',
          notes: 'Birthday cake at 8',
        },
        { name: `${tag} Newer`, branch: 'Uptown', time: '18:00', period: 'Dinner', notes: null },
      ],
      staff,
    );
    await signedIn(page, backend, staff);
    await search(page).fill(tag);
    await expect(heading(page)).toHaveText('Reservations (2)');
    await expect(rowNames(page)).toHaveText([`${tag} Newer`, `${tag} Older`]);
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
    const older = page.getByRole('row', { name: new RegExp(`${tag} Older`) });
    await expect(older.getByRole('cell')).toHaveText([
      '+84 912 000 111',
      `older.${tag}@example.vn`,
      'Thu, Jan 10, 2030',
      '12:30 PM',
      '6',
      'Da Nang',
      'Birthday cake at 8',
      /Waiting/,
      /No table/,
    ]);
    const newer = page.getByRole('row', { name: new RegExp(`${tag} Newer`) });
    await expect(newer.getByRole('cell').nth(3)).toHaveText('18:00 Dinner');
    await expect(newer.getByRole('cell').nth(6)).toHaveText('-');
    await expect(flagBox(page, 'Arrived', `${tag} Newer`)).not.toBeChecked();
  });

  test('search matches name, mobile or email, including PostgREST and LIKE special characters', async ({ page }) => {
    const tag = tagged();
    const tricky = `${tag} O"Brien, (VIP) 100%_off.v2`;
    await seed(
      api,
      backend,
      [
        { name: `${tag} Anjali`, mobile: '+84 901 111 222', email: `anjali.${tag}@example.vn` },
        { name: `${tag} Binh`, mobile: '+84 987 654 321', email: `binh.${tag}@example.vn` },
        { name: tricky, email: `obrien.${tag}@example.vn` },
        { name: `${tag} 100X_offXv2` },
      ],
      staff,
    );
    await signedIn(page, backend, staff);
    await search(page).fill(`${tag} anj`);
    await expect(rowNames(page)).toHaveText([`${tag} Anjali`]);
    await search(page).fill(`binh.${tag}@`);
    await expect(rowNames(page)).toHaveText([`${tag} Binh`]);
    await expect(heading(page)).toHaveText('Reservations (1)');
    // Mobile: search is within the test's rows only by the mobile, which is unique enough here.
    await search(page).fill('987 654 321');
    await expect(rowNames(page).filter({ hasText: tag })).toHaveText([`${tag} Binh`]);
    // , ( ) . " are reserved in or=(…); % and _ are LIKE wildcards: all must match literally.
    await search(page).fill(`O"Brien, (VIP) 100%_off.v2`);
    await expect(rowNames(page)).toHaveText([tricky]);
    await expect(page).toHaveURL(/q=O%22Brien/);
  });

  test('search ignores case and Vietnamese diacritics, and keeps the other filters', async ({ page }) => {
    const tag = tagged();
    await seed(
      api,
      backend,
      [
        { name: `${tag} Nguyễn Thu Hà`, branch: 'Hanoi (main branch)' },
        { name: `${tag} Đặng Văn Phở`, branch: 'Sa Pa' },
        { name: `${tag} Nguyen Van An`, branch: 'Sa Pa' },
      ],
      staff,
    );
    await signedIn(page, backend, staff);
    await search(page).fill(`${tag} nguyen`);
    await expect(rowNames(page)).toHaveText([`${tag} Nguyen Van An`, `${tag} Nguyễn Thu Hà`]);
    await search(page).fill(`${tag} dang van pho`);
    await expect(rowNames(page)).toHaveText([`${tag} Đặng Văn Phở`]);
    await search(page).fill(`${tag} NGUYỄN`);
    await page.getByRole('combobox', { name: 'Branch' }).selectOption('Sa Pa');
    await expect(rowNames(page)).toHaveText([`${tag} Nguyen Van An`]);
    await expect(heading(page)).toHaveText('Reservations (1)');
  });

  test('each filter narrows the list, and Clear All Filters resets them all', async ({ page }) => {
    const tag = tagged();
    await seed(
      api,
      backend,
      [
        { name: `${tag} A`, branch: 'Hanoi (main branch)', date: '2030-02-01', guests: 2, time: '18:00' },
        { name: `${tag} B`, branch: 'Sa Pa', date: '2030-02-02', guests: 4, time: '19:30' },
        { name: `${tag} C`, branch: 'Downtown', date: '2030-02-01', guests: 4, time: '12:00', period: 'Lunch' },
        { name: `${tag} D`, branch: 'Sa Pa', date: '2030-02-03', guests: 10, time: '19:30' },
      ],
      staff,
    );
    await setFlag(api, backend, staff, `${tag} B`, 'arrived');
    await setFlag(api, backend, staff, `${tag} C`, 'arrived');
    await setFlag(api, backend, staff, `${tag} C`, 'allocated');
    await setFlag(api, backend, staff, `${tag} D`, 'allocated');
    await signedIn(page, backend, staff);
    await search(page).fill(tag);
    await expect(rowNames(page)).toHaveText([`${tag} D`, `${tag} C`, `${tag} B`, `${tag} A`]);

    const branch = page.getByRole('combobox', { name: 'Branch' });
    // The four branches first, then the others present in the data (Downtown from the /reservation page).
    const branchOptions = await branch.locator('option').allTextContents();
    expect(branchOptions.slice(0, 5)).toEqual(['All branches', 'Hanoi (main branch)', 'Ninh Binh', 'Sa Pa', 'Da Nang']);
    await expect(branch.locator('option', { hasText: 'Downtown' })).toHaveCount(1);

    const check = async (names: string[]) => {
      await expect(rowNames(page)).toHaveText(names.map((n) => `${tag} ${n}`));
      await expect(heading(page)).toHaveText(`Reservations (${names.length})`);
    };
    await branch.selectOption('Sa Pa');
    await check(['D', 'B']);
    await branch.selectOption('Downtown');
    await check(['C']);
    await branch.selectOption('');

    await page.getByLabel('Date', { exact: true }).fill('2030-02-01');
    await check(['C', 'A']);
    await page.getByLabel('Date', { exact: true }).fill('');

    await page.getByRole('combobox', { name: 'Guests' }).selectOption('4');
    await check(['C', 'B']);
    await page.getByRole('combobox', { name: 'Guests' }).selectOption('10');
    await check(['D']);
    await page.getByRole('combobox', { name: 'Guests' }).selectOption('');

    await page.getByLabel('Time', { exact: true }).fill('19:30');
    await check(['D', 'B']);
    await page.getByLabel('Time', { exact: true }).fill('');

    const arrived = page.getByRole('combobox', { name: 'Arrived status' });
    await arrived.selectOption('yes');
    await check(['C', 'B']);
    await arrived.selectOption('no');
    await check(['D', 'A']);

    const allocated = page.getByRole('combobox', { name: 'Allocated status' });
    await allocated.selectOption('yes');
    await check(['D']);
    await arrived.selectOption('');
    await check(['D', 'C']);
    await allocated.selectOption('no');
    await check(['B', 'A']);

    // Several at once, then Clear All Filters.
    await branch.selectOption('Sa Pa');
    await page.getByRole('combobox', { name: 'Guests' }).selectOption('4');
    await check(['B']);
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect(search(page)).toHaveValue('');
    await expect(branch).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Guests' })).toHaveValue('');
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Time', { exact: true })).toHaveValue('');
    await expect(arrived).toHaveValue('');
    await expect(allocated).toHaveValue('');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    // Unfiltered: every reservation of every test, this test's four among them.
    await expect(heading(page)).toHaveText(/^Reservations \(\d[\d,]*\)$/);
    expect(Number((await heading(page).textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(4);
    await expect(page.getByRole('button', { name: 'Clear All Filters' })).toBeDisabled();
  });

  test('filters live in the URL: a reload or a shared link keeps them', async ({ page, context }) => {
    const tag = tagged();
    await seed(
      api,
      backend,
      [
        { name: `${tag} Keep`, branch: 'Ninh Binh', guests: 3 },
        { name: `${tag} Drop`, branch: 'Ninh Binh', guests: 5 },
      ],
      staff,
    );
    await signedIn(page, backend, staff);
    await search(page).fill(tag);
    await page.getByRole('combobox', { name: 'Branch' }).selectOption('Ninh Binh');
    await page.getByRole('combobox', { name: 'Guests' }).selectOption('3');
    await expect(rowNames(page)).toHaveText([`${tag} Keep`]);
    await expect(page).toHaveURL(new RegExp(`q=${tag}&branch=Ninh\\+Binh&guests=3$`));

    await page.reload();
    await expect(search(page)).toHaveValue(tag);
    await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveValue('Ninh Binh');
    await expect(page.getByRole('combobox', { name: 'Guests' })).toHaveValue('3');
    await expect(rowNames(page)).toHaveText([`${tag} Keep`]);

    // The same link opened in another tab of the signed-in browser.
    const other = await context.newPage();
    await other.goto(page.url());
    await expect(rowNames(other)).toHaveText([`${tag} Keep`]);
  });

  test('two filter changes made at once both hold: the second never undoes the first', async ({ page }) => {
    const tag = tagged();
    await seed(
      api,
      backend,
      [
        { name: `${tag} Keep`, branch: 'Ninh Binh', guests: 3 },
        { name: `${tag} Other branch`, branch: 'Sa Pa', guests: 3 },
      ],
      staff,
    );
    await signedIn(page, backend, staff);
    await search(page).fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}$`));
    // Both selects change in one task, before React can render the first change: as a host's two
    // quick picks do on a busy tablet. Each must apply to the filters the other left.
    await page.evaluate(() => {
      const pick = (label: string, value: string) => {
        const select = [...document.querySelectorAll('select')].find(
          (element) => element.labels?.[0]?.textContent?.trim() === label,
        );
        if (!select) throw new Error(`no ${label} select`);
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      };
      pick('Branch', 'Ninh Binh');
      pick('Guests', '3');
    });
    await expect(page).toHaveURL(new RegExp(`q=${tag}&branch=Ninh\\+Binh&guests=3$`));
    await expect(rowNames(page)).toHaveText([`${tag} Keep`]);
  });

  test('results are paged 50 at a time with an exact count, and the page is kept in the URL', async ({ page }) => {
    const tag = tagged();
    await seed(
      api,
      backend,
      Array.from({ length: 53 }, (_, i) => ({ name: `${tag} #${String(i + 1).padStart(2, '0')}` })),
      staff,
    );
    await signedIn(page, backend, staff);
    await search(page).fill(tag);
    await expect(heading(page)).toHaveText('Reservations (53)');
    await expect(rowNames(page)).toHaveCount(50);
    await expect(rowNames(page).first()).toHaveText(`${tag} #53`);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(rowNames(page)).toHaveText([`${tag} #03`, `${tag} #02`, `${tag} #01`]);
    // Still 53 matches on page 2 of 2: Next has nowhere to go.
    await expect(heading(page)).toHaveText('Reservations (53)');
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(page).toHaveURL(/page=2/);
    await page.reload();
    await expect(rowNames(page)).toHaveText([`${tag} #03`, `${tag} #02`, `${tag} #01`]);
    // A filter change starts again at page 1.
    await search(page).fill(`${tag} #1`);
    await expect(page.getByText('Page 1 of 1')).toBeVisible();
    await expect(page).not.toHaveURL(/page=/);
  });

  test('toggling arrived and allocated saves at once and survives a reload', async ({ page }) => {
    const tag = tagged();
    const name = `${tag} Toggle`;
    await seed(api, backend, [{ name }, { name: `${tag} Untouched` }], staff);
    await signedIn(page, backend, staff);
    await search(page).fill(tag);
    await flagBox(page, 'Arrived', name).click();
    await expect(flagBox(page, 'Arrived', name)).toBeChecked();
    await expect(page.getByText('Updated arrived status')).toBeVisible();
    // Toasts sit at the bottom right, clear of the filters and the first rows.
    const toast = await page.getByText('Updated arrived status').boundingBox();
    const viewport = page.viewportSize();
    expect(toast && viewport && toast.y > viewport.height / 2 && toast.x > viewport.width / 2).toBe(true);
    await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('Arrived', { exact: true })).toBeVisible();

    // Keyboard: Space on the focused box.
    await flagBox(page, 'Allocated', name).focus();
    await page.keyboard.press('Space');
    await expect(flagBox(page, 'Allocated', name)).toBeChecked();
    await expect(page.getByText('Updated allocated status')).toBeVisible();

    await page.reload();
    await expect(flagBox(page, 'Arrived', name)).toBeChecked();
    await expect(flagBox(page, 'Allocated', name)).toBeChecked();
    await expect(flagBox(page, 'Arrived', `${tag} Untouched`)).not.toBeChecked();
    await expect(flagBox(page, 'Allocated', `${tag} Untouched`)).not.toBeChecked();

    await flagBox(page, 'Arrived', name).click();
    await expect(page.getByText('Updated arrived status')).toBeVisible();
    await page.reload();
    await expect(flagBox(page, 'Arrived', name)).not.toBeChecked();
    await expect(flagBox(page, 'Allocated', name)).toBeChecked();
  });

  test('a failed update says so and the box returns to its previous state', async ({ page }) => {
    const tag = tagged();
    const name = `${tag} Failing`;
    await seed(api, backend, [{ name }], staff);
    await signedIn(page, backend, staff);
    await search(page).fill(tag);
    await expect(rowNames(page)).toHaveText([name]);
    await page.route(reservationsApi, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'XX000', message: 'boom', details: null, hint: null }),
          })
        : route.continue(),
    );
    await flagBox(page, 'Arrived', name).click();
    await expect(page.getByText('Failed to update status.')).toBeVisible();
    await expect(flagBox(page, 'Arrived', name)).not.toBeChecked();
    await page.unroute(reservationsApi);
    await page.reload();
    await expect(flagBox(page, 'Arrived', name)).not.toBeChecked();
  });

  test('a failed load says "Failed to load reservations."', async ({ page }) => {
    await page.route(listRequest, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'XX000', message: 'boom', details: null, hint: null }),
          })
        : route.continue(),
    );
    await signedIn(page, backend, staff);
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load reservations.' })).toBeVisible();
    await expect(rowNames(page)).toHaveCount(0);
  });

  test('"Loading reservations..." shows while the first page loads, "No reservations found." when none match', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(listRequest, async (route) => {
      await held;
      await route.continue();
    });
    await signedIn(page, backend, staff, `/admin/dashboard?q=${tagged()}`);
    await expect(page.getByText('Loading reservations...')).toBeVisible();
    release();
    await expect(page.getByText('No reservations found.')).toBeVisible();
    await expect(heading(page)).toHaveText('Reservations (0)');
  });

  test('guest-supplied markup and formulas show as plain text', async ({ page }) => {
    const tag = tagged();
    const markup = '<img src=x onerror=alert(1)>';
    const formula = '=HYPERLINK("http://x")';
    await seed(
      api,
      backend,
      [
        { name: markup, email: `xss.${tag}@example.vn`, notes: formula },
        { name: formula, email: `formula.${tag}@example.vn`, notes: markup },
      ],
      staff,
    );
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signedIn(page, backend, staff);
    await search(page).fill(`.${tag}@`);
    await expect(rowNames(page)).toHaveText([formula, markup]);
    await expect(page.getByRole('cell', { name: formula, exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: markup, exact: true })).toBeVisible();
    await expect(page.locator('table img')).toHaveCount(0);
    await expect(page.locator('table a[href^="http://x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('a session whose refresh the server refuses returns to the login page', async ({ page }) => {
    const own = await passwordSession(api, backend, e2eStaff);
    const logout = await api.post(`${backend.url}/auth/v1/logout?scope=local`, {
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${own.access_token}` },
    });
    expect(logout.status()).toBe(204);
    // Expired, so supabase-js refreshes before use, and the server refuses the revoked token.
    await signedIn(page, backend, { ...own, expires_at: Math.floor(Date.now() / 1000) - 60 });
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), backend.storageKey)).toBeNull();
  });

  test('axe finds no violations on the login page and the dashboard', async ({ page }) => {
    const tag = tagged();
    await seed(api, backend, [{ name: `${tag} Axe`, notes: 'Window seat' }, { name: `${tag} Axe 2` }], staff);
    await setFlag(api, backend, staff, `${tag} Axe`, 'arrived');
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    const login = await new AxeBuilder({ page }).analyze();
    expect(login.violations).toEqual([]);

    await signedIn(page, backend, staff, `/admin/dashboard?q=${tag}`);
    await expect(rowNames(page)).toHaveCount(2);
    const dashboard = await new AxeBuilder({ page }).analyze();
    expect(dashboard.violations).toEqual([]);
  });
});

test.describe('a signed-in account that is not staff', () => {
  let server: TestServer;
  let other: Backend;
  let otherApi: APIRequestContext;

  test.beforeAll(async () => {
    server = await startTestServer({ AUTH_ENABLE_SIGNUP: 'true' });
    otherApi = await request.newContext();
    other = await backendOf(otherApi, server.url);
  });

  test.afterAll(async () => {
    await otherApi?.dispose();
    await server?.stop();
  });

  test('sees "Not authorised" and no reservations, and REST returns none to it', async ({ page }) => {
    await seed(otherApi, other, [{ name: 'Private Guest', email: 'private@example.vn' }]);
    const account = { email: `diner-${randomUUID().slice(0, 8)}@example.vn`, password: 'a-long-diner-password' };
    const signup = await otherApi.post(`${other.url}/auth/v1/signup`, {
      headers: { apikey: other.anonKey, Authorization: `Bearer ${other.anonKey}` },
      data: account,
    });
    expect(signup.status(), await signup.text()).toBe(200);

    await page.goto(`${other.url}/admin/login`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Not authorised' })).toBeVisible();
    await expect(page.getByText(`The account ${account.email} is signed in but is not a staff account`)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByText('Private Guest')).toHaveCount(0);

    const session = await passwordSession(otherApi, other, account);
    const rows = await otherApi.get(`${other.url}/rest/v1/reservations?select=*`, {
      headers: { apikey: other.anonKey, Authorization: `Bearer ${session.access_token}` },
    });
    expect(rows.status()).toBe(200);
    expect(await rows.json()).toEqual([]);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

// Logout signs out every session of the account (scope global, supabase-js's default), and since
// /rest/v1 ends a token with its session, these tests run on a server of their own: on the shared
// one they would sign out the sessions other tests are using.
test.describe('logging out', () => {
  let server: TestServer;
  let ownBackend: Backend;
  let ownApi: APIRequestContext;

  test.beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: e2eStaff.email, ADMIN_PASSWORD: e2eStaff.password });
    ownApi = await request.newContext();
    ownBackend = await backendOf(ownApi, server.url);
  });

  test.afterAll(async () => {
    await ownApi?.dispose();
    await server?.stop();
  });

  test('logout ends the session, and the dashboard is guarded afterwards', async ({ page }) => {
    const own = await passwordSession(ownApi, ownBackend, e2eStaff);
    await signedIn(page, ownBackend, own);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged out successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), ownBackend.storageKey)).toBeNull();
    await page.goto(`${ownBackend.url}/admin/dashboard`);
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('a session ended elsewhere (another tab logs out) returns this tab to the login page', async ({ context }) => {
    const own = await passwordSession(ownApi, ownBackend, e2eStaff);
    const first = await context.newPage();
    await signedIn(first, ownBackend, own);
    await expect(heading(first)).toBeVisible();
    const second = await context.newPage();
    await second.goto(`${ownBackend.url}/admin/dashboard`);
    await second.getByRole('button', { name: 'Logout' }).click();
    await expect(second).toHaveURL(/\/admin\/login$/);
    await expect(first).toHaveURL(/\/admin\/login$/);
    await expect(first.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  });
});
