/** The header, its section links and mobile menu, page transitions and the footer (spec §2). */
import { expect, type Page, test } from '@playwright/test';
import { restaurantProfile } from '../../src/domain/restaurant-profile.ts';

const header = (page: Page) => page.getByRole('banner');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const navLink = (page: Page, name: string) => nav(page).getByRole('link', { name, exact: true });

/** Records each scrollIntoView call (its target, options and time) and each history push. */
async function recordScrolling(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: { id: string; behavior: string | undefined; at: number }[] = [];
    const pushes: { url: string; at: number }[] = [];
    Object.assign(window, { __scrolls: log, __pushes: pushes });
    const scrollIntoView = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      log.push({
        id: this.id,
        behavior: typeof options === 'object' ? options.behavior : undefined,
        at: performance.now(),
      });
      return scrollIntoView.call(this, options);
    };
    const pushState = history.pushState;
    history.pushState = function (this: History, ...args: Parameters<History['pushState']>) {
      pushes.push({ url: String(args[2]), at: performance.now() });
      return pushState.apply(this, args);
    };
  });
}

type ScrollLog = { id: string; behavior: string | undefined; at: number }[];
const scrolls = (page: Page) => page.evaluate(() => (window as unknown as { __scrolls: ScrollLog }).__scrolls);
const pushes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __pushes: { url: string; at: number }[] }).__pushes);

/** The section's top sits just under the fixed header. */
async function expectSectionAtTop(page: Page, id: string): Promise<void> {
  await expect
    .poll(async () =>
      page.evaluate((sectionId) => {
        const top = document.getElementById(sectionId)?.getBoundingClientRect().top ?? Number.NaN;
        const headerHeight = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
        return Math.abs(top - headerHeight) <= 2;
      }, id),
    )
    .toBe(true);
}

test.describe('desktop header', () => {
  test('is fixed and offers Home, About, Menu, Testimonials, Contact and BOOK A TABLE', async ({ page }) => {
    await page.goto('/');
    for (const name of ['Home', 'About', 'Menu', 'Testimonials', 'Contact']) {
      await expect(navLink(page, name)).toBeVisible();
    }
    await expect(navLink(page, 'BOOK A TABLE')).toHaveAttribute('href', '/reservation');
    await expect(navLink(page, 'About')).toHaveAttribute('href', '/#our-story');
    await expect(navLink(page, 'Testimonials')).toHaveAttribute('href', '/#testimonials');
    await expect(navLink(page, 'Contact')).toHaveAttribute('href', '/#contact');

    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await expect(header(page)).toHaveCSS('position', 'fixed');
    const box = await header(page).boundingBox();
    expect(box?.y).toBe(0);
    await expect(navLink(page, 'BOOK A TABLE')).toBeInViewport();
  });

  test('section links scroll smoothly on the home page, without leaving it', async ({ page }) => {
    await recordScrolling(page);
    await page.goto('/');
    for (const [name, id] of [
      ['About', 'our-story'],
      ['Testimonials', 'testimonials'],
      ['Contact', 'contact'],
    ] as const) {
      await navLink(page, name).click();
      await expectSectionAtTop(page, id);
      await expect(page.locator(`#${id}`)).toBeFocused();
    }
    expect((await scrolls(page)).map(({ id, behavior }) => ({ id, behavior }))).toEqual([
      { id: 'our-story', behavior: 'smooth' },
      { id: 'testimonials', behavior: 'smooth' },
      { id: 'contact', behavior: 'smooth' },
    ]);
    expect(await pushes(page)).toEqual([]);
    await expect(page).toHaveURL(/\/$/);

    await navLink(page, 'Home').click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('from another page a section link goes home, then scrolls after about 100 ms', async ({ page }) => {
    await recordScrolling(page);
    await page.goto('/menu');
    await navLink(page, 'Testimonials').click();
    await expect(page).toHaveURL(/\/$/);
    await expectSectionAtTop(page, 'testimonials');
    const [push] = await pushes(page);
    const [scroll] = await scrolls(page);
    expect(push?.url).toBe('/');
    expect(scroll?.id).toBe('testimonials');
    expect((scroll?.at ?? 0) - (push?.at ?? 0)).toBeGreaterThanOrEqual(95);
  });

  test('marks the current page with aria-current', async ({ page }) => {
    await page.goto('/');
    await expect(navLink(page, 'Home')).toHaveAttribute('aria-current', 'page');
    await expect(navLink(page, 'Menu')).not.toHaveAttribute('aria-current', /.*/);

    await navLink(page, 'Menu').click();
    await expect(page.getByRole('heading', { name: 'Our Menu', level: 1 })).toBeVisible();
    await expect(navLink(page, 'Menu')).toHaveAttribute('aria-current', 'page');
    await expect(navLink(page, 'Home')).not.toHaveAttribute('aria-current', /.*/);

    await page.goto('/reservation');
    await expect(navLink(page, 'BOOK A TABLE')).toHaveAttribute('aria-current', 'page');
    for (const name of ['Home', 'About', 'Menu', 'Testimonials', 'Contact']) {
      await expect(navLink(page, name)).not.toHaveAttribute('aria-current', /.*/);
    }
  });

  test('pages change with a 0.3 s fade and slide; the first page is not held back', async ({ page }) => {
    await page.goto('/');
    const content = page.locator('main > div');
    await expect(content).toHaveCSS('animation-name', 'none');
    await navLink(page, 'Menu').click();
    await expect(page.getByRole('heading', { name: 'Our Menu', level: 1 })).toBeVisible();
    await expect(content).toHaveCSS('animation-duration', '0.3s');
    await expect(content).toHaveCSS('animation-name', /page-in/);
    const keyframes = await page.evaluate(() => {
      for (const sheet of Array.from(document.styleSheets)) {
        for (const rule of Array.from(sheet.cssRules)) {
          if (rule instanceof CSSKeyframesRule && rule.name.includes('page-in')) {
            return rule.cssRules[0]?.cssText ?? '';
          }
        }
      }
      return '';
    });
    expect(keyframes).toContain('opacity: 0');
    expect(keyframes).toContain('translateY');
  });
});

/**
 * How many lines the element's text takes: the distinct tops of its text's boxes. A label that wraps
 * ("BOOK A / TABLE") has two.
 */
function textLines(page: Page, selector: string): Promise<{ text: string; lines: number; right: number }[]> {
  return page.evaluate((css) => {
    return [...document.querySelectorAll<HTMLElement>(css)]
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => {
        const tops = new Set<number>();
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
        }
        return {
          text: element.textContent?.trim() ?? '',
          lines: tops.size,
          right: element.getBoundingClientRect().right,
        };
      });
  }, selector);
}

