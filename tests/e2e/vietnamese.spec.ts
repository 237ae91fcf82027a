/**
 * The site in Vietnamese and English: every route in both languages (status, <html lang>,
 * hreflang pairs that point at each other), every page walked for untranslated keys and English
 * left on a Vietnamese page, the language switch (header and mobile menu) keeping the page, the
 * remembered choice, no redirect by Accept-Language, and booking in Vietnamese on both forms.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { e2eStaff } from '../../playwright.config.ts';
import { appPaths, branchPaths, languages, localizePath, paths } from '../../src/domain/routes.ts';
import { englishLeaves, englishOnlyTexts, mayMatchEnglish, vietnameseLeaves } from '../support/catalogues.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { backendOf, readAsStaff, signIn } from './support/backend.ts';

const site = 'https://saffronlotus.vn';
// The branch pages too (src/web/features/branches): walked, paired and listed like the others.
const publicPaths = [paths.home, paths.menu, paths.reservation, ...branchPaths];

/** The alternates a page names: hreflang → path on this server. */
function alternatesOf(html: string): Map<string, string> {
  const links = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)];
  return new Map(links.map((match) => [match[1] ?? '', new URL(match[2] ?? '', site).pathname]));
}

const langOf = (html: string) => /<html lang="([^"]+)">/.exec(html)?.[1];

test.describe('routes in both languages', () => {
  test('every app route answers 200 in each language, with its <html lang>', async ({ request }) => {
    for (const path of appPaths) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(langOf(await response.text()), path).toBe(path === '/vi' || path.startsWith('/vi/') ? 'vi' : 'en');
    }
    for (const [path, lang] of [
      ['/no-such-page', 'en'],
      ['/vi/no-such-page', 'vi'],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(langOf(await response.text()), path).toBe(lang);
    }
  });

  test('public pages name each other as hreflang alternates, both ways, with an x-default', async ({ request }) => {
    for (const path of publicPaths) {
      for (const language of languages) {
        const url = localizePath(path, language);
        const html = await (await request.get(url)).text();
        const alternates = alternatesOf(html);
        expect(Object.fromEntries(alternates), url).toEqual({
          en: localizePath(path, 'en'),
          vi: localizePath(path, 'vi'),
          'x-default': localizePath(path, 'en'),
        });
        expect(html, url).toContain(`<link rel="canonical" href="${new URL(url, site).href}" />`);
        // Each alternate names this page back.
        for (const [hreflang, other] of alternates) {
          if (hreflang === 'x-default') continue;
          const back = alternatesOf(await (await request.get(other)).text());
          expect(back.get(language), `${other} → ${url}`).toBe(url);
          expect(langOf(await (await request.get(other)).text())).toBe(hreflang);
        }
        expect(html).toContain(`<meta property="og:locale" content="${language === 'vi' ? 'vi_VN' : 'en_US'}" />`);
      }
    }
  });

  test('sitemap.xml lists every public page in both languages; robots.txt keeps staff, booking and API paths out', async ({
    request,
  }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of publicPaths) {
      for (const language of languages) {
        expect(sitemap).toContain(`<loc>${new URL(localizePath(path, language), site).href}</loc>`);
      }
    }
    expect(sitemap).not.toContain('/admin');
    const robots = await (await request.get('/robots.txt')).text();
    for (const path of ['/admin/', '/vi/admin/', '/booking/', '/vi/booking/', '/auth/', '/rest/', '/realtime/']) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
  });

  test('the prerendered Vietnamese pages carry translated titles, descriptions and Open Graph', async ({ request }) => {
    const home = await (await request.get('/vi')).text();
    expect(home).toContain(`<title>${vietnameseLeaves.get('home:meta.title')}</title>`);
    expect(home).toContain(`<meta name="description" content="${vietnameseLeaves.get('home:meta.description')}" />`);
    expect(home).toContain(`<meta property="og:title" content="${vietnameseLeaves.get('home:meta.title')}" />`);
    expect(home).toContain(
      `<meta property="og:image:alt" content="${vietnameseLeaves.get('common:site.imageAlt')}" />`,
    );
    const menu = await (await request.get('/vi/menu')).text();
    expect(menu).toContain(`<title>${vietnameseLeaves.get('menu:meta.title')}</title>`);
    expect(menu).toContain('<meta property="og:url" content="https://saffronlotus.vn/vi/menu" />');
    // The English pages keep the spec's text.
    const english = await (await request.get('/menu')).text();
    expect(english).toContain(`<title>${englishLeaves.get('menu:meta.title')}</title>`);
  });
});

