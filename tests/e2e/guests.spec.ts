/**
 * Guests and privacy in Chromium (issue 25): a blocked guest's booking on the home form is refused
 * with the neutral message in English and in Vietnamese, and goes through once the owner unblocks
 * (on a server of its own, whose account is an owner); the news box is unticked, its consent is its
 * own call with the wording's version, and the email's withdrawal link withdraws it; the manage
 * page shows, downloads and erases the guest's data; the privacy notice is reachable from both
 * forms, above their submit buttons, and axe finds nothing on it.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { e2eStaff } from '../../playwright.config.ts';
import { marketingConsentVersion } from '../../src/domain/guests.ts';
import { temporaryPasswordSchema } from '../../src/domain/team.ts';
import { guestBooking } from '../support/builders.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { backendOf, bookAsGuest, signIn } from './support/backend.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const form = (page: Page) => page.locator('section[id="booking"]');
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true });

function futureDate(days = 45): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Fills the home form; the labels in the page's language. */
async function fillHomeForm(
  page: Page,
  details: { name: string; mobile: string; email: string },
  labels = {
    name: 'Name',
    mobile: 'Mobile',
    email: 'Email',
    branch: 'Branch',
    date: 'Date',
    guests: 'Guests',
    time: 'Time',
  },
) {
  const booking = form(page);
  await booking.getByLabel(labels.name).fill(details.name);
  await booking.getByLabel(labels.mobile).fill(details.mobile);
  await booking.getByLabel(labels.email).fill(details.email);
  await booking.getByLabel(labels.branch).selectOption('Da Nang');
  await booking.getByLabel(labels.date).fill(futureDate());
  await booking.getByLabel(labels.guests).selectOption('2');
  await booking.getByLabel(labels.time).selectOption('07:00');
}

