/**
 * Reminders' answers, changes and the waitlist in Chromium (issue 26), against a server of this
 * file's own (its tests set the home branches' capacity) that sends email to a real SMTP server
 * started here: both forms offer "Tell me if a table frees up" when the chosen time is full, and
 * a time that frees meanwhile is refused with the time to book instead; the manage page's "I'll
 * be there" and change; the claim page a waitlist offer email opens. Axe-clean.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { newReceiptSecret, receiptSecretHeader } from '../../src/domain/booking-lifecycle.ts';
import { guestBooking, restaurantDate } from '../support/builders.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  type Backend,
  backendOf,
  bookAsGuest,
  everyDayHours,
  readAsStaff,
  type StaffSession,
  saveBranchSettings,
  signIn,
} from './support/backend.ts';
import { pickCalendarDay } from './support/calendar.ts';
import { freePort } from './support/free-port.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const staffAccount = { email: 'owner@saffronlotus.test', password: 'waitlist-test-passphrase' };

let app: TestServer;
let api: APIRequestContext;
let backend: Backend;
let staff: StaffSession;
let smtp: SMTPServer;
const received: ParsedMail[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', () => resolve()));
  app = await startTestServer({
    ADMIN_EMAIL: staffAccount.email,
    ADMIN_PASSWORD: staffAccount.password,
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    RATE_LIMITS: 'off',
  });
  api = await request.newContext();
  backend = await backendOf(api, app.url);
  staff = await signIn(api, backend, staffAccount);
  await saveBranchSettings(api, backend, staff, 'Sa Pa', { covers_per_slot: 6, hours: everyDayHours });
  await saveBranchSettings(api, backend, staff, 'Downtown', { covers_per_slot: 4 });
});

test.afterAll(async () => {
  await api?.dispose();
  await app?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

const anonHeaders = () => ({ apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}` });

/** Books as the home form does and opens the booking's receipt: its manage token. */
async function bookWithToken(row: ReturnType<typeof guestBooking>): Promise<string> {
  const secret = newReceiptSecret();
  const made = await api.post(`${backend.url}/rest/v1/reservations?select=reference`, {
    headers: { ...anonHeaders(), Prefer: 'return=representation', [receiptSecretHeader]: secret },
    data: row,
  });
  expect(made.status(), await made.text()).toBe(201);
  const [{ reference }] = (await made.json()) as [{ reference: string }];
  const receipt = await api.post(`${backend.url}/rest/v1/rpc/booking_receipt`, {
    headers: anonHeaders(),
    data: { p_reference: reference, p_secret: secret },
  });
  expect(receipt.status()).toBe(200);
  return (await receipt.json()) as string;
}

async function waitlistOf(date: string) {
  return readAsStaff<{ name: string; guests: number; time_from: string; time_to: string; status: string }[]>(
    api,
    backend,
    staff,
    `waitlist_entries?date=eq.${date}&select=name,guests,time_from,time_to,status&order=id`,
  );
}

const form = (page: Page) => page.locator('section[id="booking"]');

