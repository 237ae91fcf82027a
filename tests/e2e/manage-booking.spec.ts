/**
 * The guest's side of a booking in Chromium (issue 14): book on the home page, see the confirmation
 * panel with its reference, download the calendar file, open the private manage link, cancel with
 * the confirm step, see "Cancelled"; staff see the booking struck through and labelled on the
 * dashboard, and find it with the status filter. A link that opens no booking is a helpful 404.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { e2eStaff } from '../../playwright.config.ts';
import { newReceiptSecret, receiptSecretHeader } from '../../src/domain/booking-lifecycle.ts';
import { guestBooking, restaurantDate } from '../support/builders.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { backendOf, signIn } from './support/backend.ts';

const form = (page: Page) => page.locator('section[id="booking"]');
const submit = (page: Page) => form(page).getByRole('button', { name: 'BOOK YOUR TABLE' });
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true });

function futureDate(days = 40): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function bookOnHomePage(page: Page, name: string): Promise<void> {
  await page.goto('/#booking');
  await expect(submit(page)).toBeEnabled();
  const booking = form(page);
  await booking.getByLabel('Name').fill(name);
  await booking.getByLabel('Mobile').fill('0912 345 678');
  await booking.getByLabel('Email').fill('manage@example.vn');
  await booking.getByLabel('Branch').selectOption('Da Nang');
  await booking.getByLabel('Date').fill(futureDate());
  await booking.getByLabel('Guests').selectOption({ label: '3 Guests' });
  await booking.getByLabel('Time').selectOption({ label: '7:30 PM' });
  await submit(page).click();
}

test('book, get the panel and the calendar file, cancel through the manage link; staff see it cancelled', async ({
  page,
  request,
}) => {
  // The whole journey (booking, three axe scans, a download, the manage page, the staff side): on a
  // loaded CI machine it ran past the default 30 s.
  test.setTimeout(90_000);
  const name = `E2E Manage ${randomUUID().slice(0, 8)}`;
  const insert = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/rest/v1/reservations'));
  const receipt = page.waitForRequest((r) => r.url().includes('/rest/v1/rpc/booking_receipt'));
  await bookOnHomePage(page, name);
  // Call 1's body is the spec's; the form's receipt secret travels in a header, and only it opens the receipt.
  const secret = (await insert).headers()['x-booking-receipt'];
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(Object.keys((await insert).postDataJSON() as object)).toEqual([
    'name',
    'mobile',
    'email',
    'date',
    'guests',
    'branch',
    'time',
    'period',
    'notes',
  ]);
  expect((await receipt).postDataJSON()).toEqual({ p_reference: expect.any(String), p_secret: secret });

  // The spec's success message and reset, then the panel.
  await expect(toast(page, 'Reservation submitted successfully!')).toBeVisible();
  await expect(form(page).getByLabel('Name')).toHaveValue('');
  const panel = page.getByRole('region', { name: 'Your table is booked' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Your table is booked' })).toBeFocused();
  const reference = (await panel.getByRole('definition').first().textContent())?.trim() ?? '';
  expect(reference).toMatch(/^SL-[0-9A-HJKMNP-TV-Z]{6}$/);
  await expect(panel).toContainText('3 guests');
  await expect(panel).toContainText('7:30 PM');
  await expect(panel).toContainText('88 Bạch Đằng, Hải Châu, Đà Nẵng');
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Add to calendar' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`saffron-lotus-${reference}.ics`);
  const ics = readFileSync((await download.path()) ?? '', 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toMatch(/DTSTART;TZID=Asia\/Ho_Chi_Minh:\d{8}T193000/);
  expect(ics).toMatch(/DTEND;TZID=Asia\/Ho_Chi_Minh:\d{8}T213000/);
  expect(ics.replace(/\r\n[ \t]/g, '')).toContain(
    'LOCATION:Saffron Lotus Da Nang\\, 88 Bạch Đằng\\, Hải Châu\\, Đà Nẵng',
  );

  // The manage page, from the panel's link.
  await panel.getByRole('link', { name: 'View or cancel this booking' }).click();
  await expect(page).toHaveURL(/\/booking\/[A-Za-z0-9_-]{43}$/);
  const manageUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: `Booking ${reference}` })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  await expect(page.getByText('Booked', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // The confirm step: keeping the booking changes nothing.
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog).toContainText('Da Nang');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Keep my booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Booked', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(toast(page, 'Your booking is cancelled.')).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);

  // Opened afresh from the email's link: the server answers 200, the page shows it cancelled.
  const fresh = await request.get(manageUrl);
  expect(fresh.status()).toBe(200);
  expect(fresh.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(fresh.headers()['referrer-policy']).toBe('no-referrer');
  await page.goto(manageUrl);
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText(/This booking was cancelled on/)).toBeVisible();

  // Staff: struck through and labelled, and found by the status filter.
  const backend = await backendOf(request, new URL(page.url()).origin);
  const staff = await signIn(request, backend, e2eStaff);
  await page.goto('/admin/login');
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: backend.storageKey,
    value: JSON.stringify(staff),
  });
  await page.goto(`/admin/dashboard?q=${encodeURIComponent(name)}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByRole('rowheader')).toHaveCSS('text-decoration-line', 'line-through');

  await page.getByLabel('Booking status').selectOption({ label: 'Booked' });
  await expect(page.getByText('No reservations found.')).toBeVisible();
  await page.getByLabel('Booking status').selectOption({ label: 'Cancelled' });
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await expect(page).toHaveURL(/status=cancelled/);
});

test('a link that opens no booking is a helpful 404 page', async ({ page }) => {
  const response = await page.goto(`/booking/${'A'.repeat(43)}`);
  expect(response?.status()).toBe(404);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { level: 1, name: 'We can’t find this booking' })).toBeVisible();
  await expect(page.getByText(/call us on \+84 24 3938 2022/)).toBeVisible();
  await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the Vietnamese link of the email opens the page in Vietnamese, private like the English one', async ({
  page,
  request,
  baseURL,
}) => {
  const backend = await backendOf(request, baseURL ?? '');
  const headers = { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}` };
  const booking = guestBooking({ name: `E2E Vi ${randomUUID().slice(0, 8)}`, date: restaurantDate(33), time: '18:30' });
  // As the home form books: the insert carries the receipt secret that opens its receipt.
  const secret = newReceiptSecret();
  const inserted = await request.post(`${backend.url}/rest/v1/reservations?select=reference`, {
    headers: { ...headers, Prefer: 'return=representation', [receiptSecretHeader]: secret },
    data: booking,
  });
  expect(inserted.status()).toBe(201);
  const [{ reference }] = (await inserted.json()) as [{ reference: string }];
  const receipt = await request.post(`${backend.url}/rest/v1/rpc/booking_receipt`, {
    headers,
    data: { p_reference: reference, p_secret: secret },
  });
  const token = (await receipt.json()) as string;

  // Review #20, item 6: this was the site's 404 page, cacheable and indexable.
  const response = await page.goto(`/vi/booking/${token}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page.getByRole('heading', { level: 1, name: `Đặt bàn ${reference}` })).toBeVisible();
  await expect(page.locator('meta[name="referrer"]').first()).toHaveAttribute('content', 'no-referrer');

  const missing = await page.goto(`/vi/booking/${'A'.repeat(43)}/`);
  expect(missing?.status()).toBe(404);
  expect(missing?.headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Chúng tôi không tìm thấy đặt bàn này' })).toBeVisible();
});
