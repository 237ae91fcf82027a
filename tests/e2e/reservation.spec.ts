import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { e2eStaff } from '../../playwright.config.ts';
import { marketingConsentVersion } from '../../src/domain/guests.ts';
import { sheetsPayload } from '../support/builders.ts';
import { freePort } from './support/free-port.ts';
import { startTestServer, type TestServer } from './support/server.ts';

// 10:00 on Sunday 20 December 2026 in Vietnam (UTC+7).
const fixedNow = new Date('2026-12-20T03:00:00.000Z');

const submitButton = (page: Page) => page.getByRole('button', { name: 'Reserve Table' });
const day = (page: Page, label: RegExp) => page.getByRole('button', { name: label });

/** Fills every field the way a guest would, picking Thursday 24 December 2026 unless told not to. */
async function fillForm(page: Page, { pickDate = true } = {}) {
  if (pickDate) await day(page, /December 24, 2026/).click();
  await page.getByRole('spinbutton', { name: 'Guests' }).fill('4');
  await page.getByRole('combobox', { name: 'Branch' }).selectOption('Uptown');
  await page.getByRole('combobox', { name: 'Time' }).selectOption({ label: '7:00 PM' });
  await page.getByRole('combobox', { name: 'Period' }).selectOption('Dinner');
  await page.getByRole('textbox', { name: 'Name' }).fill('Anh Nguyen');
  await page.getByRole('textbox', { name: 'Mobile' }).fill('+84 912 345 678');
  await page.getByRole('textbox', { name: 'Email' }).fill('anh@example.com');
  await page.getByRole('textbox', { name: 'Notes' }).fill('Window table, please');
}

/** What the page sends for fillForm's booking (Thursday 24 December 2026), timed at fixedNow. */
const expectedPayload = sheetsPayload({ date: '2026-12-24', timestamp: fixedNow.toISOString() });