test('the home form offers the waitlist when the chosen time is full', async ({ page }) => {
  const day = restaurantDate(21);
  const name = `Wait Home ${randomUUID().slice(0, 6)}`;
  await bookAsGuest(api, backend, guestBooking({ branch: 'Sa Pa', date: day, time: '07:00', period: 'PM', guests: 4 }));
  await page.goto(`${app.url}/#booking`);
  const fields = form(page);
  await expect(fields.getByRole('button', { name: 'BOOK YOUR TABLE' })).toBeEnabled();
  await fields.getByLabel('Name').fill(name);
  await fields.getByLabel('Mobile').fill('0912 345 678');
  await fields.getByLabel('Email').fill('wait-home@example.vn');
  await fields.getByLabel('Branch').selectOption('Sa Pa');
  await fields.getByLabel('Date').fill(day);
  await fields.getByLabel('Guests').selectOption({ label: '2 Guests' });
  await fields.getByLabel('Time').selectOption({ label: '7:00 PM' });
  const offer = page.getByRole('button', { name: 'Tell me if a table frees up' });
  await expect(offer).toHaveCount(0);
  // Three guests no longer fit in the 2 covers left at 7:00 PM.
  await fields.getByLabel('Guests').selectOption({ label: '3 Guests' });
  await offer.click();
  const waitForm = page.getByRole('form', { name: 'Tell me if a table frees up' });
  await expect(waitForm.getByLabel('Name')).toHaveValue(name);
  await expect(waitForm.getByLabel('Time')).toHaveValue('19:00');
  await expectNoAxeViolations(page);
  await waitForm.getByRole('button', { name: 'Put me on the waitlist' }).click();
  await expect(page.getByText('You are on the waitlist for a table for 3 at 7:00 PM.', { exact: false })).toBeVisible();
  expect(await waitlistOf(day)).toEqual([
    { name, guests: 3, time_from: '19:00:00', time_to: '19:00:00', status: 'waiting' },
  ]);
});

test('a table that frees while the guest fills in the waitlist is offered to book instead', async ({ page }) => {
  const day = restaurantDate(23);
  const token = await bookWithToken(
    guestBooking({ branch: 'Sa Pa', date: day, time: '07:00', period: 'PM', guests: 4, email: 'frees@example.vn' }),
  );
  await page.goto(`${app.url}/#booking`);
  const fields = form(page);
  await expect(fields.getByRole('button', { name: 'BOOK YOUR TABLE' })).toBeEnabled();
  await fields.getByLabel('Name').fill('Wait Free');
  await fields.getByLabel('Mobile').fill('0912 345 601');
  await fields.getByLabel('Email').fill('wait-free@example.vn');
  await fields.getByLabel('Branch').selectOption('Sa Pa');
  await fields.getByLabel('Date').fill(day);
  await fields.getByLabel('Guests').selectOption({ label: '2 Guests' });
  await fields.getByLabel('Time').selectOption({ label: '7:00 PM' });
  await fields.getByLabel('Guests').selectOption({ label: '3 Guests' });
  await page.getByRole('button', { name: 'Tell me if a table frees up' }).click();
  const waitForm = page.getByRole('form', { name: 'Tell me if a table frees up' });
  await expect(waitForm.getByLabel('Time')).toHaveValue('19:00');
  // Meanwhile the 7 PM party cancels: 7:00 PM has room again.
  const cancelled = await api.post(`${backend.url}/rest/v1/rpc/cancel_booking`, {
    headers: anonHeaders(),
    data: { p_token: token },
  });
  expect(cancelled.status()).toBe(200);
  await waitForm.getByRole('button', { name: 'Put me on the waitlist' }).click();
  const refusal = waitForm.getByRole('alert');
  await expect(refusal).toHaveText(/A table for 3 is free at 7:00 PM, so there is no need to wait: book it instead\./);
  await expectNoAxeViolations(page);
  expect(await waitlistOf(day)).toEqual([]);
  await refusal.getByRole('button', { name: 'Choose a free time to book' }).click();
  // The form's times are read again: 7:00 PM is free, the waitlist goes, the guest books.
  await expect(waitForm).toHaveCount(0);
  const time = fields.locator('select[name="time"]');
  await expect(time).toBeFocused();
  await expect(time).toHaveValue('07:00');
});

