/**
 * The home page's booking form (call 1) against the real server: validation, a booking staff can
 * read back through the API, one booking per double click, and the server's refusal shown as is.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { e2eStaff } from '../../playwright.config.ts';
import { homeBranches } from '../../src/domain/reservation.ts';

interface Row {
  name: string;
  mobile: string;
  email: string;
  date: string;
  guests: number;
  branch: string;
  time: string;
  period: string;
  notes: string | null;
  arrived: boolean;
  allocated: boolean;
}

/** Reads reservations by name as the staff account, the way the dashboard does. */
async function staffRows(request: APIRequestContext, name: string): Promise<Row[]> {
  const { supabaseAnonKey } = (await (await request.get('/config.json')).json()) as { supabaseAnonKey: string };
  const signIn = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: supabaseAnonKey },
    data: e2eStaff,
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { access_token } = (await signIn.json()) as { access_token: string };
  const response = await request.get(`/rest/v1/reservations?select=*&name=eq.${encodeURIComponent(name)}`, {
    headers: { apikey: supabaseAnonKey, Authorization: `Bearer ${access_token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Row[];
}

/** A date comfortably in the future, in the restaurant's calendar. */
function futureDate(days = 30): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const form = (page: Page) => page.locator('section[id="booking"]');
const submit = (page: Page) => form(page).getByRole('button', { name: 'BOOK YOUR TABLE' });

async function openForm(page: Page): Promise<void> {
  await page.goto('/#booking');
  await expect(page.getByRole('heading', { name: 'BOOK YOUR TABLE', level: 2 })).toBeInViewport();
  // The form's code arrives when the visitor nears it; until then its button stays disabled.
  await expect(submit(page)).toBeEnabled();
}

async function fillValidBooking(page: Page, name: string, notes = ''): Promise<void> {
  const booking = form(page);
  await booking.getByLabel('Name').fill(name);
  await booking.getByLabel('Mobile').fill('0912 345 678');
  await booking.getByLabel('Email').fill('guest@example.vn');
  await booking.getByLabel('Branch').selectOption('Sa Pa');
  await booking.getByLabel('Date').fill(futureDate());
  await booking.getByLabel('Guests').selectOption({ label: '4 Guests' });
  await booking.getByLabel('Time').selectOption({ label: '7:30 PM' });
  if (notes) await booking.getByLabel('Notes').fill(notes);
}

/** A toast, in the notifications live region. */
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true });

test('the prerendered form cannot be sent before its code arrives, and keeps what was typed', async ({ page }) => {
  // Hold the form's code back: the page shows the prerendered form.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/booking-island-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/#booking');
  await expect(submit(page)).toBeDisabled();
  await expect(form(page).getByLabel('AM / PM')).toHaveValue('PM');
  await form(page).getByLabel('Name').fill('Early Bird');
  release();
  await expect(submit(page)).toBeEnabled();
  await expect(form(page).getByLabel('Name')).toHaveValue('Early Bird');
  await submit(page).click();
  // What was typed before hydration counts: only the other fields are missing.
  await expect(form(page).getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form(page).getByLabel('Mobile')).toHaveAttribute('aria-invalid', 'true');
});

test('every field has a visible label, with the option sets of the spec', async ({ page }) => {
  await openForm(page);
  const booking = form(page);
  for (const label of ['Name', 'Mobile', 'Email', 'Date', 'Time', 'Guests', 'Branch', 'AM / PM', 'Notes']) {
    await expect(booking.getByText(label, { exact: false }).first()).toBeVisible();
    await expect(booking.getByLabel(label)).toBeVisible();
  }
  await expect(booking.getByLabel('Mobile')).toHaveAttribute('type', 'tel');
  await expect(booking.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(booking.getByLabel('Date')).toHaveAttribute('type', 'date');
  const guests = await booking.getByLabel('Guests').locator('option:not([value=""])').allTextContents();
  expect(guests).toEqual(['1 Guest', ...Array.from({ length: 9 }, (_, i) => `${i + 2} Guests`)]);
  const branches = await booking.getByLabel('Branch').locator('option:not([value=""])').allTextContents();
  expect(branches).toEqual([...homeBranches]);
  await expect(booking.getByLabel('AM / PM')).toHaveValue('PM');
  await expect(booking.getByLabel('AM / PM').getByRole('option')).toHaveText(['AM', 'PM']);
  // Past days cannot be picked.
  await expect(booking.getByLabel('Date')).toHaveAttribute('min', /^\d{4}-\d{2}-\d{2}$/);
});

test('an incomplete form says "Please fill in all required fields." and sends nothing', async ({ page }) => {
  const inserts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/')) inserts.push(request.url());
  });
  await openForm(page);
  await form(page).getByLabel('Name').fill('Only A. Name');
  await submit(page).click();
  await expect(form(page).getByRole('alert')).toHaveText('Please fill in all required fields.');
  await expect(toast(page, 'Please fill in all required fields.')).toBeVisible();
  for (const label of ['Mobile', 'Email', 'Date', 'Time', 'Guests', 'Branch']) {
    await expect(form(page).getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(form(page).getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form(page).getByLabel('Notes')).not.toHaveAttribute('aria-invalid', 'true');
  expect(inserts).toEqual([]);
});

test('a complete booking is stored (period PM, notes null), confirmed, and the form resets', async ({
  page,
  request,
}) => {
  const name = `E2E Booking ${randomUUID().slice(0, 8)}`;
  await openForm(page);
  await fillValidBooking(page, name);
  await submit(page).click();
  await expect(toast(page, 'Reservation submitted successfully!')).toBeVisible();

  // Reset: every field back to its default, the period to PM.
  const booking = form(page);
  for (const label of ['Name', 'Mobile', 'Email', 'Date', 'Time', 'Guests', 'Branch', 'Notes']) {
    await expect(booking.getByLabel(label)).toHaveValue('');
  }
  await expect(booking.getByLabel('AM / PM')).toHaveValue('PM');
  await expect(booking.getByRole('alert')).toHaveText('');

  const rows = await staffRows(request, name);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    name,
    mobile: '0912 345 678',
    email: 'guest@example.vn',
    date: futureDate(),
    guests: 4,
    branch: 'Sa Pa',
    time: '07:30',
    period: 'PM',
    notes: null,
    arrived: false,
    allocated: false,
  });
});

test('the submit button is disabled while sending, so a double click books once', async ({ page, request }) => {
  const name = `E2E Double ${randomUUID().slice(0, 8)}`;
  await openForm(page);
  await fillValidBooking(page, name, 'Window table, please');
  // Hold the insert so the sending state can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let inserts = 0;
  await page.route('**/rest/v1/reservations*', async (route) => {
    if (route.request().method() === 'POST') inserts += 1;
    await held;
    await route.continue();
  });
  await submit(page).dblclick();
  await expect(submit(page)).toBeDisabled();
  await submit(page).click({ force: true });
  release();
  await expect(toast(page, 'Reservation submitted successfully!')).toBeVisible();
  await expect(submit(page)).toBeEnabled();
  expect(inserts).toBe(1);
  const rows = await staffRows(request, name);
  expect(rows).toHaveLength(1);
  expect(rows[0]?.notes).toBe('Window table, please');
});

test("the server's refusal message is shown as it is", async ({ page }) => {
  const message = 'new row for relation "reservations" violates check constraint "reservations_guests_check"';
  await page.route('**/rest/v1/reservations*', (route) =>
    route.fulfill({ status: 400, json: { code: '23514', message, details: null, hint: null } }),
  );
  await openForm(page);
  await fillValidBooking(page, 'Refused Guest');
  await submit(page).click();
  await expect(form(page).getByRole('alert')).toHaveText(message);
  await expect(toast(page, message)).toBeVisible();
  // Nothing was reset: the guest can correct and retry.
  await expect(form(page).getByLabel('Name')).toHaveValue('Refused Guest');
});

test('without an answer from the server: "Failed to submit reservation. Please try again."', async ({ page }) => {
  await page.route('**/rest/v1/reservations*', (route) => route.abort('connectionrefused'));
  await openForm(page);
  await fillValidBooking(page, 'Offline Guest');
  await submit(page).click();
  await expect(form(page).getByRole('alert')).toHaveText('Failed to submit reservation. Please try again.');
  await expect(toast(page, 'Failed to submit reservation. Please try again.')).toBeVisible();
});

test('the time choices follow AM / PM, and a past date is refused', async ({ page }) => {
  await openForm(page);
  const booking = form(page);
  const times = () => booking.getByLabel('Time').locator('option:not([value=""])').allTextContents();
  expect((await times())[0]).toBe('12:00 PM');
  expect((await times()).at(-1)).toBe('10:30 PM');
  await booking.getByLabel('Time').selectOption({ label: '1:00 PM' });
  await booking.getByLabel('AM / PM').selectOption('AM');
  expect(await times()).toEqual(['10:30 AM', '11:00 AM', '11:30 AM']);
  // 1:00 does not exist in the morning: the choice is cleared.
  await expect(booking.getByLabel('Time')).toHaveValue('');

  await booking.getByLabel('AM / PM').selectOption('PM');
  await fillValidBooking(page, 'Time Traveller');
  await booking.getByLabel('Date').fill('2020-01-01');
  await submit(page).click();
  await expect(booking.getByLabel('Date')).toHaveAttribute('aria-invalid', 'true');
  await expect(booking.getByText('Choose a date from today onwards.')).toBeVisible();
});
