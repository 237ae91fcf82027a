/**
 * The branch pages (issue 15), in English and under /vi: served prerendered with their facts, their
 * own head tags, hreflang pairs and valid schema.org Restaurant data; unknown branches are 404s;
 * "Book at this branch" opens the home page's booking form with that branch chosen; the home page
 * links to every branch; a Vietnamese branch page has no English left on it.
 */
import { expect, type Page, test } from '@playwright/test';
import { branchBySlug, branchSlugs, directionsUrl, restaurantProfile } from '../../src/domain/restaurant-profile.ts';
import { branchPageJsonLdSchema } from '../support/restaurant-json-ld-schema.ts';
import { expectNoAxeViolations } from './support/axe.ts';

const site = restaurantProfile.website;
const names: Record<(typeof branchSlugs)[number], string> = {
  hanoi: 'Hanoi',
  'ninh-binh': 'Ninh Binh',
  'sa-pa': 'Sa Pa',
  'da-nang': 'Da Nang',
};

function jsonLdOf(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) =>
    JSON.parse(match[1] ?? ''),
  );
}

const bookingForm = (page: Page) => page.locator('section[id="booking"]');

/** The alternates a page names: hreflang → path on this server. */
function alternatesOf(html: string): Record<string, string> {
  const links = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)];
  return Object.fromEntries(links.map((match) => [match[1] ?? '', new URL(match[2] ?? '', site).pathname]));
}

const vietnameseNames: Record<(typeof branchSlugs)[number], string> = {
  hanoi: 'Hà Nội',
  'ninh-binh': 'Ninh Bình',
  'sa-pa': 'Sa Pa',
  'da-nang': 'Đà Nẵng',
};

