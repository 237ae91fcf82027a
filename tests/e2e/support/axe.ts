/**
 * One accessibility check for every page the end-to-end tests look at: WCAG 2.2 A/AA and axe's
 * best practices, reported as rule and element so a failure says where to look.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Checks the page as it rests. Motion is reduced first: axe measures contrast on the frame it
 * sees, and a toast fading in or out would read as faint text (the page itself is unchanged, as
 * every transition here is decoration with a reduced-motion form).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) }))).toEqual([]);
}
