/**
 * Review #31, item 1 in Chromium, against a server of this file's own that mails a real SMTP server
 * started here: a stranger who booked with a guest's mobile and email sees only their own booking
 * on its manage page; "Email me a link to all my data" mails the booking's address a link whose
 * page shows both bookings (the guest's note included), stops news and offers and erases it all,
 * once: opened again, it says it no longer works. In English and Vietnamese; axe-clean.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { newReceiptSecret, receiptSecretHeader } from '../../src/domain/booking-lifecycle.ts';
import { guestBooking, restaurantDate } from '../support/builders.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { type Backend, backendOf } from './support/backend.ts';
import { freePort } from './support/free-port.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let app: TestServer;
let api: APIRequestContext;
let backend: Backend;
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
  app = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, RATE_LIMITS: 'off' });
  api = await request.newContext();
  backend = await backendOf(api, app.url);
});

test.afterAll(async () => {
  await api?.dispose();
  await app?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

/** Books as the home form does and opens the booking's receipt: its manage token. */
async function bookWithToken(row: ReturnType<typeof guestBooking>, language = 'en'): Promise<string> {
  const secret = newReceiptSecret();
  const anon = { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}` };
  // The booking's language (its emails') is the page's, sent as Accept-Language.
  const made = await api.post(`${backend.url}/rest/v1/reservations?select=reference`, {
    headers: { ...anon, Prefer: 'return=representation', [receiptSecretHeader]: secret, 'Accept-Language': language },
    data: row,
  });
  expect(made.status(), await made.text()).toBe(201);
  const [{ reference }] = (await made.json()) as [{ reference: string }];
  const receipt = await api.post(`${backend.url}/rest/v1/rpc/booking_receipt`, {
    headers: anon,
    data: { p_reference: reference, p_secret: secret },
  });
  expect(receipt.status()).toBe(200);
  return (await receipt.json()) as string;
}

/** The path of the data link in the newest email of that subject to this address. */
async function mailedLink(email: string, subject: RegExp): Promise<string> {
  const of = () =>
    received.filter(
      (mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === email && subject.test(mail.subject ?? ''),
    );
  await expect.poll(() => of().length, { timeout: 15_000 }).toBeGreaterThan(0);
  const match = /https?:\/\/[^/\s]+(\/(?:vi\/)?booking\/data\/[A-Za-z0-9_-]{43})/.exec(of().at(-1)?.text ?? '');
  expect(match).not.toBeNull();
  return String(match?.[1]);
}

function yourData(page: Page, name: string) {
  return page.getByRole('region', { name });
}

test('the form link shows its own booking; the emailed link shows, stops news and erases everything, once', async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  const guest = {
    name: `Meera Iyer ${tag}`,
    mobile: `091${String(Date.now()).slice(-7)}`,
    email: `meera.${tag}@example.org`,
  };
  const guestToken = await bookWithToken(
    guestBooking({ ...guest, date: restaurantDate(9), notes: 'Meera is allergic to peanuts' }),
  );
  const consent = await api.post(`${backend.url}/rest/v1/rpc/give_consent`, {
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}` },
    data: { p_token: guestToken, p_purpose: 'marketing_email', p_text_version: '2026-12-04', p_source: 'home_form' },
  });
  expect(consent.status(), await consent.text()).toBe(204);
  const strangerToken = await bookWithToken(guestBooking({ ...guest, date: restaurantDate(11), guests: 5 }));

  // The stranger's manage page: their own booking only. The footer's "stop news" link withdraws
  // nothing of the guest's, and says where to go instead.
  await page.goto(`${app.url}/booking/${strangerToken}?consent=withdraw`);
  const data = yourData(page, 'Your data');
  await expect(data.getByRole('status')).toHaveText(/^This booking holds no consent to news and offers\./);
  await data.getByRole('button', { name: 'Show what you keep' }).click();
  await expect(data.getByText('5', { exact: true })).toBeVisible();
  await expect(data.getByText(/peanuts/)).toHaveCount(0);
  await expect(data.getByText('Reference', { exact: true })).toHaveCount(1);

  await data.getByRole('button', { name: 'Email me a link to all my data' }).click();
  await expect(
    data.getByRole('status').filter({ hasText: 'We have sent a link to the email address on this booking.' }),
  ).toHaveText('We have sent a link to the email address on this booking. It works for 30 minutes.');
  await expectNoAxeViolations(page);
  const link = await mailedLink(guest.email, /your link to all your data/);

  // The emailed link: both bookings, the note included.
  await page.goto(`${app.url}${link}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Everything we keep about you' })).toBeVisible();
  const all = yourData(page, 'Your data');
  await all.getByRole('button', { name: 'Show what you keep' }).click();
  await expect(all.getByText('Meera is allergic to peanuts')).toBeVisible();
  await expect(all.getByText('Reference', { exact: true })).toHaveCount(2);
  await expect(all.getByText('Also kept: 2 history entries, 3 emails, 1 consent record.')).toBeVisible();
  await all.getByRole('button', { name: 'Stop all news and offers' }).click();
  await expect(
    all.getByRole('status').filter({ hasText: 'You will no longer receive news and offers.' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await all.getByRole('button', { name: 'Erase my data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase your personal data?' });
  await expect(dialog).toContainText('all your bookings made with this email');
  await dialog.getByRole('button', { name: 'Yes, erase it' }).click();
  await expect(all.getByText(/Your personal data has been erased/)).toBeVisible();

  // Used: the page says so.
  await page.goto(`${app.url}${link}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
});

test('in Vietnamese: the manage page offers the link, and the emailed link opens the Vietnamese page', async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  const guest = {
    name: `Trần Thu ${tag}`,
    mobile: `093${String(Date.now()).slice(-7)}`,
    email: `thu.${tag}@example.org`,
  };
  const token = await bookWithToken(guestBooking({ ...guest, date: restaurantDate(10) }), 'vi');
  await page.goto(`${app.url}/vi/booking/${token}`);
  const data = yourData(page, 'Dữ liệu của bạn');
  await data.getByRole('button', { name: 'Gửi cho tôi đường dẫn tới toàn bộ dữ liệu' }).click();
  await expect(data.getByRole('status')).toContainText('Đường dẫn có hiệu lực trong 30 phút.');
  const link = await mailedLink(guest.email, /đường dẫn tới toàn bộ dữ liệu/);
  expect(link.startsWith('/vi/booking/data/')).toBe(true);
  await page.goto(`${app.url}${link}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mọi thông tin chúng tôi lưu về bạn' })).toBeVisible();
  await expectNoAxeViolations(page);
});