for (const branch of restaurantProfile.branches) {
  const path = `/branches/${branch.slug}`;
  const name = names[branch.slug];

  test(`${path} arrives prerendered in English with its head tags and valid Restaurant JSON-LD`, async ({
    request,
  }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toContain(`data-prerendered="${path}"`);
    expect(html).toContain(`<title>Saffron Lotus ${name} — Indian restaurant at ${branch.street}</title>`);
    expect(html).toMatch(new RegExp(`<meta name="description" content="Indian restaurant in ${name}: [^"]+"`));
    expect(html).toContain(`<meta property="og:url" content="${site}${path}" />`);
    expect(html).toContain(`<meta property="og:title" content="Saffron Lotus ${name}`);
    // The facts are in the HTML itself, for crawlers that run no script.
    expect(html).toContain(branch.address);
    expect(html).toContain(`href="tel:${branch.phone.replaceAll(' ', '')}"`);

    const documents = jsonLdOf(html);
    expect(documents).toHaveLength(1);
    const data = branchPageJsonLdSchema.parse(documents[0]);
    expect(data.url).toBe(`${site}${path}`);
    expect(data.telephone).toBe(branch.phone);
    expect(data.address.streetAddress).toBe(branch.street);
    expect(data.geo).toMatchObject({ latitude: branch.latitude, longitude: branch.longitude });
    expect(data.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
        opens: '10:30',
        closes: '23:00',
      },
    ]);
    expect(data.servesCuisine).toBe('Indian');
    expect(data.acceptsReservations).toBe(`${site}/?branch=${branch.slug}#booking`);
    expect(data.hasMenu).toBe(`${site}/menu`);
  });

  test(`/vi${path} arrives prerendered in Vietnamese, and the two pages name each other as alternates`, async ({
    request,
  }) => {
    const vietnamese = `/vi${path}`;
    const response = await request.get(vietnamese);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="vi"/);
    expect(html).toContain(`data-prerendered="${vietnamese}"`);
    const viName = vietnameseNames[branch.slug];
    expect(html).toContain(`<title>Saffron Lotus ${viName} — Nhà hàng Ấn Độ tại ${branch.street}</title>`);
    expect(html).toMatch(
      new RegExp(`<meta name="description" content="Nhà hàng Ấn Độ tại ${viName}: [^"]+Mở cửa hằng ngày 10:30 – 23:00`),
    );
    expect(html).toContain(`<meta property="og:url" content="${site}${vietnamese}" />`);
    expect(html).toContain('<meta property="og:locale" content="vi_VN" />');
    expect(html).toContain(`<link rel="canonical" href="${site}${vietnamese}" />`);

    const pair = { en: path, vi: vietnamese, 'x-default': path };
    expect(alternatesOf(html)).toEqual(pair);
    expect(alternatesOf(await (await request.get(path)).text())).toEqual(pair);

    const documents = jsonLdOf(html);
    expect(documents).toHaveLength(1);
    const data = branchPageJsonLdSchema.parse(documents[0]);
    expect(data.url).toBe(`${site}${vietnamese}`);
    expect(data.hasMenu).toBe(`${site}/vi/menu`);
    expect(data.acceptsReservations).toBe(`${site}/vi?branch=${branch.slug}#booking`);
    expect(data.telephone).toBe(branch.phone);
  });

  test(`${path} shows the address, phone, hours, directions and a short text`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Saffron Lotus ${name}`);
    await expect(page).toHaveTitle(`Saffron Lotus ${name} — Indian restaurant at ${branch.street}`);
    const visit = page.getByRole('region', { name: 'Visit us' });
    await expect(visit).toContainText(branch.address);
    await expect(visit.getByRole('link', { name: branch.phone })).toHaveAttribute(
      'href',
      `tel:${branch.phone.replaceAll(' ', '')}`,
    );
    await expect(visit).toContainText('Every day 10:30 AM – 11:00 PM');
    const directions = page.getByRole('link', { name: `Directions to Saffron Lotus ${name} (opens a map)` });
    await expect(directions).toHaveAttribute('href', directionsUrl(branch));
    await expect(directions).toHaveAttribute('rel', /noopener/);
    await expect(page.locator('main article header p').last()).toHaveText(/\w+(\s+\S+){15,}/);
    const image = page.getByRole('img').first();
    await expect(image).toHaveAttribute('src', `/images/branches/${branch.slug}.svg`);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    // The other three branches, each a link to its own page.
    const others = page.getByRole('region', { name: 'Our other branches' }).getByRole('link');
    await expect(others).toHaveCount(3);
    expect(errors).toEqual([]);
  });
}

test('a branch that does not exist is a 404, from the server and in the app', async ({ page, request }) => {
  for (const path of ['/branches/hue', '/branches', '/branches/sa-pa/menu']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  await page.goto('/branches/hue');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
});

test('the sitemap lists every branch page in both languages', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  for (const slug of branchSlugs) {
    expect(xml).toContain(`<loc>${site}/branches/${slug}</loc>`);
    expect(xml).toContain(`<loc>${site}/vi/branches/${slug}</loc>`);
  }
});

test('a Vietnamese branch page speaks Vietnamese: no key shown, times on the 24-hour clock', async ({ page }) => {
  for (const slug of branchSlugs) {
    await page.goto(`/vi/branches/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Saffron Lotus ${vietnameseNames[slug]}`);
    // (Every message walked for English left over: tests/e2e/vietnamese.spec.ts visits the branch pages too.)
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/\b(AM|PM|Every day|Book at)\b/);
    expect(text).not.toMatch(/\b(items|hours|visit|others|meta)\.[a-z]/);
    const visit = page.getByRole('region', { name: 'Ghé thăm chúng tôi' });
    await expect(visit).toContainText('Hằng ngày 10:30 – 23:00');
    await expect(visit).toContainText('Nhận khách lần cuối 30 phút trước giờ đóng cửa.');
    await expect(
      page.getByRole('link', { name: `Chỉ đường đến Saffron Lotus ${vietnameseNames[slug]} (mở bản đồ)` }),
    ).toBeVisible();
  }
});

test('Đặt bàn tại cơ sở này opens the Vietnamese home form with the branch chosen; /vi links to each branch in Vietnamese', async ({
  page,
}) => {
  await page.goto('/vi');
  const contact = page.locator('section[id="contact"]');
  for (const branch of restaurantProfile.branches) {
    await expect(
      contact.getByRole('link', {
        name: branch.name === 'Hanoi (main branch)' ? 'Hà Nội (cơ sở chính)' : vietnameseNames[branch.slug],
        exact: true,
      }),
    ).toHaveAttribute('href', `/vi/branches/${branch.slug}`);
  }
  await contact.getByRole('link', { name: 'Sa Pa', exact: true }).click();
  await expect(page).toHaveURL(/\/vi\/branches\/sa-pa$/);
  await page.getByRole('link', { name: 'Đặt bàn tại cơ sở này' }).click();
  await expect(page).toHaveURL(/\/vi\?branch=sa-pa#booking$/);
  const form = bookingForm(page);
  await expect(form.getByRole('button', { name: 'ĐẶT BÀN' })).toBeEnabled();
  await expect(form.getByLabel('Cơ sở')).toHaveValue('Sa Pa');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
});

test('the home page links to each branch page, and branch pages to one another', async ({ page }) => {
  await page.goto('/');
  const contact = page.locator('section[id="contact"]');
  for (const branch of restaurantProfile.branches) {
    await expect(contact.getByRole('link', { name: branch.name, exact: true })).toHaveAttribute(
      'href',
      `/branches/${branch.slug}`,
    );
  }
  await contact.getByRole('link', { name: 'Sa Pa', exact: true }).click();
  await expect(page).toHaveURL(/\/branches\/sa-pa$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saffron Lotus Sa Pa');
  await expect(page).toHaveTitle(/^Saffron Lotus Sa Pa/);

  await page.getByRole('link', { name: 'Saffron Lotus Da Nang' }).click();
  await expect(page).toHaveURL(/\/branches\/da-nang$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saffron Lotus Da Nang');
  await expect(page.locator('head meta[property="og:url"]')).toHaveAttribute('content', `${site}/branches/da-nang`);
  // The page's data follows the page.
  const data = branchPageJsonLdSchema.parse(
    JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? ''),
  );
  expect(data.telephone).toBe(branchBySlug('da-nang')?.phone);
});

test('Book at this branch opens the home booking form with the branch chosen, and books there', async ({ page }) => {
  await page.goto('/branches/ninh-binh');
  await page.getByRole('link', { name: 'Book at this branch' }).click();
  await expect(page).toHaveURL(/\/\?branch=ninh-binh#booking$/);
  await expect(page.getByRole('heading', { name: 'BOOK YOUR TABLE', level: 2 })).toBeInViewport();
  const form = bookingForm(page);
  await expect(form.getByLabel('Branch')).toHaveValue('Ninh Binh');
  const submit = form.getByRole('button', { name: 'BOOK YOUR TABLE' });
  await expect(submit).toBeEnabled();

  // Everything else is as the spec has it: the period defaults to PM, the rest is empty.
  await expect(form.getByLabel('AM / PM')).toHaveValue('PM');
  for (const label of ['Name', 'Mobile', 'Email', 'Date', 'Guests', 'Time']) {
    await expect(form.getByLabel(label)).toHaveValue('');
  }

  await form.getByLabel('Name').fill('Branch Page Guest');
  await form.getByLabel('Mobile').fill('0912 345 678');
  await form.getByLabel('Email').fill('guest@example.vn');
  await form.getByLabel('Date').fill(new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10));
  await form.getByLabel('Guests').selectOption({ label: '2 Guests' });
  await form.getByLabel('Time').selectOption({ label: '8:00 PM' });
  const insert = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/rest/v1/reservations',
  );
  await submit.click();
  expect((await insert).postDataJSON()).toMatchObject({ name: 'Branch Page Guest', branch: 'Ninh Binh' });
  await expect(
    page
      .getByRole('region', { name: /^Notifications/ })
      .getByText('Reservation submitted successfully!', { exact: true }),
  ).toBeVisible();
  // The form resets after success, as the spec has it: the branch too.
  await expect(form.getByLabel('Branch')).toHaveValue('');
});

test('a shared ?branch= link chooses the branch on the prerendered home page; anything else chooses none', async ({
  page,
}) => {
  await page.goto('/?branch=da-nang#booking');
  const form = bookingForm(page);
  await expect(form.getByRole('button', { name: 'BOOK YOUR TABLE' })).toBeEnabled();
  await expect(form.getByLabel('Branch')).toHaveValue('Da Nang');

  await page.goto('/?branch=hue#booking');
  await expect(form.getByRole('button', { name: 'BOOK YOUR TABLE' })).toBeEnabled();
  await expect(form.getByLabel('Branch')).toHaveValue('');
});

test.describe('accessibility', () => {
  test.use({ reducedMotion: 'reduce' });

  for (const width of [375, 1440]) {
    test(`axe finds nothing on a branch page at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/branches/hanoi');
      await expect(page.getByRole('img').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
