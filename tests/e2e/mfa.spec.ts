/**
 * Two-factor sign-in in Chromium, on a server of its own (the shared server's staff account must
 * keep signing in with a password): a staff member enrols an authenticator app on the account
 * screen (the setup key read from the screen, codes computed with otpauth), signs out, and signs
 * in with password and code; the password alone reads nothing; a code is refused the second time.
 * Then the owner requires two-factor for everyone, and an account without it is sent to enrol;
 * and the password changes on the same screen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, request, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { guestBooking } from '../support/builders.ts';
import { type Backend, backendOf, bookAsGuest, signIn } from './support/backend.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const owner = { email: 'owner@saffronlotus.test', password: 'tamarind chutney on a rainy monday' };
const host = { email: 'second-host@saffronlotus.test', password: 'lotus ponds beside the old citadel' };

test.describe.configure({ mode: 'serial' });

let server: TestServer;
let dataDir: string | undefined;
let api: APIRequestContext;
let backend: Backend;
/** The owner's page, signed in with both factors by the first test and used by the later ones. */
let ownerPage: Page;
let ownerTotp: TOTP;

/** The 6-digit code of the time step `steps` from now (the server accepts the current step ±1). */
const codeAt = (totp: TOTP, steps = 0) => totp.generate({ timestamp: Date.now() + steps * 30_000 });

