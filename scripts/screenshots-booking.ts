/**
 * Screenshots of the guest's side of a booking (issue 14) at 375, 768 and 1440 px, in headless
 * Chromium against the built app served by the real server: the confirmation panel after a booking
 * on the home page, the manage page (booked, then cancelled), a link that opens no booking, and the
 * confirmation email's HTML as the worker composes it.
 * `npm run build && node scripts/screenshots-booking.ts [outDir]` (default docs/screenshots).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';
import { composeMail } from '../src/server/mail/compose.ts';
import { startTestServer } from '../tests/e2e/support/server.ts';

const outDir = process.argv[2] ?? join(import.meta.dirname, '..', 'docs', 'screenshots');
const widths = [375, 768, 1440] as const;

/** yyyy-MM-dd, `days` from today in Vietnam. */
function restaurantDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

async function shoot(page: Page, name: string, width: number): Promise<void> {
  await page.waitForLoadState('networkidle');
  // From the top: the fixed header would otherwise be pictured where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(outDir, `${name}-${width}.jpg`), type: 'jpeg', quality: 80, fullPage: true });
}

mkdirSync(outDir, { recursive: true });
const staff = { email: 'manager@saffronlotus.example', password: 'screenshots-only-passphrase' };
const server = await startTestServer({ ADMIN_EMAIL: staff.email, ADMIN_PASSWORD: staff.password });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
try {
  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 812 : 900 },
      reducedMotion: 'reduce',
      locale: 'en-US',
      timezoneId: 'Asia/Ho_Chi_Minh',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/#booking`, { waitUntil: 'networkidle' });
    const form = page.locator('section[id="booking"]');
    await form.getByRole('button', { name: 'BOOK YOUR TABLE' }).waitFor();
    await form.getByLabel('Name').fill('Nguyễn Thu Hà');
    await form.getByLabel('Mobile').fill('+84 912 345 678');
    await form.getByLabel('Email').fill('thuha.nguyen@gmail.com');
    await form.getByLabel('Branch').selectOption('Hanoi (main branch)');
    await form.getByLabel('Date').fill(restaurantDate(12));
    await form.getByLabel('Guests').selectOption({ label: '4 Guests' });
    await form.getByLabel('Time').selectOption({ label: '7:30 PM' });
    await form.getByRole('button', { name: 'BOOK YOUR TABLE' }).click();
    const panel = page.getByRole('region', { name: 'Your table is booked' });
    await panel.waitFor();
    // The success toast fades; the picture is of the panel under the reset form.
    await page
      .getByRole('region', { name: /^Notifications/ })
      .getByText('Reservation submitted successfully!')
      .waitFor();
    await page.waitForTimeout(4500);
    // The panel's top just under the fixed header.
    await panel.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 88));
    await page.screenshot({ path: join(outDir, `booking-confirmation-${width}.jpg`), type: 'jpeg', quality: 80 });

    await panel.getByRole('link', { name: 'View or cancel this booking' }).click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, 'manage-booking', width);
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('dialog').waitFor();
    // The dialog over the page as the guest sees it: the viewport, not the whole page.
    await page.screenshot({ path: join(outDir, `manage-booking-confirm-${width}.jpg`), type: 'jpeg', quality: 80 });
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByText(/This booking was cancelled on/).waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText(/This booking was cancelled on/).waitFor();
    await shoot(page, 'manage-booking-cancelled', width);

    // The dashboard with the cancelled booking, struck through and labelled.
    await page.goto(`${server.url}/admin/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.goto(`${server.url}/admin/dashboard?status=cancelled`, { waitUntil: 'networkidle' });
    await page.getByRole('rowheader').first().waitFor();
    await shoot(page, 'admin-dashboard-cancelled', width);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');

    await page.goto(`${server.url}/booking/${'A'.repeat(43)}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'We can’t find this booking' }).waitFor();
    await shoot(page, 'manage-booking-not-found', width);

    // The email as a guest who booked in English, and one who booked in Vietnamese, reads it.
    for (const language of ['en', 'vi'] as const) {
      const mail = composeMail(
        {
          messageKey: 'sl-7k3q9x.confirmation.1',
          kind: 'confirmation',
          payload: {
            reference: 'SL-7K3Q9X',
            name: 'Nguyễn Thu Hà',
            date: restaurantDate(12),
            time: '07:30',
            period: 'PM',
            guests: 4,
            branch: 'Hanoi (main branch)',
            revision: 0,
            manage_token: 'x'.repeat(43),
            language,
          },
        },
        { siteUrl: 'https://saffronlotus.vn' },
      );
      await page.setContent(mail.html, { waitUntil: 'load' });
      await shoot(page, language === 'en' ? 'booking-email' : 'booking-email-vi', width);
    }
    await context.close();
  }
  console.log(`Screenshots written to ${outDir}`);
} finally {
  await browser.close();
  await server.stop();
}