/**
 * Every text a visitor can meet on the page: text nodes, labels read aloud, placeholders, the
 * title. Text marked as another language (the switch's "English" on a Vietnamese page, with its
 * own lang attribute) is that language's by design and is left out.
 */
async function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pageLang = document.documentElement.lang;
    const foreign = (element: Element) => (element.closest('[lang]')?.getAttribute('lang') ?? pageLang) !== pageLang;
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && (parent.closest('script, style') || parent.closest('[hidden]') || foreign(parent))) continue;
      texts.push(node.textContent ?? '');
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [alt], [title]')) {
      if (foreign(element)) continue;
      for (const name of ['aria-label', 'placeholder', 'alt', 'title']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts.map((text) => text.trim()).filter(Boolean);
  });
}

/** A message key shown in place of its message ("booking.title", "common:nav.home"). */
const looksLikeKey = /^([a-z]+:)?[a-z][A-Za-z]*(\.[A-Za-z0-9_-]+)+$/;

async function expectAllVietnamese(page: Page, where: string): Promise<void> {
  const english = englishOnlyTexts();
  const texts = await textsOf(page);
  // Enough text that the page was read whole: a page of the site has its header and footer too;
  // the staff sign-in stands alone (issue 33), its form's eight texts and the language link.
  expect(texts.length, where).toBeGreaterThan(where.endsWith('/admin/login') ? 8 : 10);
  expect(
    texts.filter((text) => looksLikeKey.test(text)),
    `${where}: keys shown`,
  ).toEqual([]);
  expect(
    texts.filter((text) => english.has(text)),
    `${where}: English left`,
  ).toEqual([]);
}

/** Vietnamese messages (other than those English shares) that must not appear on an English page. */
function vietnameseOnlyTexts(): Set<string> {
  const english = new Set(englishLeaves.values());
  const texts = new Set<string>();
  for (const [key, text] of vietnameseLeaves) {
    if (mayMatchEnglish(key) || text.includes('{{') || english.has(text)) continue;
    texts.add(text);
  }
  return texts;
}