test.describe('the block list on a server whose account is an owner', () => {
  const owner = { email: 'owner@saffronlotus.test', password: 'saffron owner keeps the list' };
  let server: TestServer;

  test.beforeAll(async () => {
    // A server of its own starts slower on a busy machine than a test's default 30 s allow.
    test.setTimeout(120_000);
    server = await startTestServer({
      ADMIN_EMAIL: owner.email,
      ADMIN_PASSWORD: owner.password,
      ADMIN_ROLE: 'owner',
      RATE_LIMITS: 'off',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a blocked guest is asked to call, in both languages, until the owner unblocks', async ({ page, request }) => {
    const backend = await backendOf(request, server.url);
    const session = await signIn(request, backend, owner);
    const headers = { apikey: backend.anonKey, Authorization: `Bearer ${session.access_token}` };
    const digits = String(randomInt(10_000_000, 99_999_999));
    await bookAsGuest(
      request,
      backend,
      guestBooking({ mobile: `09${digits}`, email: `blocked-${digits}@example.com` }),
    );
    const found = await request.get(`${server.url}/rest/v1/guests?select=id&mobile=eq.%2B849${digits}`, { headers });
    expect(found.status(), await found.text()).toBe(200);
    const [guest] = (await found.json()) as { id: string }[];
    const block = await request.patch(`${server.url}/rest/v1/guests?id=eq.${guest?.id}`, {
      headers,
      data: { blocked: true, blocked_reason: 'E2E: no-shows' },
    });
    expect(block.status(), await block.text()).toBe(204);

    // The same number written another way, in English.
    await page.goto(`${server.url}/#booking`);
    await expect(form(page).getByRole('button', { name: 'BOOK YOUR TABLE' })).toBeEnabled();
    const details = { name: 'Blocked Guest', mobile: `+84 9${digits}`, email: `blocked-${digits}@example.com` };
    await fillHomeForm(page, details);
    await form(page).getByRole('button', { name: 'BOOK YOUR TABLE' }).click();
    const message = 'Sorry, we cannot take this booking online. Please call the restaurant to book your table.';
    await expect(form(page).getByRole('alert')).toHaveText(message);

    // In Vietnamese.
    await page.goto(`${server.url}/vi/#booking`);
    await expect(form(page).getByRole('button', { name: 'ĐẶT BÀN' })).toBeEnabled();
    await fillHomeForm(page, details, {
      name: 'Họ và tên',
      mobile: 'Số điện thoại',
      email: 'Email',
      branch: 'Cơ sở',
      date: 'Ngày',
      guests: 'Số khách',
      time: 'Giờ',
    });
    await form(page).getByRole('button', { name: 'ĐẶT BÀN' }).click();
    await expect(form(page).getByRole('alert')).toHaveText(
      'Rất tiếc, chúng tôi không thể nhận đặt bàn này trực tuyến. Bạn vui lòng gọi điện cho nhà hàng để đặt bàn nhé.',
    );

    // The owner unblocks: the same booking goes through.
    const unblock = await request.patch(`${server.url}/rest/v1/guests?id=eq.${guest?.id}`, {
      headers,
      data: { blocked: false },
    });
    expect(unblock.status(), await unblock.text()).toBe(204);
    await page.goto(`${server.url}/#booking`);
    await expect(form(page).getByRole('button', { name: 'BOOK YOUR TABLE' })).toBeEnabled();
    await fillHomeForm(page, details);
    await form(page).getByRole('button', { name: 'BOOK YOUR TABLE' }).click();
    await expect(toast(page, 'Reservation submitted successfully!')).toBeVisible();
  });

  test('the owner merges two guests on the guest page and their counts add up, and edits the no-show rule; a host has no rule form', async ({
    page,
    request,
  }) => {
    // Three screens' worth (merge, rule, a host): more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const backend = await backendOf(request, server.url);
    const session = await signIn(request, backend, owner);
    const headers = { apikey: backend.anonKey, Authorization: `Bearer ${session.access_token}` };
    const tag = randomUUID().slice(0, 8);
    const keep = { name: `E2E Keep ${tag}`, mobile: `09${randomInt(10_000_000, 99_999_999)}` };
    const merge = { name: `E2E Merge ${tag}`, mobile: `09${randomInt(10_000_000, 99_999_999)}` };
    // Keep: one visit of 2; Merge: one visit of 5 and one cancellation (statuses as staff set them).
    const bookings: [typeof keep, number, string[]][] = [
      [keep, 2, ['seated', 'finished']],
      [merge, 5, ['seated']],
      [merge, 2, ['cancelled']],
    ];
    for (const [who, guests, statuses] of bookings) {
      await bookAsGuest(request, backend, guestBooking({ ...who, guests, email: `${tag}@example.com` }));
      const rows = await request.get(
        `${server.url}/rest/v1/reservations?select=id&status=eq.booked&name=eq.${encodeURIComponent(who.name)}`,
        { headers },
      );
      const [row] = (await rows.json()) as { id: number }[];
      for (const status of statuses) {
        const changed = await request.patch(`${server.url}/rest/v1/reservations?id=eq.${row?.id}`, {
          headers,
          data: { status },
        });
        expect(changed.status(), await changed.text()).toBe(204);
      }
    }

    await page.goto(`${server.url}/admin/login`);
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: backend.storageKey,
      value: JSON.stringify(session),
    });
    await page.goto(`${server.url}/admin/guests`);
    await page.getByRole('searchbox', { name: 'Search by name, phone, email or tag' }).fill(tag);
    await page.getByRole('button', { name: new RegExp(`^${keep.name}`) }).click();
    const profile = page.getByRole('region', { name: keep.name });
    await profile.getByRole('button', { name: 'Merge with…' }).click();
    await profile.getByRole('searchbox', { name: /^Find the other record of this guest/ }).fill(merge.name);
    await profile.getByRole('button', { name: new RegExp(`^Choose ${merge.name}`) }).click();
    const confirm = profile.getByRole('region', { name: 'Merge with another guest' });
    await expect(confirm).toContainText(
      `Keep: ${keep.name} (+849${keep.mobile.slice(2)} · ${tag}@example.com): 1 visits`,
    );
    await expect(confirm).toContainText(`Merge into it: ${merge.name}`);
    await expect(confirm).toContainText('1 visits, 0 no-shows, 1 cancellations');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Merge the two guests' }).click();
    await expect(toast(page, 'The guests are merged.')).toBeVisible();
    const fact = (label: string) => profile.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
    await expect(fact('Visits').locator('dd')).toHaveText('2');
    await expect(fact('Covers').locator('dd')).toHaveText('7');
    await expect(fact('Cancellations').locator('dd')).toHaveText('1');
    await expect(profile.getByRole('listitem').filter({ hasText: 'Merged' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: new RegExp(`^${merge.name}`) })).toHaveCount(0);

    // The rule: a wrong number is refused in the screen's words, a right one is stored.
    const rule = page.getByRole('form', { name: 'No-show rule' });
    await rule.getByLabel('No-shows').fill('0');
    await rule.getByRole('button', { name: 'Save the rule' }).click();
    await expect(rule.getByRole('alert')).toHaveText('Enter a whole number of no-shows from 1 to 50.');
    await expect(rule.getByLabel('No-shows')).toHaveAttribute('aria-invalid', 'true');
    await rule.getByLabel('No-shows').fill('4');
    await rule.getByLabel('within (months)').fill('6');
    await rule.getByRole('button', { name: 'Save the rule' }).click();
    await expect(toast(page, 'Saved: 4 no-shows in 6 months.')).toBeVisible();
    const stored = await request.get(`${server.url}/rest/v1/guest_rules?select=no_show_limit,no_show_months`, {
      headers,
    });
    expect(await stored.json()).toEqual([{ no_show_limit: 4, no_show_months: 6 }]);

    // A host of Sa Pa (where the bookings are) sees the guest but no rule form, and the database
    // refuses their update all the same.
    const hostEmail = `guests.host.${tag}@saffronlotus.test`;
    const created = await request.post(`${server.url}/functions/v1/team`, {
      headers,
      data: { action: 'create', email: hostEmail, role: 'host', branches: ['Sa Pa'] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { temporaryPassword } = temporaryPasswordSchema.parse(await created.json());
    const host = await signIn(request, backend, { email: hostEmail, password: temporaryPassword });
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: backend.storageKey,
      value: JSON.stringify(host),
    });
    await page.goto(`${server.url}/admin/guests`);
    await page.getByRole('searchbox', { name: 'Search by name, phone, email or tag' }).fill(tag);
    await expect(page.getByRole('button', { name: new RegExp(`^${keep.name}`) })).toBeVisible();
    await expect(page.getByRole('form', { name: 'No-show rule' })).toHaveCount(0);
    await expect(page.getByLabel('No-shows')).toHaveCount(0);
    const refused = await request.patch(`${server.url}/rest/v1/guest_rules?id=eq.true`, {
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${host.access_token}`,
        Prefer: 'return=representation',
      },
      data: { no_show_limit: 1 },
    });
    expect(await refused.json()).toEqual([]);
    // Back to the default, for the other tests on this server.
    const reset = await request.patch(`${server.url}/rest/v1/guest_rules?id=eq.true`, {
      headers,
      data: { no_show_limit: 3, no_show_months: 12 },
    });
    expect(reset.status(), await reset.text()).toBe(204);
  });
});

test('the news box is unticked; consent is its own call; the manage page withdraws, shows, downloads and erases', async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  const name = `E2E Privacy ${tag}`;
  const email = `privacy-${tag}@example.com`;
  await page.goto('/#booking');
  const submit = form(page).getByRole('button', { name: 'BOOK YOUR TABLE' });
  await expect(submit).toBeEnabled();
  const news = form(page).getByRole('checkbox', { name: /Keep me posted with news and offers/ });
  await expect(news).not.toBeChecked();
  // The privacy notice's link sits above the submit button.
  const privacy = form(page).getByRole('link', { name: 'Privacy notice' });
  await expect(privacy).toHaveAttribute('href', '/privacy');
  const [linkBox, buttonBox] = [await privacy.boundingBox(), await submit.boundingBox()];
  expect((linkBox?.y ?? 0) + (linkBox?.height ?? 0)).toBeLessThanOrEqual(buttonBox?.y ?? 0);

  await fillHomeForm(page, { name, mobile: `09${String(randomInt(10_000_000, 99_999_999))}`, email });
  await news.check();
  const insert = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/rest/v1/reservations'));
  const consent = page.waitForRequest((r) => r.url().includes('/rest/v1/rpc/give_consent'));
  await submit.click();
  // The spec's call 1 is unchanged: consent is not in it.
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
  expect((await consent).postDataJSON()).toEqual({
    p_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    p_purpose: 'marketing_email',
    p_text_version: marketingConsentVersion,
    p_source: 'home_form',
  });
  await expect(news).not.toBeChecked();

  const panel = page.getByRole('region', { name: 'Your table is booked' });
  await panel.getByRole('link', { name: 'View or cancel this booking' }).click();
  await expect(page).toHaveURL(/\/booking\/[A-Za-z0-9_-]{43}$/);
  const manageUrl = page.url();
  const yourData = page.getByRole('region', { name: 'Your data' });
  await expect(
    yourData.getByRole('checkbox', { name: 'Keep me posted with news and offers in my inbox' }),
  ).toBeChecked();

  // The email footer's link: withdrawn on arrival.
  await page.goto(`${manageUrl}?consent=withdraw`);
  await expect(toast(page, 'You will no longer receive news and offers.')).toBeVisible();
  await expect(
    yourData.getByRole('checkbox', { name: 'Keep me posted with news and offers in my inbox' }),
  ).not.toBeChecked();
  await expect(page).toHaveURL(manageUrl);

  // What is kept: readable, and as a file.
  await yourData.getByRole('button', { name: 'Show what you keep' }).click();
  await expect(yourData.getByText(name, { exact: true })).toBeVisible();
  await expect(yourData.getByText(email, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    yourData.getByRole('button', { name: 'Download my data (JSON)' }).click(),
  ]);
  const kept = JSON.parse(readFileSync((await download.path()) ?? '', 'utf8')) as {
    bookings: { name: string; email: string }[];
    consents: { withdrawn_at: string | null; text_version: string }[];
  };
  expect(kept.bookings.map((b) => b.email)).toEqual([email]);
  expect(kept.consents).toEqual([
    expect.objectContaining({ text_version: marketingConsentVersion, withdrawn_at: expect.any(String) }),
  ]);

  // Erasure, behind its confirm step.
  await yourData.getByRole('button', { name: 'Erase my data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase your personal data?' });
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Yes, erase it' }).click();
  await expect(toast(page, 'Your personal data is erased.')).toBeVisible();
  await expect(yourData.getByText(/Your personal data has been erased/)).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
});

test('the privacy notice in both languages, linked above the /reservation page submit too; axe finds nothing', async ({
  page,
}) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'How we look after your personal data' })).toBeVisible();
  await expect(page.getByText(/91\/2025\/QH15/)).toBeVisible();
  for (const heading of [
    'Who keeps your data',
    'What we keep',
    'How long we keep it',
    'Where it is processed',
    'Your rights',
    'Contact',
  ]) {
    await expect(page.getByRole('article').getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await page.goto('/vi/privacy');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Chúng tôi bảo vệ dữ liệu cá nhân của bạn như thế nào' }),
  ).toBeVisible();
  await expect(page.getByText(/356\/2025\/NĐ-CP/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/reservation');
  const link = page.getByRole('link', { name: 'Privacy notice' });
  const submit = page.getByRole('button', { name: 'Reserve Table' });
  // The form's code comes with the guest's first touch; the button is enabled once it is there.
  await page.getByRole('textbox', { name: 'Name' }).focus();
  await expect(submit).toBeEnabled();
  const [linkBox, buttonBox] = [await link.boundingBox(), await submit.boundingBox()];
  expect((linkBox?.y ?? 0) + (linkBox?.height ?? 0)).toBeLessThanOrEqual(buttonBox?.y ?? 0);
  await expectNoAxeViolations(page);
  await link.click();
  await expect(page).toHaveURL(/\/privacy$/);
});

test('staff find a guest on the guest page, blind to accents and by phone, keep tags and notes, and see them in the drawer', async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 8);
  const name = `Nguyễn Thị Ngọc ${tag}`;
  const digits = String(randomInt(10_000_000, 99_999_999));
  await page.goto('/admin/login');
  const live = await backendOf(request, new URL(page.url()).origin);
  await bookAsGuest(request, live, guestBooking({ name, mobile: `09${digits}`, email: `ngoc-${tag}@example.vn` }));
  const staff = await signIn(request, live, e2eStaff);
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: live.storageKey,
    value: JSON.stringify(staff),
  });
  await page.goto('/admin/guests');
  await page.getByRole('navigation', { name: 'Staff screens' }).getByRole('link', { name: 'Guests' }).waitFor();
  const searchBox = page.getByRole('searchbox', { name: 'Search by name, phone, email or tag' });
  await searchBox.fill(`nguyen thi ngoc ${tag}`);
  await page.getByRole('button', { name: new RegExp(tag) }).click();
  const profile = page.getByRole('region', { name });
  await expect(profile).toContainText(`+849${digits}`);
  await profile.getByLabel('Tags (comma-separated: VIP, regular, allergy…)').fill('VIP, allergy: peanuts');
  await profile.getByLabel('Notes').fill('Likes the window table');
  await profile.getByRole('button', { name: 'Save tags and notes' }).click();
  await expect(toast(page, 'Saved.')).toBeVisible();
  await expectNoAxeViolations(page);

  // By phone, in another spelling: the same guest, with what was kept.
  await searchBox.fill(`+84 9${digits.slice(0, 4)} ${digits.slice(4)}`);
  await expect(page.getByRole('button', { name: new RegExp(tag) })).toHaveCount(1);
  const stored = await request.get(`${live.url}/rest/v1/guests?select=tags,notes&mobile=eq.%2B849${digits}`, {
    headers: { apikey: live.anonKey, Authorization: `Bearer ${staff.access_token}` },
  });
  const [kept] = (await stored.json()) as { tags: string[]; notes: string }[];
  // The tags' order is the database collation's: compare them as a set.
  expect({ ...kept, tags: [...(kept?.tags ?? [])].sort() }).toEqual({
    tags: ['VIP', 'allergy: peanuts'],
    notes: 'Likes the window table',
  });

  // The booking's drawer on the dashboard shows the guest behind it.
  await page.goto(`/admin/dashboard?q=${encodeURIComponent(tag)}`);
  await page.getByRole('button', { name: `Details: ${name}` }).click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer.getByRole('heading', { name: 'Guest' })).toBeVisible();
  await expect(drawer).toContainText('0 visits, 0 no-shows, 0 cancellations');
  await expect(drawer).toContainText('Likes the window table');
  // The allergy tag comes first, in bold, apart from the other tags.
  await expect(drawer.getByText('allergy: peanuts', { exact: true })).toHaveCSS('font-weight', '700');
  await expect(drawer.getByText('VIP', { exact: true })).toBeVisible();
});
