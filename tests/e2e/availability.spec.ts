/**
 * Both booking forms with availability (issue 13), against a server of this file's own (each
 * worker starts one): the tests change the four home branches' settings, which would refuse the
 * bookings of the suite's other files on the shared server. Each test books on days of its own,
 * so tests sharing a server never fill each other's times. Dates are relative to today in
 * Vietnam: the database refuses the past by the real clock.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { guestBooking, restaurantDate } from '../support/builders.ts';
import {
  type Backend,
  backendOf,
  bookAsGuest,
  everyDayHours,
  type StaffSession,
  saveBranchSettings,
  signIn,
} from './support/backend.ts';
import { pickCalendarDay } from './support/calendar.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const staffAccount = { email: 'owner@saffronlotus.test', password: 'availability-test-passphrase' };
const closedDay = restaurantDate(40);

let app: TestServer;
let api: APIRequestContext;
let backend: Backend;
let staff: StaffSession;

test.beforeAll(async () => {
  // Starting a server of its own (a fresh database, migrations and all) takes longer than a test
  // step on a busy machine.
  test.setTimeout(120_000);
  app = await startTestServer({
    ADMIN_EMAIL: staffAccount.email,
    ADMIN_PASSWORD: staffAccount.password,
    // The browser comes from 127.0.0.1 too: trusted as a proxy, a test can give its page an
    // address of its own (the read limit test spends one address's budget).
    TRUST_PROXY: '127.0.0.1',
  });
  api = await request.newContext();
  backend = await backendOf(api, app.url);
  staff = await signIn(api, backend, staffAccount);
  // Sa Pa: 6 covers a half hour, parties up to 8, bookings up to 60 days ahead, one closed day.
  await saveBranchSettings(api, backend, staff, 'Sa Pa', {
    covers_per_slot: 6,
    max_party: 8,
    booking_window_days: 60,
    hours: everyDayHours,
    closed_dates: [{ date: closedDay, reason: 'Staff holiday' }],
  });
  // A /reservation page branch with settings of its own: 4 covers a slot.
  await saveBranchSettings(api, backend, staff, 'Downtown', { covers_per_slot: 4 });
});

test.afterAll(async () => {
  await api?.dispose();
  await app?.stop();
});

const form = (page: Page) => page.locator('section[id="booking"]');
const submit = (page: Page) => form(page).getByRole('button', { name: 'BOOK YOUR TABLE' });
const timeOption = (page: Page, name: string) =>
  form(page).getByLabel('Time').getByRole('option', { name, exact: true });
const offeredTimes = (page: Page) => form(page).getByLabel('Time').locator('option:not([value=""])');
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true });

async function openForm(page: Page): Promise<void> {
  await page.goto(`${app.url}/#booking`);
  await expect(submit(page)).toBeEnabled();
}

async function fillBooking(page: Page, booking: { name: string; date: string; guests: string; time: string }) {
  const fields = form(page);
  await fields.getByLabel('Name').fill(booking.name);
  await fields.getByLabel('Mobile').fill('0912 345 678');
  await fields.getByLabel('Email').fill('guest@example.vn');
  await fields.getByLabel('Branch').selectOption('Sa Pa');
  await fields.getByLabel('Date').fill(booking.date);
  await fields.getByLabel('Guests').selectOption({ label: booking.guests });
  await fields.getByLabel('Time').selectOption({ label: booking.time });
  await fields.getByLabel('Notes').fill('Window table, please');
}

test.describe('the home form', () => {
  test('shows a full time disabled with the reason, and follows the branch, day and party size', async ({ page }) => {
    const day = restaurantDate(20);
    await bookAsGuest(
      api,
      backend,
      guestBooking({ branch: 'Sa Pa', date: day, time: '07:00', period: 'PM', guests: 6 }),
    );
    await bookAsGuest(
      api,
      backend,
      guestBooking({ branch: 'Sa Pa', date: day, time: '07:30', period: 'PM', guests: 4 }),
    );
    await openForm(page);
    const fields = form(page);
    await fields.getByLabel('Branch').selectOption('Sa Pa');
    await fields.getByLabel('Date').fill(day);
    await fields.getByLabel('Guests').selectOption({ label: '2 Guests' });

    await expect(timeOption(page, '7:00 PM — Full')).toBeDisabled();
    await expect(timeOption(page, '7:30 PM')).toBeEnabled();
    await expect(timeOption(page, '8:00 PM')).toBeEnabled();
    // The spec's option set is all there: only the state of one option changed.
    await expect(offeredTimes(page)).toHaveCount(22);

    // Three guests no longer fit in the 2 covers left at 7:30 PM.
    await fields.getByLabel('Guests').selectOption({ label: '3 Guests' });
    await expect(timeOption(page, '7:30 PM — Full')).toBeDisabled();
    await expect(timeOption(page, '7:00 PM — Full')).toBeDisabled();

    // Another day of the same branch is free again.
    await fields.getByLabel('Date').fill(restaurantDate(23));
    await expect(timeOption(page, '7:00 PM')).toBeEnabled();
    await expect(timeOption(page, '7:30 PM')).toBeEnabled();

    // A branch without a limit takes any time.
    await fields.getByLabel('Date').fill(day);
    await expect(timeOption(page, '7:00 PM — Full')).toBeDisabled();
    await fields.getByLabel('Branch').selectOption('Ninh Binh');
    await expect(timeOption(page, '7:00 PM')).toBeEnabled();
    await expect(fields.getByLabel('Time').locator('option[disabled]')).toHaveCount(0);
  });

  test('says why a day cannot be booked: closed, too far ahead, or a party too large', async ({ page }) => {
    await openForm(page);
    const fields = form(page);
    await fields.getByLabel('Branch').selectOption('Sa Pa');
    await fields.getByLabel('Guests').selectOption({ label: '4 Guests' });

    await fields.getByLabel('Date').fill(closedDay);
    await expect(timeOption(page, '7:00 PM — Closed')).toBeDisabled();
    await expect(fields.getByLabel('Time').locator('option:not([value=""]):not([disabled])')).toHaveCount(0);
    await expect(fields.getByLabel('Date')).toHaveAccessibleDescription(
      'Sa Pa is closed on this day — please pick another date.',
    );

    await fields.getByLabel('Date').fill(restaurantDate(70));
    await expect(timeOption(page, '7:00 PM — Too far ahead')).toBeDisabled();
    await expect(fields.getByLabel('Date')).toHaveAccessibleDescription(
      'Sa Pa does not take online bookings this far ahead — please pick an earlier date.',
    );

    await fields.getByLabel('Date').fill(restaurantDate(24));
    await expect(timeOption(page, '7:00 PM')).toBeEnabled();
    await expect(fields.getByLabel('Date')).toHaveAccessibleDescription('');
    await fields.getByLabel('Guests').selectOption({ label: '9 Guests' });
    await expect(timeOption(page, '7:00 PM — Call to book')).toBeDisabled();
    await expect(fields.getByLabel('Guests')).toHaveAccessibleDescription(
      'Sa Pa does not take parties of 9 guests online — please call us for a larger group.',
    );
  });

  test('when another guest takes the last covers first, submitting says "now full" and keeps everything typed', async ({
    page,
    context,
  }) => {
    const day = restaurantDate(22);
    const name = `Slow Guest ${randomUUID().slice(0, 8)}`;
    await bookAsGuest(
      api,
      backend,
      guestBooking({ branch: 'Sa Pa', date: day, time: '07:00', period: 'PM', guests: 2 }),
    );
    await openForm(page);
    await fillBooking(page, { name, date: day, guests: '4 Guests', time: '7:00 PM' });
    await expect(timeOption(page, '7:00 PM')).toBeEnabled();

    // Meanwhile, in another tab, someone books the last 4 covers at 7:00 PM.
    const other = await context.newPage();
    await openForm(other);
    await fillBooking(other, { name: 'Quick Guest', date: day, guests: '4 Guests', time: '7:00 PM' });
    await submit(other).click();
    await expect(toast(other, 'Reservation submitted successfully!')).toBeVisible();
    await other.close();

    await submit(page).click();
    const message = 'Sorry, 7:00 PM is now full at Sa Pa — please pick another time';
    await expect(form(page).getByRole('alert')).toHaveText(message);
    await expect(toast(page, message)).toBeVisible();
    const fields = form(page);
    await expect(fields.getByLabel('Name')).toHaveValue(name);
    await expect(fields.getByLabel('Mobile')).toHaveValue('0912 345 678');
    await expect(fields.getByLabel('Email')).toHaveValue('guest@example.vn');
    await expect(fields.getByLabel('Branch')).toHaveValue('Sa Pa');
    await expect(fields.getByLabel('Date')).toHaveValue(day);
    await expect(fields.getByLabel('Guests')).toHaveValue('4');
    await expect(fields.getByLabel('Time')).toHaveValue('07:00');
    await expect(fields.getByLabel('Notes')).toHaveValue('Window table, please');
    // The times were asked again: 7:00 PM now shows full, and the guest is taken to the times.
    await expect(timeOption(page, '7:00 PM — Full')).toBeDisabled();
    await expect(fields.getByLabel('Time')).toBeFocused();

    await fields.getByLabel('Time').selectOption({ label: '7:30 PM' });
    await submit(page).click();
    await expect(toast(page, 'Reservation submitted successfully!')).toBeVisible();
    await expect(fields.getByLabel('Name')).toHaveValue('');
  });

  test("does not offer today's times that have begun, in Vietnam", async ({ page }) => {
    // 12:10 PM on Wednesday 10 March 2027 in Vietnam (UTC+7).
    await page.clock.setFixedTime(new Date('2027-03-10T05:10:00Z'));
    await openForm(page);
    const fields = form(page);
    await fields.getByLabel('Branch').selectOption('Hanoi (main branch)');
    await fields.getByLabel('Date').fill('2027-03-11');
    await fields.getByLabel('Time').selectOption({ label: '12:00 PM' });

    await fields.getByLabel('Date').fill('2027-03-10');
    // 12:00 PM has begun: it is no longer offered, and the choice is cleared.
    await expect(fields.getByLabel('Time')).toHaveValue('');
    const times = await offeredTimes(page).allTextContents();
    expect(times[0]).toBe('12:30 PM');
    expect(times.at(-1)).toBe('10:30 PM');
    expect(times).toHaveLength(21);
    await fields.getByLabel('AM / PM').selectOption('AM');
    await expect(offeredTimes(page)).toHaveCount(0);

    // Tomorrow, every time is there again.
    await fields.getByLabel('Date').fill('2027-03-11');
    expect(await offeredTimes(page).allTextContents()).toEqual(['10:30 AM', '11:00 AM', '11:30 AM']);
  });

  test('late in the evening, says no times are left today', async ({ page }) => {
    // 10:45 PM on 10 March 2027 in Vietnam: the last seating (10:30 PM) has begun.
    await page.clock.setFixedTime(new Date('2027-03-10T15:45:00Z'));
    await openForm(page);
    const fields = form(page);
    await fields.getByLabel('Date').fill('2027-03-10');
    await expect(offeredTimes(page)).toHaveCount(0);
    await expect(fields.getByLabel('Time')).toHaveAccessibleDescription(
      'No times are left today — please pick another date.',
    );
  });

  test('when availability cannot be checked, offers the spec times as they are and still books', async ({ page }) => {
    await page.route('**/rest/v1/rpc/booking_availability*', (route) => route.abort('connectionrefused'));
    const name = `Offline Check ${randomUUID().slice(0, 8)}`;
    await openForm(page);
    await fillBooking(page, { name, date: restaurantDate(25), guests: '2 Guests', time: '8:00 PM' });
    await expect(form(page).getByLabel('Time')).toHaveAccessibleDescription(
      'We could not check which times are free. You can still book; we will tell you if your time is taken.',
    );
    await expect(offeredTimes(page)).toHaveCount(22);
    await expect(form(page).getByLabel('Time').locator('option[disabled]')).toHaveCount(0);
    await submit(page).click();
    await expect(toast(page, 'Reservation submitted successfully!')).toBeVisible();
  });
});