/** Whatever the account reads of the bookings with this access token. */
async function bookingsReadWith(token: string): Promise<unknown[]> {
  const response = await api.get(`${backend.url}/rest/v1/reservations?select=name`, {
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as unknown[];
}

async function signInWithPassword(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto(`${backend.url}/admin/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Enrols an authenticator app on the account screen and returns its TOTP generator. */
async function enrolOnAccountScreen(page: Page, name: string): Promise<TOTP> {
  await page.getByLabel('Name of the app or device').fill(name);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const qr = page.getByRole('img', { name: `QR code to add ${name} to an authenticator app` });
  await expect(qr).toBeVisible();
  // The image really draws (an SVG data URL, nothing fetched from elsewhere).
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  const secret = (await page.getByLabel('Setup key').inputValue()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  await page.getByLabel('Code from the app').fill(codeAt(totp));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('Two-factor sign-in is on for your account.')).toBeVisible();
  await expect(page.getByText('On: sign-in asks for a code')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Authenticator apps' }).getByText(name)).toBeVisible();
  return totp;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test.beforeAll(async ({ browser }) => {
  // Two starts of the server on a busy machine.
  test.setTimeout(120_000);
  // Two staff accounts: the server ensures the ADMIN_EMAIL account at each start, on one data folder.
  dataDir = mkdtempSync(join(tmpdir(), 'saffron-e2e-mfa-'));
  const first = await startTestServer({ ADMIN_EMAIL: host.email, ADMIN_PASSWORD: host.password }, dataDir);
  await first.stop();
  server = await startTestServer({ ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password }, dataDir);
  api = await request.newContext();
  backend = await backendOf(api, server.url);
  await bookAsGuest(api, backend, guestBooking({ name: 'Kavya Menon' }));
  ownerPage = await newPage(browser);
});

test.afterAll(async () => {
  await ownerPage?.context().close();
  await api?.dispose();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('enrol an authenticator app, sign out, and sign in with password and code; a code works once', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const page = ownerPage;
  await signInWithPassword(page, owner);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByText('Off: sign-in asks for the password only')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  ownerTotp = await enrolOnAccountScreen(page, 'Kitchen phone');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // The password alone: a session, but the database gives it nothing.
  const passwordOnly = await signIn(api, backend, owner);
  expect(await bookingsReadWith(passwordOnly.access_token)).toEqual([]);

  await signInWithPassword(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  // Half signed in: the dashboard sends the session back for its code.
  await page.goto(`${backend.url}/admin/dashboard`);
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();

  // The enrolment used this step's code: sign in with the next one (accepted one step early).
  const code = codeAt(ownerTotp, 1);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('rowheader', { name: 'Kavya Menon' })).toBeVisible();
  // The live board listens with the aal2 token: a new booking arrives without a reload.
  await bookAsGuest(api, backend, guestBooking({ name: 'Arjun Live' }));
  await expect(page.getByRole('rowheader').first()).toHaveText('Arjun Live');

  // Someone who saw that code (and knows the password) cannot use it again.
  const other = await newPage(browser);
  try {
    await signInWithPassword(other, owner);
    await expect(other.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
    expect((await new AxeBuilder({ page: other }).analyze()).violations).toEqual([]);
    await other.getByLabel('Authentication code').fill(code);
    await other.getByRole('button', { name: 'Verify' }).click();
    await expect(other.getByText(/^Invalid TOTP code entered/)).toBeVisible();
    await expect(other.getByLabel('Authentication code')).toHaveAttribute('aria-invalid', 'true');
    await expect(other).toHaveURL(/\/admin\/login$/);
    await other.goto(`${backend.url}/admin/dashboard`);
    await expect(other).toHaveURL(/\/admin\/login$/);
  } finally {
    await other.context().close();
  }
});

test('the owner requires two-factor for everyone; an account without it is sent to enrol', async ({ browser }) => {
  test.setTimeout(60_000);
  await ownerPage.goto(`${backend.url}/admin/account`);
  const requirement = ownerPage.getByRole('checkbox', { name: 'Require two-factor sign-in for every staff account' });
  await expect(requirement).not.toBeChecked();
  await requirement.check();
  await expect(ownerPage.getByText('Two-factor sign-in is now required for every staff account.')).toBeVisible();
  await expect(requirement).toBeChecked();

  // Another staff account, without a factor: its password reads nothing now.
  const passwordOnly = await signIn(api, backend, host);
  expect(await bookingsReadWith(passwordOnly.access_token)).toEqual([]);

  const page = await newPage(browser);
  try {
    await signInWithPassword(page, host);
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Two-factor sign-in is required' })).toBeVisible();
    // It cannot switch the rule off without a factor of its own.
    await expect(
      page.getByRole('checkbox', { name: 'Require two-factor sign-in for every staff account' }),
    ).toBeDisabled();
    // Any other staff screen sends it back here.
    await page.getByRole('link', { name: 'Reservations' }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);

    await enrolOnAccountScreen(page, 'Host tablet');
    await page.getByRole('link', { name: 'Reservations' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('rowheader', { name: 'Kavya Menon' })).toBeVisible();
  } finally {
    await page.context().close();
  }
});

test('the password changes on the account screen, with the current one and the staff rule', async () => {
  const page = ownerPage;
  await page.goto(`${backend.url}/admin/account`);
  // By role: the labels' text also holds the required mark, which the accessible names leave out.
  const current = page.getByRole('textbox', { name: 'Current password', exact: true });
  const fresh = page.getByRole('textbox', { name: 'New password', exact: true });
  const repeat = page.getByRole('textbox', { name: 'Repeat the new password', exact: true });
  const save = page.getByRole('button', { name: 'Change password' });

  await current.fill(owner.password);
  await fresh.fill('password1234');
  await repeat.fill('password1234');
  await save.click();
  await expect(page.getByText('The password is too common: choose one that others do not use.')).toBeVisible();

  const next = 'cumin seeds crackle in hot ghee';
  await current.fill('not the current password');
  await fresh.fill(next);
  await repeat.fill(`${next}!`);
  await save.click();
  await expect(page.getByText('The two new passwords are not the same')).toBeVisible();
  await repeat.fill(next);
  await save.click();
  await expect(page.getByText('That is not your current password')).toBeVisible();

  await current.fill(owner.password);
  await save.click();
  await expect(page.getByText('Password changed. Other devices are signed out.')).toBeVisible();
  await expect(current).toHaveValue('');
  // This page stays signed in; the new password works and the old one does not.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await signIn(api, backend, { email: owner.email, password: next });
  const old = await api.post(`${backend.url}/auth/v1/token?grant_type=password`, {
    headers: { apikey: backend.anonKey },
    data: owner,
  });
  expect(old.status()).toBe(400);
});
