/**
 * The branch settings screen (/admin/settings) against the suite's shared server and its staff
 * account. Each test edits a branch of its own (made through save_branch_settings, as the admin
 * CLI would), so tests running in parallel never touch the four branches other tests book at.
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, request, test } from '@playwright/test';
import { e2eStaff } from '../../playwright.config.ts';
import { homeBranches } from '../../src/domain/reservation.ts';
import { restaurantDate } from '../support/builders.ts';
import {
  type Backend,
  backendOf,
  readAsStaff,
  type StaffSession,
  saveBranchSettings,
  signIn,
} from './support/backend.ts';

let api: APIRequestContext;
let backend: Backend;
let staff: StaffSession;

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext();
  backend = await backendOf(api, baseURL ?? '');
  // One password sign-in per worker (sign-in is rate limited per address); pages start from it.
  staff = await signIn(api, backend, e2eStaff);
});

test.afterAll(async () => {
  await api.dispose();
});

/** A branch of the test's own, with the seeded defaults: every day 10:30 AM to 11:00 PM, no limits. */
async function ownBranch(settings: Parameters<typeof saveBranchSettings>[4] = {}): Promise<string> {
  const branch = `E2E ${randomUUID().slice(0, 8)}`;
  // Settings name a branch of public.branches, which staff add first.
  const added = await api.post(`${backend.url}/rest/v1/branches`, {
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${staff.access_token}` },
    data: { name: branch },
  });
  expect(added.status(), await added.text()).toBe(201);
  await saveBranchSettings(api, backend, staff, branch, settings);
  return branch;
}

/** Opens the settings of `branch`, signed in with the worker's staff session as supabase-js stores it. */
async function openSettings(page: Page, branch?: string): Promise<void> {
  await page.goto('/admin/login');
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: backend.storageKey,
    value: JSON.stringify(staff),
  });
  await page.goto(branch ? `/admin/settings?branch=${encodeURIComponent(branch)}` : '/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Branch settings' })).toBeVisible();
  await expect(day(page, 'Monday')).toBeVisible();
}

const day = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const save = (page: Page) => page.getByRole('button', { name: 'Save settings' });
const closedDates = (page: Page) => page.getByRole('region', { name: 'Closed dates' });
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true });

async function times(group: Locator): Promise<string[]> {
  const opens = await group
    .getByLabel('Opens')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  const closes = await group
    .getByLabel('Closes')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  return opens.map((value, i) => `${value}-${closes[i]}`);
}

interface StoredSettings {
  covers_per_slot: number | null;
  max_party: number | null;
  booking_window_days: number | null;
}

test('staff change capacity, hours and a closed date; after saving, a reload shows them kept', async ({ page }) => {
  const branch = await ownBranch();
  await openSettings(page, branch);
  await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveValue(branch);
  await expect(page.getByRole('link', { name: 'Branch settings' })).toHaveAttribute('aria-current', 'page');

  await field(page, 'Covers per time slot').fill('12');
  await field(page, 'Largest party').fill('6');
  await field(page, 'Booking window (days)').fill('30');

  // Monday: lunch and dinner instead of the whole day.
  const monday = day(page, 'Monday');
  await monday.getByRole('button', { name: 'Remove hours 10:30–23:00 on Monday' }).click();
  await expect(monday.getByText('Closed all day')).toBeVisible();
  await monday.getByRole('button', { name: 'Add hours on Monday' }).click();
  await expect(monday.getByLabel('Opens')).toHaveValue('10:30');
  await monday.getByLabel('Opens').fill('11:00');
  await monday.getByLabel('Closes').fill('14:00');
  await monday.getByRole('button', { name: 'Add hours on Monday' }).click();
  await monday.getByLabel('Opens').nth(1).fill('17:00');
  await monday.getByLabel('Closes').nth(1).fill('22:00');
  // Sunday: closed.
  await day(page, 'Sunday')
    .getByRole('button', { name: /^Remove hours/ })
    .click();

  const holiday = restaurantDate(20);
  await closedDates(page).getByRole('button', { name: 'Add closed date' }).click();
  await closedDates(page).getByLabel('Date', { exact: true }).fill(holiday);
  await closedDates(page).getByLabel('Reason (optional)').fill('Staff training');
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  await save(page).click();
  await expect(toast(page, `Settings saved for ${branch}.`)).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Discard changes' })).toBeDisabled();

  await page.reload();
  await expect(field(page, 'Covers per time slot')).toHaveValue('12');
  await expect(field(page, 'Largest party')).toHaveValue('6');
  await expect(field(page, 'Booking window (days)')).toHaveValue('30');
  expect(await times(day(page, 'Monday'))).toEqual(['11:00-14:00', '17:00-22:00']);
  expect(await times(day(page, 'Tuesday'))).toEqual(['10:30-23:00']);
  await expect(day(page, 'Sunday').getByText('Closed all day')).toBeVisible();
  await expect(closedDates(page).getByLabel('Date', { exact: true })).toHaveValue(holiday);
  await expect(closedDates(page).getByLabel('Reason (optional)')).toHaveValue('Staff training');

  // What the database now holds, and so applies to every booking.
  const [stored] = await readAsStaff<StoredSettings[]>(
    api,
    backend,
    staff,
    `branch_settings?select=covers_per_slot,max_party,booking_window_days&branch=eq.${encodeURIComponent(branch)}`,
  );
  expect(stored).toEqual({ covers_per_slot: 12, max_party: 6, booking_window_days: 30 });
  const hours = await readAsStaff<unknown[]>(
    api,
    backend,
    staff,
    `branch_opening_hours?select=weekday,opens,closes&branch=eq.${encodeURIComponent(branch)}&weekday=in.(1,7)&order=opens`,
  );
  expect(hours).toEqual([
    { weekday: 1, opens: '11:00:00', closes: '14:00:00' },
    { weekday: 1, opens: '17:00:00', closes: '22:00:00' },
  ]);
  const closed = await readAsStaff<unknown[]>(
    api,
    backend,
    staff,
    `branch_closed_dates?select=date,reason&branch=eq.${encodeURIComponent(branch)}`,
  );
  expect(closed).toEqual([{ date: holiday, reason: 'Staff training' }]);

  // Empty numbers mean "no limit" again.
  await field(page, 'Covers per time slot').fill('');
  await save(page).click();
  await expect(toast(page, `Settings saved for ${branch}.`).first()).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  const [after] = await readAsStaff<StoredSettings[]>(
    api,
    backend,
    staff,
    `branch_settings?select=covers_per_slot,max_party,booking_window_days&branch=eq.${encodeURIComponent(branch)}`,
  );
  expect(after).toEqual({ covers_per_slot: null, max_party: 6, booking_window_days: 30 });
});

test('invalid input shows an error at each field and saves nothing', async ({ page }) => {
  const branch = await ownBranch({ covers_per_slot: 20 });
  const saves: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/rest/v1/rpc/save_branch_settings')) saves.push(sent.method());
  });
  await openSettings(page, branch);

  await field(page, 'Covers per time slot').fill('0');
  await field(page, 'Largest party').fill('ten');
  await field(page, 'Booking window (days)').fill('4000');
  await day(page, 'Tuesday').getByLabel('Closes').fill('09:00');
  // Wednesday: a second range inside the first.
  await day(page, 'Wednesday').getByRole('button', { name: 'Add hours on Wednesday' }).click();
  await day(page, 'Wednesday').getByLabel('Opens').nth(1).fill('12:00');
  await day(page, 'Wednesday').getByLabel('Closes').nth(1).fill('15:00');
  // Thursday: a second range left empty.
  await day(page, 'Thursday').getByRole('button', { name: 'Add hours on Thursday' }).click();
  // The same day closed twice.
  const holiday = restaurantDate(30);
  for (const index of [0, 1]) {
    await closedDates(page).getByRole('button', { name: 'Add closed date' }).click();
    await closedDates(page).getByLabel('Date', { exact: true }).nth(index).fill(holiday);
  }

  await save(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing was saved' })).toHaveText(
    'Nothing was saved: please correct the fields marked in red.',
  );
  const covers = field(page, 'Covers per time slot');
  await expect(covers).toHaveAttribute('aria-invalid', 'true');
  await expect(covers).toHaveAccessibleDescription(/Must be at least 1\.$/);
  // The first field in error takes the focus.
  await expect(covers).toBeFocused();
  await expect(field(page, 'Largest party')).toHaveAccessibleDescription(
    /Enter a whole number, or leave it empty for no limit\.$/,
  );
  await expect(field(page, 'Booking window (days)')).toHaveAccessibleDescription(/Must be at most 3,650\.$/);
  await expect(day(page, 'Tuesday').getByLabel('Closes')).toHaveAccessibleDescription(
    'Closing time must be after opening time',
  );
  for (const index of [0, 1]) {
    await expect(day(page, 'Wednesday').getByLabel('Opens').nth(index)).toHaveAccessibleDescription(
      'Overlaps another range that day',
    );
  }
  await expect(day(page, 'Thursday').getByLabel('Opens').nth(1)).toHaveAccessibleDescription('Enter a time.');
  await expect(day(page, 'Thursday').getByLabel('Closes').nth(1)).toHaveAccessibleDescription('Enter a time.');
  await expect(closedDates(page).getByLabel('Date', { exact: true }).nth(1)).toHaveAccessibleDescription(
    'Listed twice',
  );
  await expect(day(page, 'Monday').getByLabel('Opens')).not.toHaveAttribute('aria-invalid', 'true');

  expect(saves).toEqual([]);
  const [stored] = await readAsStaff<StoredSettings[]>(
    api,
    backend,
    staff,
    `branch_settings?select=covers_per_slot,max_party,booking_window_days&branch=eq.${encodeURIComponent(branch)}`,
  );
  expect(stored).toEqual({ covers_per_slot: 20, max_party: null, booking_window_days: null });

  // Discard changes returns to what is stored.
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(covers).toHaveValue('20');
  await expect(covers).not.toHaveAttribute('aria-invalid', 'true');
  await expect(closedDates(page).getByText('No closed dates.')).toBeVisible();
});

test('staff change the turn times and reset buffer; a reload shows them kept, and a bad row shows its error', async ({
  page,
}) => {
  const branch = await ownBranch();
  const saves: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/rest/v1/rpc/save_branch_settings')) saves.push(sent.method());
  });
  await openSettings(page, branch);
  const turns = page.getByRole('region', { name: 'Turn times' });
  const minutes = turns.getByLabel('Minutes', { exact: true });
  const minutesOf = () => minutes.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  // The seeded turn times: 1–2 90, 3–4 105, 5–6 120, 7+ 150, then 10 to reset.
  expect(await minutesOf()).toEqual(['90', '105', '120', '150']);
  await expect(turns.getByLabel('Reset between parties (minutes)')).toHaveValue('10');

  await minutes.nth(1).fill('100');
  await turns.getByRole('button', { name: 'Remove the turn time for parties from 7' }).click();
  await expect(turns.getByRole('button', { name: 'Add party size' })).toBeFocused();
  await turns.getByLabel('Reset between parties (minutes)').fill('15');
  await save(page).click();
  await expect(toast(page, `Settings saved for ${branch}.`)).toBeVisible();

  await page.reload();
  await expect(minutes).toHaveCount(3);
  expect(await minutesOf()).toEqual(['90', '100', '120']);
  await expect(turns.getByLabel('Reset between parties (minutes)')).toHaveValue('15');
  const [stored] = await readAsStaff<unknown[]>(
    api,
    backend,
    staff,
    `branch_settings?select=turn_minutes,reset_minutes&branch=eq.${encodeURIComponent(branch)}`,
  );
  expect(stored).toEqual({ turn_minutes: { '1': 90, '3': 100, '5': 120 }, reset_minutes: 15 });

  // A new row, focused for typing, with a party size out of order and too many minutes.
  await turns.getByRole('button', { name: 'Add party size' }).click();
  const from = turns.getByLabel('Guests from');
  await expect(from.nth(3)).toBeFocused();
  await from.nth(3).fill('4');
  await minutes.nth(3).fill('700');
  const savesBefore = saves.length;
  await save(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing was saved' })).toHaveText(
    'Nothing was saved: please correct the fields marked in red.',
  );
  await expect(from.nth(3)).toHaveAttribute('aria-invalid', 'true');
  await expect(from.nth(3)).toHaveAccessibleDescription('Party sizes must go up, each listed once.');
  await expect(from.nth(3)).toBeFocused();
  await expect(minutes.nth(3)).toHaveAccessibleDescription(/Must be at most 600\.$/);
  expect(saves.length).toBe(savesBefore);
});

test("the server's refusal is shown, and what was typed stays", async ({ page }) => {
  const branch = await ownBranch();
  await openSettings(page, branch);
  await page.route('**/rest/v1/rpc/save_branch_settings', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: '22023', message: '"Mars/Olympus" is not a time zone', details: null, hint: null }),
    }),
  );
  await field(page, 'Covers per time slot').fill('8');
  await save(page).click();
  const refusal = 'Nothing was saved. The server said: "Mars/Olympus" is not a time zone';
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing was saved' })).toHaveText(refusal);
  await expect(toast(page, refusal)).toBeVisible();
  await expect(field(page, 'Covers per time slot')).toHaveValue('8');
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  await page.unroute('**/rest/v1/rpc/save_branch_settings');
  await page.route('**/rest/v1/rpc/save_branch_settings', (route) => route.abort('connectionrefused'));
  await save(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to save' })).toHaveText(
    'Failed to save the settings. Please try again.',
  );
  await expect(field(page, 'Covers per time slot')).toHaveValue('8');
});

test('lists the four home branches first, and switching branch shows its own settings', async ({ page }) => {
  const branch = await ownBranch({ covers_per_slot: 7 });
  await openSettings(page);
  const picker = page.getByRole('combobox', { name: 'Branch' });
  const names = await picker.locator('option').allTextContents();
  expect(names.slice(0, 4)).toEqual([...homeBranches]);
  expect(names).toContain(branch);
  await expect(picker).toHaveValue('Hanoi (main branch)');

  await picker.selectOption(branch);
  await expect(page).toHaveURL(new RegExp(`branch=${encodeURIComponent(branch).replace('%20', '(\\+|%20)')}`));
  await expect(field(page, 'Covers per time slot')).toHaveValue('7');
});

test('is operable by keyboard, names each weekday, and has no accessibility violations', async ({ page }) => {
  const branch = await ownBranch();
  await openSettings(page, branch);
  const friday = day(page, 'Friday');
  await friday.getByRole('button', { name: 'Add hours on Friday' }).focus();
  await page.keyboard.press('Enter');
  // The new range's first time takes the focus.
  await expect(friday.getByLabel('Opens').nth(1)).toBeFocused();
  // (Tab walks through the hour, minute and AM/PM of a time input, so the test goes to the button.)
  await friday.getByRole('button', { name: 'Remove hours …–… on Friday' }).focus();
  await page.keyboard.press('Enter');
  // Removing a range hands the focus to the day's "Add hours".
  await expect(friday.getByRole('button', { name: 'Add hours on Friday' })).toBeFocused();
  expect(await times(friday)).toEqual(['10:30-23:00']);

  for (const name of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await expect(day(page, name)).toBeVisible();
  }
  const scan = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(scan.violations).toEqual([]);
  await field(page, 'Covers per time slot').fill('-1');
  await save(page).click();
  await expect(field(page, 'Covers per time slot')).toHaveAttribute('aria-invalid', 'true');
  const withErrors = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(withErrors.violations).toEqual([]);
});

test('the dashboard links to the settings and back; without a session the settings send to sign-in', async ({
  page,
}) => {
  await page.goto('/admin/settings');
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: backend.storageKey,
    value: JSON.stringify(staff),
  });
  await page.goto('/admin/dashboard');
  const nav = page.getByRole('navigation', { name: 'Staff screens' });
  await expect(nav.getByRole('link', { name: 'Reservations' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Branch settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Branch settings' })).toBeVisible();
  await nav.getByRole('link', { name: 'Reservations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
});