test.describe('over the read limit', () => {
  test('a guest whose address asked too often gets the same note as when availability fails, and still books', async ({
    page,
  }) => {
    const address = '203.0.113.120';
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
    // Spend the address's budget of guest reads (review #20, item 8).
    const ask = () =>
      api.get(`${app.url}/rest/v1/rpc/booking_availability?p_branch=Sa+Pa&p_date=${restaurantDate(26)}&p_guests=2`, {
        headers: { apikey: backend.anonKey, 'x-forwarded-for': address },
      });
    let last = 0;
    for (let i = 0; i < 200 && last !== 429; i++) last = (await ask()).status();
    expect(last).toBe(429);

    const name = `Limited Check ${randomUUID().slice(0, 8)}`;
    await openForm(page);
    await fillBooking(page, { name, date: restaurantDate(26), guests: '2 Guests', time: '8:30 PM' });
    await expect(form(page).getByLabel('Time')).toHaveAccessibleDescription(
      'We could not check which times are free. You can still book; we will tell you if your time is taken.',
    );
    await expect(offeredTimes(page)).toHaveCount(22);
    await submit(page).click();
    await expect(toast(page, 'Reservation submitted successfully!')).toBeVisible();
  });
});

test.describe('the /reservation page', () => {
  const day = (page: Page, label: RegExp | string) => page.getByRole('button', { name: label });
  const pageTimes = (page: Page) =>
    page.getByRole('combobox', { name: 'Time' }).locator('option:not([disabled])').allTextContents();

  test("offers its own times, less today's that have begun", async ({ page }) => {
    // 3:30 PM on Sunday 20 December 2026 in Vietnam.
    await page.clock.setFixedTime(new Date('2026-12-20T08:30:00Z'));
    await page.goto(`${app.url}/reservation`);
    await page.getByRole('combobox', { name: 'Branch' }).selectOption('Uptown');
    await pickCalendarDay(page, '2026-12-24');
    await page.getByRole('combobox', { name: 'Time' }).selectOption({ label: '1:00 PM' });
    expect(await pageTimes(page)).toEqual([
      '12:00 PM',
      '1:00 PM',
      '2:00 PM',
      '6:00 PM',
      '7:00 PM',
      '8:00 PM',
      '9:00 PM',
    ]);

    await day(page, /^Today, Sunday, December 20, 2026/).click();
    await expect.poll(() => pageTimes(page)).toEqual(['6:00 PM', '7:00 PM', '8:00 PM', '9:00 PM']);
    // 1:00 PM has passed today: the choice is cleared, not moved to another time.
    await expect(page.getByRole('combobox', { name: 'Time' })).toHaveValue('');
  });

  test('shows a full time disabled for a branch with a capacity', async ({ page }) => {
    const date = restaurantDate(3);
    await bookAsGuest(
      api,
      backend,
      guestBooking({ branch: 'Downtown', date, time: '19:00', period: 'Dinner', guests: 4 }),
    );
    await page.goto(`${app.url}/reservation`);
    await pickCalendarDay(page, date);
    await page.getByRole('spinbutton', { name: 'Guests' }).fill('1');
    await page.getByRole('combobox', { name: 'Branch' }).selectOption('Downtown');
    const time = page.getByRole('combobox', { name: 'Time' });
    await expect(time.getByRole('option', { name: '7:00 PM — Full', exact: true })).toBeDisabled();
    await expect(time.getByRole('option', { name: '8:00 PM', exact: true })).toBeEnabled();

    await page.getByRole('combobox', { name: 'Branch' }).selectOption('Uptown');
    await expect(time.getByRole('option', { name: '7:00 PM', exact: true })).toBeEnabled();
  });
});