test.describe('the header across widths', () => {
  const languages = [
    {
      path: '/',
      toggle: 'Main menu',
      links: ['Home', 'About', 'Menu', 'Testimonials', 'Contact', 'Tiếng Việt', 'BOOK A TABLE'],
    },
    {
      path: '/vi',
      toggle: 'Mở menu điều hướng',
      links: ['Trang chủ', 'Giới thiệu', 'Thực đơn', 'Cảm nhận', 'Liên hệ', 'English', 'ĐẶT BÀN'],
    },
  ];
  for (const { path, toggle, links } of languages) {
    for (const width of [1024, 1100, 1280, 1440]) {
      test(`${path} at ${width} px: the brand and every link on one line, inside the window, no menu button`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(header(page).getByRole('button', { name: toggle })).toBeHidden();
        const brand = await textLines(page, 'header a:has(svg)');
        expect(brand).toEqual([{ text: restaurantProfile.name, lines: 1, right: expect.any(Number) }]);
        const shown = await textLines(page, 'header nav a');
        expect(shown.map(({ text, lines }) => ({ text, lines }))).toEqual(links.map((text) => ({ text, lines: 1 })));
        for (const { right } of shown) expect(right).toBeLessThanOrEqual(width);
      });
    }
    for (const width of [1023, 375]) {
      test(`${path} at ${width} px: the menu button takes over from the links`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(header(page).getByRole('button', { name: toggle })).toBeVisible();
        for (const name of links) await expect(header(page).getByRole('link', { name, exact: true })).toBeHidden();
        expect(await textLines(page, 'header a:has(svg)')).toEqual([
          { text: restaurantProfile.name, lines: 1, right: expect.any(Number) },
        ]);
      });
    }
  }
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('no page transition and no smooth scrolling', async ({ page }) => {
    await recordScrolling(page);
    await page.goto('/');
    await navLink(page, 'Menu').click();
    await expect(page.getByRole('heading', { name: 'Our Menu', level: 1 })).toBeVisible();
    await expect(page.locator('main > div')).toHaveCSS('animation-name', 'none');
    await navLink(page, 'Contact').click();
    await expectSectionAtTop(page, 'contact');
    expect((await scrolls(page)).map(({ behavior }) => behavior)).toEqual(['auto']);
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the links fold behind a toggle that closes once an item is chosen', async ({ page }) => {
    await page.goto('/');
    const toggle = header(page).getByRole('button', { name: 'Main menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const controls = await toggle.getAttribute('aria-controls');
    expect(controls).toBeTruthy();
    await expect(page.locator(`[id="${controls}"]`)).toBeHidden();
    await expect(navLink(page, 'Menu')).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`[id="${controls}"]`)).toBeVisible();
    for (const name of ['Home', 'About', 'Menu', 'Testimonials', 'Contact', 'BOOK A TABLE']) {
      await expect(navLink(page, name)).toBeVisible();
    }

    // A section link on the home page closes the menu too.
    await navLink(page, 'Contact').click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(navLink(page, 'Contact')).toBeHidden();
    await expectSectionAtTop(page, 'contact');

    await toggle.click();
    await navLink(page, 'Menu').click();
    await expect(page).toHaveURL(/\/menu$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(navLink(page, 'Menu')).toBeHidden();
  });

  test('Escape closes the menu and the keyboard can open it', async ({ page }) => {
    await page.goto('/menu');
    const toggle = header(page).getByRole('button', { name: 'Main menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the footer gives contact details, hours, the four locations and a copyright line', async ({ page }) => {
  await page.goto('/menu');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Mon - Sun 10:30 AM - 11:00 PM');
  await expect(footer.getByRole('link', { name: restaurantProfile.phone })).toHaveAttribute(
    'href',
    `tel:${restaurantProfile.phone.replaceAll(' ', '')}`,
  );
  await expect(footer.getByRole('link', { name: restaurantProfile.email })).toHaveAttribute(
    'href',
    `mailto:${restaurantProfile.email}`,
  );
  const locations = footer.getByRole('region', { name: 'Our locations' }).getByRole('listitem');
  await expect(locations).toHaveCount(4);
  for (const [index, branch] of restaurantProfile.branches.entries()) {
    await expect(locations.nth(index)).toContainText(branch.name);
    await expect(locations.nth(index)).toContainText(branch.address);
  }
  await expect(footer).toContainText('since 2022');
  await expect(footer).toContainText(new RegExp(`© 2022–${new Date().getFullYear()} Saffron Lotus`));
});
