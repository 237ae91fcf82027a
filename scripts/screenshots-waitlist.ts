/**
 * Screenshots of the guest-facing pages of issue 26 at 375 and 1440 px, in headless Chromium
 * against the built app served by the real server (email to a local SMTP server started here):
 * the home form's "Tell me if a table frees up" on a full time, the manage page with "I'll be
 * there" and the change form, and the claim page a waitlist offer email opens.
 * `npm run build && node scripts/screenshots-waitlist.ts [outDir]` (default docs/screenshots).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { chromiumArgs } from '../playwright.config.ts';
import { newReceiptSecret, receiptSecretHeader } from '../src/domain/booking-lifecycle.ts';
import { freePort } from '../tests/e2e/support/free-port.ts';
import { startTestServer } from '../tests/e2e/support/server.ts';

const outDir = process.argv[2] ?? join(import.meta.dirname, '..', 'docs', 'screenshots');
const widths = [375, 1440] as const;

function restaurantDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

async function shoot(page: Page, name: string, width: number): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(outDir, `${name}-${width}.jpg`), type: 'jpeg', quality: 80, fullPage: true });
}

mkdirSync(outDir, { recursive: true });
const received: ParsedMail[] = [];
const smtpPort = await freePort();
const smtp = new SMTPServer({
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
await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', () => resolve()));
const staff = { email: 'manager@saffronlotus.example', password: 'screenshots-only-passphrase' };
const server = await startTestServer({
  ADMIN_EMAIL: staff.email,
  ADMIN_PASSWORD: staff.password,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  RATE_LIMITS: 'off',
});
const config = (await (await fetch(`${server.url}/config.json`)).json()) as { supabaseAnonKey: string };
const anon = { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` };
const rest = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}/rest/v1/${path}`, {
    method: 'POST',
    headers: { ...anon, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
};
const signIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
  method: 'POST',
  headers: { ...anon, 'Content-Type': 'application/json' },
  body: JSON.stringify(staff),
});
const session = (await signIn.json()) as { access_token: string };
await rest(
  'rpc/save_branch_settings',
  {
    p_branch: 'Hanoi (main branch)',
    p_settings: {
      time_zone: 'Asia/Ho_Chi_Minh',
      covers_per_slot: 6,
      max_party: null,
      booking_window_days: null,
      hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '10:30', closes: '23:00' })),
      closed_dates: [],
    },
  },
  { Authorization: `Bearer ${session.access_token}` },
);

async function book(row: Record<string, unknown>): Promise<string> {
  const secret = newReceiptSecret();
  const [{ reference }] = (await rest('reservations?select=reference', row, {
    Prefer: 'return=representation',
    [receiptSecretHeader]: secret,
  })) as [{ reference: string }];
  return (await rest('rpc/booking_receipt', { p_reference: reference, p_secret: secret })) as string;
}

const guest = { mobile: '+84 912 345 678', branch: 'Hanoi (main branch)', period: 'PM', notes: null };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
try {
  for (const [index, width] of widths.entries()) {
    const day = restaurantDate(12 + index);
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 812 : 900 },
      reducedMotion: 'reduce',
      locale: 'en-US',
      timezoneId: 'Asia/Ho_Chi_Minh',
    });
    const page = await context.newPage();

    // The home form: 7:30 PM has 2 covers left, and the guest wants a table for 4.
    await rest('reservations', {
      ...guest,
      name: 'Lê Minh',
      email: 'le.minh@example.com',
      date: day,
      guests: 4,
      time: '07:30',
    });
    await page.goto(`${server.url}/#booking`, { waitUntil: 'networkidle' });
    const form = page.locator('section[id="booking"]');
    await form.getByRole('button', { name: 'BOOK YOUR TABLE' }).waitFor();
    await form.getByLabel('Name').fill('Nguyễn Thu Hà');
    await form.getByLabel('Mobile').fill('+84 912 345 678');
    await form.getByLabel('Email').fill('thuha.nguyen@gmail.com');
    await form.getByLabel('Branch').selectOption('Hanoi (main branch)');
    await form.getByLabel('Date').fill(day);
    await form.getByLabel('Guests').selectOption({ label: '2 Guests' });
    await form.getByLabel('Time').selectOption({ label: '7:30 PM' });
    await form.getByLabel('Guests').selectOption({ label: '4 Guests' });
    await page.getByRole('button', { name: 'Tell me if a table frees up' }).click();
    const offer = page.getByRole('form', { name: 'Tell me if a table frees up' });
    await offer.waitFor();
    await offer.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 300));
    await page.screenshot({ path: join(outDir, `waitlist-offer-${width}.jpg`), type: 'jpeg', quality: 80 });

    // The manage page as the reminder's "I'll be there" opens it, with the change form open.
    const token = await book({
      ...guest,
      name: 'Trần Bảo',
      email: 'tran.bao@example.com',
      date: day,
      guests: 2,
      time: '06:30',
    });
    await page.goto(`${server.url}/booking/${token}?confirm=1`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: "I'll be there" }).waitFor();
    await page.getByRole('button', { name: 'Change date, time or guests' }).click();
    await page.getByRole('form', { name: 'Change your booking' }).getByLabel('Time').selectOption({ label: '8:00 PM' });
    await shoot(page, 'manage-booking-answers', width);

    // The claim page: a table of 6 is cancelled, and the first guest waiting is offered it.
    const six = await book({
      ...guest,
      name: 'Phạm Lan',
      email: 'pham.lan@example.com',
      date: day,
      guests: 6,
      time: '08:30',
    });
    const email = `waiting-${width}@example.com`;
    await rest('waitlist_entries', {
      branch: 'Hanoi (main branch)',
      date: day,
      time_from: '20:30',
      time_to: '20:30',
      guests: 3,
      name: 'Đỗ Quang',
      mobile: '+84 913 222 333',
      email,
    });
    await rest('rpc/cancel_booking', { p_token: six });
    let mail: ParsedMail | undefined;
    for (let tries = 0; tries < 200 && !mail; tries += 1) {
      mail = received.find((m) => m.to && !Array.isArray(m.to) && m.to.text === email);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const link = /\/booking\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '')?.[0];
    if (!link) throw new Error('no waitlist offer arrived');
    await page.goto(`${server.url}${link}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'A table is held for you' }).waitFor();
    await shoot(page, 'waitlist-claim', width);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
}
