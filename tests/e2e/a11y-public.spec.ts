/** Accessibility of the public pages: axe finds nothing, and a keyboard reaches and sees everything. */
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';

/** Shows everything that waits to scroll in (lazy images, the specials' entrance), then returns to the top. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo(0, 0);
  });
}

test.describe('axe', () => {
  test.use({ reducedMotion: 'reduce' });

  test('home page', async ({ page }) => {
    await page.goto('/');
    await scrollThrough(page);
    await expect(page.locator('section[id="booking"]').getByRole('button', { name: 'BOOK YOUR TABLE' })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test('home page with the booking form showing its errors and a toast', async ({ page }) => {
    await page.goto('/#booking');
    const submit = page.locator('section[id="booking"]').getByRole('button', { name: 'BOOK YOUR TABLE' });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields.');
    await expect(page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('menu page, loaded and filtered to nothing', async ({ page }) => {
    await page.goto('/menu');
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await scrollThrough(page);
    await expectNoAxeViolations(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill('no such dish at all');
    await expect(page.getByText('No items found matching your filters.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('404 page', async ({ page }) => {
    await page.goto('/lost/page');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('with the navigation open', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Main menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menu' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});

test.describe('keyboard', () => {
  test('the skip link comes first and moves to the content', async ({ page }) => {
    await page.goto('/menu');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await page.keyboard.press('Tab');
    // The first control of the page after the header: the All filter.
    await expect(page.getByRole('button', { name: 'All', exact: true })).toBeFocused();
  });

  test('every focusable element shows a visible focus indicator', async ({ page }) => {
    await page.goto('/');
    const seen = new Set<string>();
    for (let step = 0; step < 60; step += 1) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        return {
          label: `${element.tagName} ${element.textContent?.trim().slice(0, 30) ?? ''} ${element.getAttribute('name') ?? ''}`,
          outline: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2,
          inViewport: (() => {
            const box = element.getBoundingClientRect();
            return box.bottom > 0 && box.top < window.innerHeight;
          })(),
        };
      });
      if (!focus) continue;
      seen.add(focus.label);
      expect(focus.outline, `${focus.label} has a visible focus outline`).toBe(true);
      expect(focus.inViewport, `${focus.label} is scrolled into view`).toBe(true);
    }
    // The walk went through the header, the page's links and buttons, and into the form.
    expect(seen.size).toBeGreaterThan(20);
    expect([...seen].some((label) => label.startsWith('INPUT'))).toBe(true);
  });

  test('a keyboard user books from the hero: BOOK A TABLE moves focus to the form', async ({ page }) => {
    await page.goto('/');
    await page.locator('section[id="home"]').getByRole('link', { name: 'BOOK A TABLE' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('section[id="booking"]')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator('section[id="booking"]').getByLabel('Name')).toBeFocused();
  });

  test('a guest who reaches the form before the page’s code has arrived keeps their place and what they typed', async ({
    page,
  }) => {
    // Hold back the form's code (its island), as a slow phone connection would: the prerendered
    // page is there, the link takes the guest to the form, the guest starts typing. When the code
    // arrives and the form hydrates, the same field keeps the focus and the text (it was once
    // replaced, or left).
    // What the page reports meanwhile (a hydration mismatch shows up as a console error): named in
    // the failure message below, so a failure says why the field was replaced or lost focus.
    const reported: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') reported.push(message.text());
    });
    page.on('pageerror', (error) => reported.push(error.message));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/booking-island-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    const booking = page.locator('section[id="booking"]');
    await page.locator('section[id="home"]').getByRole('link', { name: 'BOOK A TABLE' }).focus();
    await page.keyboard.press('Enter');
    await expect(booking).toBeFocused();
    await page.keyboard.press('Tab');
    const name = booking.getByLabel('Name');
    await expect(name).toBeFocused();
    await page.keyboard.type('Asha');
    const field = await name.elementHandle();
    release();

    await expect(booking.getByRole('button', { name: 'BOOK YOUR TABLE' })).toBeEnabled();
    const after = await field?.evaluate((element) => ({
      inPage: element.isConnected,
      focused: element === document.activeElement,
      focusedNow: document.activeElement?.outerHTML.slice(0, 120),
    }));
    expect(after?.inPage, `the field was replaced; the page reported: ${reported.join(' | ') || 'nothing'}`).toBe(true);
    expect(
      after?.focused,
      `focus moved to ${after?.focusedNow}; the page reported: ${reported.join(' | ') || 'nothing'}`,
    ).toBe(true);
    await expect(name).toHaveValue('Asha');
  });
});
