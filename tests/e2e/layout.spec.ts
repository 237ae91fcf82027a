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

/** Records, on each page, whether its `pagereveal` event brought a view transition. */
async function recordPageReveals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const reveals: boolean[] = [];
    Object.assign(window, { __reveals: reveals });
    window.addEventListener('pagereveal', (event) => {
      reveals.push((event as Event & { viewTransition: unknown }).viewTransition != null);
    });
  });
}

const pageReveals = async (page: Page) => {
  await page.waitForFunction(() => (window as unknown as { __reveals?: boolean[] }).__reveals?.length);
  return page.evaluate(() => (window as unknown as { __reveals: boolean[] }).__reveals);
};

/** What the page's stylesheets say about page changes, and the names the content and header carry. */
function transitionStyles(page: Page) {
  return page.evaluate(() => {
    let navigation = '';
    let keyframes = '';
    const animations: { selector: string; name: string; duration: string }[] = [];
    const visit = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSGroupingRule) visit(rule.cssRules);
        else if (rule.cssText.startsWith('@view-transition')) {
          navigation = (rule as CSSRule & { navigation?: string }).navigation ?? '';
        } else if (rule instanceof CSSKeyframesRule && rule.name.includes('page-in')) {
          keyframes = rule.cssRules[0]?.cssText ?? '';
        } else if (rule instanceof CSSStyleRule && rule.selectorText.includes('::view-transition')) {
          animations.push({
            selector: rule.selectorText,
            name: rule.style.animationName,
            duration: rule.style.animationDuration,
          });
        }
      }
    };
    for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules);
    const nameOf = (selector: string) => {
      const element = document.querySelector(selector);
      return element ? getComputedStyle(element).getPropertyValue('view-transition-name') : '';
    };
    return { navigation, keyframes, animations, contentName: nameOf('main'), headerName: nameOf('header') };
  });
}

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

  // A page load now (each page is its own document): the new page scrolls, about 100 ms in.
  test('from another page a section link goes home, then scrolls after about 100 ms', async ({ page }) => {
    await recordScrolling(page);
    await page.goto('/menu');
    await page.evaluate(() => Object.assign(window, { __menuPage: true }));
    await navLink(page, 'Testimonials').click();
    await expect(page).toHaveURL(/\/#testimonials$/);
    await expectSectionAtTop(page, 'testimonials');
    // Another document: the menu page's window, and its records, are gone.
    expect(await page.evaluate(() => '__menuPage' in window)).toBe(false);
    const navigation = await page.evaluate(() => {
      const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return { url: new URL(entry?.name ?? '').pathname + new URL(entry?.name ?? '').hash, type: entry?.type };
    });
    expect(navigation).toEqual({ url: '/#testimonials', type: 'navigate' });
    // The browser lands on the fragment itself; the page's own smooth scroll follows about 100 ms later.
    await expect
      .poll(async () => (await scrolls(page)).filter(({ id }) => id === 'testimonials').length)
      .toBeGreaterThan(0);
    const testimonials = (await scrolls(page)).filter(({ id }) => id === 'testimonials');
    // performance.now() counts from this document's start: the scroll came 95 ms or more after it.
    for (const { at } of testimonials) expect(at).toBeGreaterThanOrEqual(95);
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

  // Each page is its own document: the change is a cross-document view transition (CSS), which the
  // new page's `pagereveal` event carries.
  test('pages change with a 0.3 s fade and slide; the first page is not held back', async ({ page }) => {
    await recordPageReveals(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await pageReveals(page)).toEqual([false]);

    await navLink(page, 'Menu').click();
    await expect(page.getByRole('heading', { name: 'Our Menu', level: 1 })).toBeVisible();
    expect(await pageReveals(page)).toEqual([true]);

    const styles = await transitionStyles(page);
    expect(styles.navigation).toBe('auto');
    // The content enters with the fade and slide; the fixed header has its own layer, which does not move.
    expect(styles.contentName).not.toBe('none');
    expect(styles.headerName).not.toBe('none');
    expect(styles.headerName).not.toBe(styles.contentName);
    const entering = styles.animations.find(({ selector }) =>
      selector.includes(`::view-transition-new(${styles.contentName})`),
    );
    expect(entering?.name).toMatch(/page-in/);
    expect(entering?.duration).toBe('0.3s');
    expect(styles.keyframes).toContain('opacity: 0');
    expect(styles.keyframes).toContain('translateY');
    for (const { selector, name } of styles.animations) {
      if (selector.includes(styles.headerName) || selector.includes('::view-transition-group(*)')) {
        expect(name, selector).toBe('none');
      }
    }
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
    await recordPageReveals(page);
    await navLink(page, 'Menu').click();
    await expect(page.getByRole('heading', { name: 'Our Menu', level: 1 })).toBeVisible();
    expect(await pageReveals(page)).toEqual([false]);
    await navLink(page, 'Home').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await pageReveals(page)).toEqual([false]);
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

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });

  test('the menu button still opens and closes the menu, and its links are plain links', async ({ page }) => {
    await page.goto('/menu');
    const toggle = header(page).getByRole('button', { name: 'Main menu' });
    await expect(navLink(page, 'Testimonials')).toBeHidden();
    await toggle.click();
    await expect(navLink(page, 'Testimonials')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(navLink(page, 'Testimonials')).toBeHidden();
    await toggle.click();
    await navLink(page, 'Testimonials').click();
    await expect(page).toHaveURL(/\/#testimonials$/);
    await expect(page.locator('#testimonials')).toBeInViewport();
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