test('the /reservation page offers the waitlist when the chosen time is full', async ({ page }) => {
  const day = restaurantDate(4);
  const name = `Wait Page ${randomUUID().slice(0, 6)}`;
  await bookAsGuest(
    api,
    backend,
    guestBooking({ branch: 'Downtown', date: day, time: '19:00', period: 'Dinner', guests: 3 }),
  );
  await page.goto(`${app.url}/reservation`);
  await pickCalendarDay(page, day);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('spinbutton', { name: 'Guests' }).fill('1');
  await page.getByRole('combobox', { name: 'Branch' }).selectOption('Downtown');
  await page.getByRole('combobox', { name: 'Time' }).selectOption({ label: '7:00 PM' });
  await page.getByRole('spinbutton', { name: 'Guests' }).fill('2');
  await page.getByRole('button', { name: 'Tell me if a table frees up' }).click();
  const waitForm = page.getByRole('form', { name: 'Tell me if a table frees up' });
  await waitForm.getByLabel('Mobile').fill('0912 345 678');
  await waitForm.getByLabel('Email').fill('wait-page@example.vn');
  await expectNoAxeViolations(page);
  await waitForm.getByRole('button', { name: 'Put me on the waitlist' }).click();
  await expect(page.getByText('You are on the waitlist for a table for 2', { exact: false })).toBeVisible();
  expect(await waitlistOf(day)).toEqual([
    { name, guests: 2, time_from: '19:00:00', time_to: '19:00:00', status: 'waiting' },
  ]);
});

test("the manage page: I'll be there, then a change of time", async ({ page }) => {
  const day = restaurantDate(22);
  const token = await bookWithToken(
    guestBooking({ branch: 'Sa Pa', date: day, time: '07:00', period: 'PM', guests: 2, email: 'attend@example.vn' }),
  );
  await page.goto(`${app.url}/booking/${token}?confirm=1`);
  await page.getByRole('button', { name: "I'll be there" }).click();
  await expect(page.getByText(/^You told us you'll be there/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Change date, time or guests' }).click();
  const change = page.getByRole('form', { name: 'Change your booking' });
  await change.getByLabel('Time').selectOption({ label: '8:00 PM' });
  await expectNoAxeViolations(page);
  await change.getByRole('button', { name: 'Save the change' }).click();
  await expect(page.getByText('Your booking is changed. We have emailed you the new details.')).toBeVisible();
  await expect(page.getByText('8:00 PM', { exact: false }).first()).toBeVisible();
  // A new time asks again.
  await expect(page.getByRole('button', { name: "I'll be there" })).toBeVisible();
});

test('the claim page a waitlist offer opens books the held table', async ({ page }) => {
  const day = restaurantDate(24);
  const email = `claim-${randomUUID().slice(0, 6)}@example.vn`;
  const token = await bookWithToken(
    guestBooking({ branch: 'Sa Pa', date: day, time: '07:00', period: 'PM', guests: 6 }),
  );
  const joined = await api.post(`${backend.url}/rest/v1/waitlist_entries`, {
    headers: anonHeaders(),
    data: {
      branch: 'Sa Pa',
      date: day,
      time_from: '19:00',
      time_to: '19:00',
      guests: 2,
      name: 'Claim Guest',
      mobile: '0912 345 678',
      email,
    },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  const cancelled = await api.post(`${backend.url}/rest/v1/rpc/cancel_booking`, {
    headers: anonHeaders(),
    data: { p_token: token },
  });
  expect(cancelled.status()).toBe(200);
  await expect
    .poll(() => received.find((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === email), {
      timeout: 20_000,
    })
    .toBeDefined();
  const offer = received.find((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === email);
  expect(offer?.subject).toBe('A table has come free at Saffron Lotus Sa Pa');
  const link = /http:\/\/\S+\/booking\/[A-Za-z0-9_-]{43}/.exec(offer?.text ?? '')?.[0] ?? '';
  await page.goto(link.replace(/^http:\/\/[^/]+/, app.url));
  await expect(page.getByRole('heading', { name: 'A table is held for you' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Claim this table' }).click();
  await expect(page.getByText('The table is yours. We have emailed you the confirmation.')).toBeVisible();
  expect((await waitlistOf(day)).map((entry) => entry.status)).toEqual(['claimed']);
});