/** Loads the lazily loaded parts (the home page's booking form, the menu) before reading the page. */
async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  if (path === '/' || path === '/vi') {
    await page.locator('#booking').scrollIntoViewIfNeeded();
    await expect(page.locator('#booking').getByRole('button').last()).toBeEnabled();
  }
  if (path.endsWith('/menu')) await expect(page.locator('main h3').first()).toBeVisible();
  if (path.endsWith('/reservation')) await expect(page.getByRole('grid')).toBeVisible();
  if (path.endsWith('/login')) await expect(page.locator('input[type="password"]')).toBeVisible();
  if (path.endsWith('no-such-page')) await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('every page, every message', () => {
  const pages = [...publicPaths, paths.adminLogin, '/no-such-page'];

  for (const path of pages) {
    test(`${localizePath(path, 'vi')} shows no key and no English`, async ({ page }) => {
      const url = localizePath(path, 'vi');
      await settle(page, url);
      await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
      await expectAllVietnamese(page, url);
    });

    test(`${path} shows no key and no Vietnamese`, async ({ page }) => {
      await settle(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      const texts = await textsOf(page);
      const vietnamese = vietnameseOnlyTexts();
      expect(texts.filter((text) => looksLikeKey.test(text))).toEqual([]);
      // Vietnamese place names in addresses are data, not messages: only whole messages count.
      expect(texts.filter((text) => vietnamese.has(text))).toEqual([]);
    });
  }

  test('the staff login and dashboard in Vietnamese', async ({ page }) => {
    await page.goto('/vi/admin/login');
    await page.getByLabel('Email').fill(e2eStaff.email);
    await page.getByLabel('Mật khẩu').fill(e2eStaff.password);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await expect(page).toHaveURL(/\/vi\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Bảng điều khiển' })).toBeVisible();
    await expect(page.getByText('Đăng nhập thành công!')).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Lượt đặt bàn \(/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await expectAllVietnamese(page, '/vi/admin/dashboard');
    await page.getByRole('link', { name: 'Cài đặt cơ sở' }).click();
    await expect(page).toHaveURL(/\/vi\/admin\/settings$/);
    await expect(page.getByRole('heading', { name: 'Cài đặt cơ sở', level: 1 })).toBeVisible();
    await expectAllVietnamese(page, '/vi/admin/settings');
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await expect(page).toHaveURL(/\/vi\/admin\/login$/);
    await expect(page.getByText('Đăng xuất thành công.')).toBeVisible();
  });
});

test.describe('the Vietnamese pages are as accessible as the English ones', () => {
  for (const width of [375, 1440]) {
    for (const path of ['/vi', '/vi/menu', '/vi/reservation']) {
      test(`${path} at ${width} px has no axe violation`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await settle(page, path);
        await expectNoAxeViolations(page);
      });
    }
  }
});

test.describe('numbers, prices and dates follow the language', () => {
  test('prices: ₫350,000 in English, 350.000 ₫ in Vietnamese; opening hours in each', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('₫350,000', { exact: true })).toBeVisible();
    await expect(page.locator('footer')).toContainText('Mon - Sun 10:30 AM - 11:00 PM');
    await page.goto('/vi');
    await expect(page.getByText(/^350\.000\s₫$/)).toBeVisible();
    await expect(page.locator('footer')).toContainText('Thứ Hai – Chủ Nhật: 10:30 – 23:00');
    await expect(page.locator('footer')).toContainText('Hà Nội (cơ sở chính)');
  });

  test('the menu in Vietnamese: translated descriptions and categories, dish names kept, accent-blind search', async ({
    page,
  }) => {
    await page.goto('/vi/menu');
    await expect(page.getByRole('heading', { level: 1, name: 'Thực đơn' })).toBeVisible();
    const samosa = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Vegetable Samosa' }) });
    await expect(samosa).toContainText(/75\.000\s₫/);
    await expect(samosa).toContainText('Bánh vỏ giòn gấp tay');
    await expect(page.getByRole('heading', { level: 2, name: 'Khai vị' })).toBeVisible();
    await expect(
      page.getByRole('combobox', { name: 'Danh mục' }).getByRole('option', { name: 'Tráng miệng' }),
    ).toBeAttached();
    // "chan vit" finds "rau chân vịt" (spinach) without its accents.
    await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill('chan vit');
    await expect(page.getByRole('heading', { level: 3, name: 'Palak Paneer' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Vegetable Samosa' })).toHaveCount(0);
  });
});

const switchLink = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name, exact: true });

test.describe('the language switch', () => {
  test('keeps the visitor on the same page, in the header', async ({ page }) => {
    await page.goto('/menu');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Menu' })).toBeVisible();
    await switchLink(page, 'Tiếng Việt').click();
    await expect(page).toHaveURL(/\/vi\/menu$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thực đơn' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await expect(page).toHaveTitle(vietnameseLeaves.get('menu:meta.title') ?? '');
    await switchLink(page, 'English').click();
    await expect(page).toHaveURL(/\/menu$/);
    expect(new URL(page.url()).pathname).toBe('/menu');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Menu' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.goto('/reservation');
    await switchLink(page, 'Tiếng Việt').click();
    await expect(page).toHaveURL(/\/vi\/reservation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Đặt bàn' })).toBeVisible();
  });

  test("keeps the page's query and section too", async ({ page }) => {
    await page.goto('/menu?branch=sa-pa');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await switchLink(page, 'Tiếng Việt').click();
    await expect(page).toHaveURL(/\/vi\/menu\?branch=sa-pa$/);

    // Vietnamese is remembered now: back to English, from a section of the home page.
    await page.goto('/vi#contact');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await switchLink(page, 'English').click();
    await expect(page).toHaveURL(/\/#contact$/);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('keeps the page from the mobile menu, which then closes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/reservation');
    const toggle = page.getByRole('button', { name: 'Main menu' });
    await toggle.click();
    await switchLink(page, 'Tiếng Việt').click();
    await expect(page).toHaveURL(/\/vi\/reservation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Đặt bàn' })).toBeVisible();
    const toggleVi = page.getByRole('button', { name: 'Mở menu điều hướng' });
    await expect(toggleVi).toHaveAttribute('aria-expanded', 'false');
    await toggleVi.click();
    await expect(switchLink(page, 'English')).toBeVisible();
    await switchLink(page, 'English').click();
    await expect(page).toHaveURL(/\/reservation$/);
    expect(new URL(page.url()).pathname).toBe('/reservation');
  });

  test('links inside a Vietnamese page stay in Vietnamese', async ({ page }) => {
    await page.goto('/vi');
    await page.getByRole('banner').getByRole('link', { name: 'Thực đơn' }).click();
    await expect(page).toHaveURL(/\/vi\/menu$/);
    await page.getByRole('banner').getByRole('link', { name: 'ĐẶT BÀN' }).click();
    await expect(page).toHaveURL(/\/vi\/reservation$/);
    await page.getByRole('banner').getByRole('link', { name: 'Saffron Lotus' }).click();
    await expect(page).toHaveURL(/\/vi$/);
  });

  test('the choice is remembered: the next visit opens the chosen language', async ({ page }) => {
    await page.goto('/menu');
    await switchLink(page, 'Tiếng Việt').click();
    await expect(page).toHaveURL(/\/vi\/menu$/);
    await page.goto('/reservation');
    await expect(page).toHaveURL(/\/vi\/reservation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Đặt bàn' })).toBeVisible();
    await switchLink(page, 'English').click();
    await expect(page).toHaveURL(/\/reservation$/);
    await page.goto('/vi');
    await expect(page).toHaveURL(/\/$/);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

test.describe('a browser that prefers Vietnamese', () => {
  test.use({ locale: 'vi-VN', extraHTTPHeaders: { 'Accept-Language': 'vi-VN,vi;q=0.9' } });

  test('is never redirected, and is offered Vietnamese once, politely', async ({ page, request }) => {
    // The server answers the English page as it is.
    const response = await request.get('/', { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(langOf(await response.text())).toBe('en');

    await page.goto('/menu');
    await expect(page).toHaveURL(/\/menu$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const offer = page.getByRole('complementary', { name: 'Ngôn ngữ' });
    await expect(offer).toContainText('Trang này có bản tiếng Việt.');
    await offer.getByRole('button', { name: 'Không, cảm ơn' }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Menu' })).toBeVisible();
    await expect(offer).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/menu');
  });

  test('who accepts the offer reads the same page in Vietnamese', async ({ page }) => {
    await page.goto('/menu');
    await page.getByRole('link', { name: 'Xem bằng tiếng Việt' }).click();
    await expect(page).toHaveURL(/\/vi\/menu$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thực đơn' })).toBeVisible();
  });
});

/** A date comfortably in the future. */
function futureDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function staffRowsNamed(request: APIRequestContext, baseURL: string, name: string) {
  const backend = await backendOf(request, baseURL);
  const session = await signIn(request, backend, e2eStaff);
  return readAsStaff<Record<string, unknown>[]>(
    request,
    backend,
    session,
    `reservations?select=*&name=eq.${encodeURIComponent(name)}`,
  );
}

test.describe('booking in Vietnamese', () => {
  test('the home form: every message in Vietnamese, and a booking stored with the spec’s values', async ({
    page,
    request,
    baseURL,
  }) => {
    const form = page.locator('section[id="booking"]');
    const submit = form.getByRole('button', { name: 'ĐẶT BÀN', exact: true });
    await page.goto('/vi#booking');
    await expect(page.getByRole('heading', { name: 'ĐẶT BÀN CỦA BẠN', level: 2 })).toBeInViewport();
    await expect(submit).toBeEnabled();

    await form.getByLabel('Họ và tên').fill('Chỉ Có Tên');
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText('Vui lòng điền đầy đủ các thông tin bắt buộc.');
    await expect(
      page.getByRole('region', { name: /^Thông báo/ }).getByText('Vui lòng điền đầy đủ các thông tin bắt buộc.'),
    ).toBeVisible();
    await expect(form.getByLabel('Số điện thoại')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Số điện thoại')).toHaveAccessibleDescription(/Vui lòng điền thông tin này\./);

    const name = `Khách Việt ${randomUUID().slice(0, 8)}`;
    await form.getByLabel('Họ và tên').fill(name);
    await form.getByLabel('Số điện thoại').fill('0912 345 678');
    await form.getByLabel('Email').fill('khach@example.vn');
    const branches = await form.getByLabel('Cơ sở').locator('option:not([value=""])').allTextContents();
    expect(branches).toEqual(['Hà Nội (cơ sở chính)', 'Ninh Bình', 'Sa Pa', 'Đà Nẵng']);
    await form.getByLabel('Cơ sở').selectOption({ label: 'Đà Nẵng' });
    await form.getByLabel('Ngày').fill(futureDate(33));
    await form.getByLabel('Số khách').selectOption({ label: '3 khách' });
    await expect(form.getByLabel('Buổi')).toHaveValue('PM');
    await expect(form.getByLabel('Buổi').getByRole('option')).toHaveText(['Sáng (SA)', 'Chiều tối (CH)']);
    await form.getByLabel('Giờ').selectOption({ label: '20:00' });
    await submit.click();
    await expect(
      page
        .getByRole('region', { name: /^Thông báo/ })
        .getByText('Đặt bàn thành công! Chúng tôi sẽ sớm liên hệ để xác nhận.'),
    ).toBeVisible();
    await expect(form.getByLabel('Họ và tên')).toHaveValue('');

    const rows = await staffRowsNamed(request, baseURL ?? '', name);
    expect(rows).toHaveLength(1);
    // The values stored are the spec's, whatever the page's language; the booking remembers the
    // page's language for its emails.
    expect(rows[0]).toMatchObject({
      branch: 'Da Nang',
      time: '08:00',
      period: 'PM',
      guests: 3,
      date: futureDate(33),
      language: 'vi',
    });

    // The confirmation panel and the manage page it links to speak Vietnamese too.
    const panel = page.getByRole('region', { name: 'Bàn của bạn đã được đặt' });
    const [year, month, day] = futureDate(33).split('-');
    await expect(panel).toContainText(`${day}/${month}/${year}`);
    await expect(panel).toContainText('20:00');
    await panel.getByRole('link', { name: 'Xem hoặc hủy đặt bàn' }).click();
    await expect(page).toHaveURL(/\/vi\/booking\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole('button', { name: 'Hủy đặt bàn' })).toBeVisible();
    await expect(page.locator('main')).toContainText(`${day}/${month}/${year}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  });

  test('the /vi/reservation page: Vietnamese calendar, messages and confirmation', async ({ page }) => {
    // 10:00 on Sunday 20 December 2026 in Vietnam.
    await page.clock.setFixedTime(new Date('2026-12-20T03:00:00.000Z'));
    await page.goto('/vi/reservation');
    const submit = page.getByRole('button', { name: 'Đặt bàn', exact: true });
    await expect(page.getByText('Bạn chưa chọn ngày.')).toBeVisible();
    await submit.click();
    await expect(page.getByRole('group', { name: 'Ngày' })).toHaveAccessibleDescription('Vui lòng chọn ngày');
    await expect(page.getByRole('textbox', { name: 'Họ và tên' })).toHaveAccessibleDescription(
      'Vui lòng điền thông tin này',
    );
    await page.getByRole('textbox', { name: 'Email' }).fill('không-phải-email');
    await submit.click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Vui lòng nhập địa chỉ email hợp lệ',
    );

    await page.getByRole('button', { name: /ngày 24 tháng 12 năm 2026/ }).click();
    await expect(page.getByText('Đã chọn: Thứ Năm, 24/12/2026')).toBeVisible();
    await page.getByRole('spinbutton', { name: 'Số khách' }).fill('4');
    await page.getByRole('combobox', { name: 'Cơ sở' }).selectOption({ label: 'Nội đô' });
    await page.getByRole('combobox', { name: 'Giờ' }).selectOption({ label: '19:00' });
    await page.getByRole('combobox', { name: 'Bữa' }).selectOption({ label: 'Bữa tối' });
    await page.getByRole('textbox', { name: 'Họ và tên' }).fill('Nguyễn Văn An');
    await page.getByRole('textbox', { name: 'Số điện thoại' }).fill('+84 912 345 678');
    await page.getByRole('textbox', { name: 'Email' }).fill(`an-${randomUUID().slice(0, 8)}@example.com`);
    const sent = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/sheets/exec' && request.method() === 'POST',
    );
    await submit.click();
    const payload = JSON.parse((await sent).postData() ?? '{}') as Record<string, unknown>;
    // Call 8 sends the spec's values, not the Vietnamese labels.
    expect(payload).toMatchObject({ branch: 'Uptown', time: '19:00', period: 'Dinner', date: '2026-12-24' });
    await expect(
      page.getByRole('status').filter({ hasText: 'Đặt bàn thành công! Chúng tôi sẽ sớm liên hệ để xác nhận.' }),
    ).toBeVisible();
  });
});