test.describe('the /reservation page', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(fixedNow);
  });

  test('shows the heading, a labelled field for everything, and the page option sets', async ({ page }) => {
    await page.goto('/reservation');
    await expect(page.getByRole('heading', { level: 1, name: 'Make a Reservation' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Date' }).getByRole('grid')).toBeVisible();
    const guests = page.getByRole('spinbutton', { name: 'Guests' });
    await expect(guests).toHaveAttribute('min', '1');
    await expect(guests).not.toHaveAttribute('max');
    for (const name of ['Name', 'Mobile', 'Email', 'Notes']) {
      await expect(page.getByRole('textbox', { name })).toBeVisible();
    }
    await expect(page.getByRole('textbox', { name: 'Mobile' })).toHaveAttribute('type', 'tel');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    const options = (name: string) =>
      page.getByRole('combobox', { name }).locator('option:not([disabled])').allTextContents();
    expect(await options('Branch')).toEqual(['Downtown', 'Uptown', 'Suburb']);
    expect(await options('Time')).toEqual([
      '12:00 PM',
      '1:00 PM',
      '2:00 PM',
      '6:00 PM',
      '7:00 PM',
      '8:00 PM',
      '9:00 PM',
    ]);
    expect(await options('Period')).toEqual(['Lunch', 'Dinner']);
    for (const name of ['Branch', 'Time', 'Period']) {
      await expect(page.getByRole('combobox', { name })).toHaveAttribute('required', '');
    }
  });

  test('disables the days before today and keeps today selectable', async ({ page }) => {
    await page.goto('/reservation');
    await expect(day(page, /^Today, Sunday, December 20, 2026/)).toBeEnabled();
    await expect(day(page, /December 19, 2026/)).toBeDisabled();
    await expect(day(page, /December 1, 2026/)).toBeDisabled();
    await expect(page.getByRole('button', { name: /previous month/i })).toBeDisabled();
  });

  test('says "Please select a date" and sends nothing when no date is picked', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.goto('/reservation');
    await submitButton(page).click();
    await expect(page.getByText('Please select a date', { exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Date' })).toHaveAccessibleDescription('Please select a date');
    // The form sends the guest to the calendar, on the day a keyboard would start from.
    await expect(day(page, /^Today, Sunday, December 20, 2026/)).toBeFocused();
    await expect(page.getByText('Please select a branch')).toBeVisible();
    await expect(page.getByText('Please select a time')).toBeVisible();
    await expect(page.getByText('Please select a period')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Please fill in this field');

    await fillForm(page, { pickDate: false });
    await submitButton(page).click();
    await expect(page.getByText('Please select a date', { exact: true })).toBeVisible();
    await expect(page.getByText('Please select a branch')).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
    expect(posts).toEqual([]);
  });

  test('is operable by keyboard: arrows move between days, Enter picks', async ({ page }) => {
    await page.goto('/reservation');
    const today = day(page, /^Today, Sunday, December 20, 2026/);
    await today.focus();
    await page.keyboard.press('ArrowLeft'); // yesterday is disabled: focus stays on an enabled day
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect(day(page, /^Monday, December 28, 2026$/)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(day(page, /^Thursday, December 24, 2026$/)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(day(page, /^Thursday, December 24, 2026, selected$/)).toBeVisible();
    await expect(page.getByText('Selected: Thursday, December 24, 2026')).toBeVisible();
    await page.keyboard.press('PageDown');
    await expect(day(page, /^Sunday, January 24, 2027$/)).toBeFocused();
  });

  test('shows the failure message when the request fails, keeping what was typed', async ({ page }) => {
    await page.route('**/sheets/exec', (route) => route.abort('failed'));
    await page.goto('/reservation');
    await fillForm(page);
    await submitButton(page).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to submit reservation. Please try again.' }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Anh Nguyen');
    await expect(submitButton(page)).toBeEnabled();
  });

  test('disables the button while sending', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/sheets/exec', async (route) => {
      await held;
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' });
    });
    await page.goto('/reservation');
    await fillForm(page);
    await submitButton(page).click();
    const sending = page.getByRole('button', { name: 'Sending…' });
    await expect(sending).toBeDisabled();
    await sending.click({ force: true }); // a second press while sending does nothing
    release();
    await expect(page.getByRole('status').filter({ hasText: 'Reservation submitted successfully!' })).toBeVisible();
    await expect(submitButton(page)).toBeEnabled();
  });

  test('a guest who fills the form before the page’s code has arrived keeps what they typed and chose', async ({
    page,
  }) => {
    // Hold back the form's code (its island), as a slow phone connection would: the prerendered form is there
    // and the guest starts on it. When the code arrives and the form hydrates, the fields keep what
    // was typed and chosen, and it is what the form sends. (The calendar cannot be used before:
    // this test's clock is on another day than the server's, so the page's calendar is not the
    // visitor's until the code is there.)
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/reservation-island-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const posts: string[] = [];
    await page.route('**/sheets/exec', async (route) => {
      posts.push(route.request().postData() ?? '');
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' });
    });
    await page.goto('/reservation', { waitUntil: 'commit' });
    await expect(submitButton(page)).toBeDisabled();
    await page.getByRole('spinbutton', { name: 'Guests' }).fill('4');
    await page.getByRole('combobox', { name: 'Branch' }).selectOption('Uptown');
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.click();
    await page.keyboard.type('Anh Nguyen');
    const field = await name.elementHandle();
    await expect(page.locator('[data-island="reservation-form"]')).not.toHaveAttribute('data-hydrated', 'true');
    release();

    await expect(submitButton(page)).toBeEnabled();
    expect(await field?.evaluate((element) => element.isConnected && element === document.activeElement)).toBe(true);
    await expect(name).toHaveValue('Anh Nguyen');
    await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveValue('Uptown');
    await expect(page.getByRole('spinbutton', { name: 'Guests' })).toHaveValue('4');

    await day(page, /December 24, 2026/).click();
    await page.getByRole('combobox', { name: 'Time' }).selectOption({ label: '7:00 PM' });
    await page.getByRole('combobox', { name: 'Period' }).selectOption('Dinner');
    await page.getByRole('textbox', { name: 'Mobile' }).fill('+84 912 345 678');
    await page.getByRole('textbox', { name: 'Email' }).fill('anh@example.com');
    await page.getByRole('textbox', { name: 'Notes' }).fill('Window table, please');
    await submitButton(page).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reservation submitted successfully!' })).toBeVisible();
    expect(posts.map((body) => JSON.parse(body))).toEqual([expectedPayload]);
  });

  test('posts to the embedded receiver by default, which stores the reservation for staff', async ({
    page,
    request,
  }) => {
    const email = `guest-${randomUUID()}@example.com`;
    await page.goto('/reservation');
    await fillForm(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/sheets/exec' && response.request().method() === 'POST',
    );
    await submitButton(page).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    await expect(page.getByRole('status').filter({ hasText: 'Reservation submitted successfully!' })).toBeVisible();
    // The form starts over for the next booking.
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await expect(page.getByText('No date selected yet.')).toBeVisible();

    // Staff see it, through the backend the dashboard reads (calls 4 and 2) with the real client.
    const config = (await (await request.get('/config.json')).json()) as {
      supabaseUrl: string;
      supabaseAnonKey: string;
    };
    const supabase = createClient(config.supabaseUrl, config.supabaseAnonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { error: signInError } = await supabase.auth.signInWithPassword(e2eStaff);
    expect(signInError).toBeNull();
    const { data, error } = await supabase
      .from('reservations')
      .select('name, mobile, email, date, guests, branch, time, period, notes, arrived, allocated')
      .eq('email', email);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: 'Anh Nguyen',
        mobile: '+84 912 345 678',
        email,
        date: '2026-12-24',
        guests: 4,
        branch: 'Uptown',
        time: '19:00',
        period: 'Dinner',
        notes: 'Window table, please',
        arrived: false,
        allocated: false,
      },
    ]);
    // Only this session: a global sign-out would end the sessions other tests are using.
    await supabase.auth.signOut({ scope: 'local' });
  });

  test('offers the home form’s news-and-offers box, unticked, in both languages', async ({ page }) => {
    for (const home of ['/', '/vi']) {
      await page.goto(`${home}#booking`);
      const homeBox = page.locator('section[id="booking"]').getByRole('checkbox');
      await expect(homeBox).toHaveCount(1);
      const label = (await homeBox.evaluate((box) => box.closest('label')?.textContent ?? '')).trim();
      expect(label).toMatch(home === '/' ? /^Keep me posted with news and offers/ : /^Gửi tin tức và ưu đãi/);
      await page.goto(home === '/' ? '/reservation' : '/vi/reservation');
      const box = page.getByRole('checkbox', { name: label, exact: true });
      await expect(box).toBeVisible();
      await expect(box).not.toBeChecked();
    }
  });

  for (const ticked of [true, false]) {
    test(`${ticked ? 'ticked, records the guest’s consent as the home form does' : 'unticked, records no consent'}; call 8’s payload is the spec’s either way`, async ({
      page,
      request,
    }) => {
      const email = `news-${randomUUID()}@example.com`;
      // A guest of this test's own: one guest per mobile, and consent belongs to the guest.
      const mobile = `+84 914 ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
      await page.goto('/reservation');
      await fillForm(page);
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('textbox', { name: 'Mobile' }).fill(mobile);
      const box = page.getByRole('checkbox', { name: /^Keep me posted with news and offers/ });
      if (ticked) await box.check();
      const answered = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/sheets/exec' && response.request().method() === 'POST',
      );
      await submitButton(page).click();
      const response = await answered;
      expect(response.status()).toBe(200);
      const sent = response.request();
      expect(new URL(sent.url()).search).toBe(ticked ? '?news=yes' : '');
      const payload = JSON.parse(sent.postData() ?? '');
      expect(payload).toEqual({ ...expectedPayload, email, mobile });
      expect(Object.keys(payload)).toEqual(Object.keys(expectedPayload));
      await expect(page.getByRole('status').filter({ hasText: 'Reservation submitted successfully!' })).toBeVisible();
      // The form starts over, the box unticked again.
      await expect(box).not.toBeChecked();

      // Staff read the guest's consents (the guest's page reads the same rows).
      const config = (await (await request.get('/config.json')).json()) as {
        supabaseUrl: string;
        supabaseAnonKey: string;
      };
      const supabase = createClient(config.supabaseUrl, config.supabaseAnonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      });
      expect((await supabase.auth.signInWithPassword(e2eStaff)).error).toBeNull();
      const booked = await supabase.from('reservations').select('guest_id').eq('email', email);
      expect(booked.error).toBeNull();
      const guestId = booked.data?.[0]?.guest_id;
      expect(guestId).toEqual(expect.any(String));
      const consents = await supabase
        .from('consents')
        .select('purpose, text_version, source, withdrawn_at')
        .eq('guest_id', guestId);
      expect(consents.error).toBeNull();
      expect(consents.data).toEqual(
        ticked
          ? [
              {
                purpose: 'marketing_email',
                text_version: marketingConsentVersion,
                source: 'reservation_form',
                withdrawn_at: null,
              },
            ]
          : [],
      );
      await supabase.auth.signOut({ scope: 'local' });
    });
  }

  test('has no accessibility violations, empty and with errors', async ({ page }) => {
    await page.goto('/reservation');
    await expect(page.getByRole('heading', { name: 'Make a Reservation' })).toBeVisible();
    const scan = () => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect((await scan()).violations).toEqual([]);
    await submitButton(page).click();
    await expect(page.getByText('Please select a date', { exact: true })).toBeVisible();
    expect((await scan()).violations).toEqual([]);
  });
});

test.describe('before its script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('the page arrives with its form, titled, and a press cannot send the bare form', async ({ page }) => {
    const response = await page.goto('/reservation');
    expect(await response?.text()).toContain('data-prerendered="/reservation"');
    await expect(page).toHaveTitle(/^Make a Reservation — Saffron Lotus/);
    await expect(page.getByRole('heading', { level: 1, name: 'Make a Reservation' })).toBeVisible();
    for (const name of ['Name', 'Mobile', 'Email', 'Notes']) {
      await expect(page.getByRole('textbox', { name })).toBeVisible();
    }
    await expect(page.getByRole('spinbutton', { name: 'Guests' })).toBeVisible();
    // The HTML form would send the guest's details in the address (a GET): until the page's code
    // runs, its button stays disabled.
    await expect(submitButton(page)).toBeDisabled();
  });

  test("the calendar arrives as today's in Vietnam, rendered by the server", async ({ page }) => {
    await page.goto('/reservation');
    await expect(day(page, new RegExp(`^Today, ${dayLabel(0)}$`))).toBeEnabled();
    // Yesterday is disabled, when this month shows it.
    const yesterday = day(page, new RegExp(`^${dayLabel(-1)}$`));
    if ((await yesterday.count()) > 0) await expect(yesterday).toBeDisabled();
  });
});

/** "Saturday, November 28, 2026": `daysAhead` days after today in Vietnam, as the calendar names its days. */
function dayLabel(daysAhead: number): string {
  const moment = new Date(Date.now() + daysAhead * 86_400_000);
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Ho_Chi_Minh',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(moment);
}

test.describe('the form on arrival, on the real clock', () => {
  test("its code waits for the guest's first touch, and the day picked meanwhile is picked", async ({ page }) => {
    const islandScripts: string[] = [];
    page.on('request', (request) => {
      if (/reservation-island-[^/]*\.js$/.test(request.url())) islandScripts.push(request.url());
    });
    await page.goto('/reservation', { waitUntil: 'networkidle' });
    expect(islandScripts).toEqual([]);
    await expect(page.locator('[data-island="reservation-form"]')).not.toHaveAttribute('data-hydrated', 'true');
    await day(page, new RegExp(`^Today, ${dayLabel(0)}$`)).click();
    await expect(page.locator('[data-island="reservation-form"][data-hydrated="true"]')).toBeAttached();
    expect(islandScripts).toHaveLength(1);
    await expect(day(page, new RegExp(`^Today, ${dayLabel(0)}, selected$`))).toBeVisible();
    await expect(submitButton(page)).toBeEnabled();
  });
});

test.describe('around midnight in Vietnam, on a device in another time zone', () => {
  test.describe('a device behind Vietnam (Los Angeles)', () => {
    test.use({ timezoneId: 'America/Los_Angeles' });

    test('one minute before midnight in Vietnam, that day is still today', async ({ page }) => {
      // 23:59 on 14 March in Vietnam; 09:59 on 14 March in Los Angeles.
      await page.clock.setFixedTime(new Date('2026-03-14T16:59:00Z'));
      await page.goto('/reservation');
      await expect(day(page, /^Today, Saturday, March 14, 2026/)).toBeEnabled();
      await expect(day(page, /March 13, 2026/)).toBeDisabled();
    });

    test('just after midnight in Vietnam, the device day is already past', async ({ page }) => {
      // 00:00:30 on 15 March in Vietnam; still 10:00 on 14 March in Los Angeles.
      await page.clock.setFixedTime(new Date('2026-03-14T17:00:30Z'));
      await page.goto('/reservation');
      await expect(day(page, /March 14, 2026/)).toBeDisabled();
      await expect(day(page, /^Today, Sunday, March 15, 2026/)).toBeEnabled();
    });

    test('a page left open across midnight in Vietnam stops offering the day that passed', async ({ page }) => {
      await page.clock.install({ time: new Date('2026-03-14T16:59:50Z') });
      await page.goto('/reservation');
      await expect(day(page, /^Today, Saturday, March 14, 2026/)).toBeEnabled();
      await page.clock.runFor('00:20');
      await expect(day(page, /March 14, 2026/)).toBeDisabled();
      await expect(day(page, /^Today, Sunday, March 15, 2026/)).toBeEnabled();
    });
  });

  test.describe('a device ahead of Vietnam (Kiritimati, UTC+14)', () => {
    test.use({ timezoneId: 'Pacific/Kiritimati' });

    test('the device is on the next day, Vietnam is not: the Vietnamese today stays open', async ({ page }) => {
      // 17:30 on 14 March in Vietnam; 00:30 on 15 March on the device.
      await page.clock.setFixedTime(new Date('2026-03-14T10:30:00Z'));
      await page.goto('/reservation');
      await expect(day(page, /^Today, Saturday, March 14, 2026/)).toBeEnabled();
      await expect(day(page, /March 13, 2026/)).toBeDisabled();
    });
  });
});

test.describe('with SHEETS_ENDPOINT pointed at another server', () => {
  interface Captured {
    method: string | undefined;
    headers: IncomingHttpHeaders;
    body: string;
  }
  let capture: Server;
  let captureUrl: string;
  let captured: Captured[] = [];
  let app: TestServer;

  test.beforeAll(async () => {
    const port = await freePort();
    capture = createServer((request, response) => {
      // Like Apps Script: the POST runs the script, then a 302 sends the browser to fetch the
      // answer elsewhere; neither carries CORS headers, and a no-cors request never reads them.
      if (request.method === 'GET' && request.url?.startsWith('/macros/echo')) {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end('{"ok":true}');
        return;
      }
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        captured.push({ method: request.method, headers: request.headers, body });
        response.writeHead(302, { Location: '/macros/echo?user_content_key=test' });
        response.end();
      });
    });
    await new Promise<void>((resolve) => capture.listen(port, '127.0.0.1', resolve));
    captureUrl = `http://127.0.0.1:${port}/macros/s/test-deployment/exec`;
    app = await startTestServer({ SHEETS_ENDPOINT: captureUrl });
  });

  test.afterAll(async () => {
    await app?.stop();
    await new Promise<void>((resolve) => capture?.close(() => resolve()));
  });

  test.beforeEach(() => {
    captured = [];
  });

  test('advertises the endpoint and allows its origin in the Content-Security-Policy', async ({ request }) => {
    const config = await (await request.get(`${app.url}/config.json`)).json();
    expect(config.sheetsEndpoint).toBe(captureUrl);
    const page = await request.get(`${app.url}/reservation`);
    expect(page.headers()['content-security-policy']).toContain(`connect-src 'self' ${new URL(captureUrl).origin}`);
  });

  test('posts the exact payload as text/plain, then confirms and resets the form', async ({ page }) => {
    await page.clock.setFixedTime(fixedNow);
    await page.goto(`${app.url}/reservation`);
    await fillForm(page);
    await submitButton(page).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reservation submitted successfully!' })).toBeVisible();
    expect(captured).toHaveLength(1);
    const [request] = captured;
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('text/plain;charset=UTF-8');
    const payload = JSON.parse(request?.body ?? '');
    expect(payload).toEqual(expectedPayload);
    expect(Object.keys(payload)).toEqual(Object.keys(expectedPayload));
    expect(payload.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(payload.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveValue('');
  });

  test('sends empty notes as an empty string and any number of guests', async ({ page }) => {
    await page.clock.setFixedTime(fixedNow);
    await page.goto(`${app.url}/reservation`);
    await fillForm(page);
    await page.getByRole('textbox', { name: 'Notes' }).fill('');
    await page.getByRole('spinbutton', { name: 'Guests' }).fill('40');
    await submitButton(page).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reservation submitted successfully!' })).toBeVisible();
    expect(JSON.parse(captured[0]?.body ?? '')).toEqual({ ...expectedPayload, notes: '', guests: 40 });
  });
});
