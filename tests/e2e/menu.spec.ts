/**
 * The menu page (call 7), checked against the data file it serves: grouping, the type filters,
 * search, the category dropdown and both empty states, and a failed load.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { formatDong, type Menu, type MenuItem } from '../../src/domain/menu.ts';
import { menuSchema } from '../../src/domain/menu-schema.ts';
import { matchesSearch } from '../../src/domain/search-text.ts';

const menu: Menu = menuSchema.parse(
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'public', 'data', 'menu.json'), 'utf8')),
);
const categories = Object.keys(menu);
const allItems = Object.values(menu).flat();
const namesWhere = (keep: (item: MenuItem) => boolean) => allItems.filter(keep).map((item) => item.name);

const results = (page: Page) => page.getByRole('main').getByRole('listitem');
const shownNames = (page: Page) => results(page).getByRole('heading', { level: 3 }).allTextContents();
const filterButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter by type' }).getByRole('button', { name, exact: true });

async function openMenu(page: Page): Promise<void> {
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'Our Menu', level: 1 })).toBeVisible();
  await expect(results(page)).toHaveCount(allItems.length);
}

test('the data file holds a real menu: 8+ categories, 40+ items, liquor included', () => {
  expect(categories.length).toBeGreaterThanOrEqual(8);
  expect(allItems.length).toBeGreaterThanOrEqual(40);
  expect(namesWhere((item) => item.type === 'liquor').length).toBeGreaterThan(0);
});

test('every item shows under its category heading with image, name, description and price', async ({ page }) => {
  await openMenu(page);
  const headings = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(headings).toHaveText(categories);
  for (const category of categories) {
    const group = page.getByRole('region', { name: category, exact: true });
    const items = group.getByRole('listitem');
    await expect(items).toHaveCount(menu[category]?.length ?? 0);
    for (const [index, item] of (menu[category] ?? []).entries()) {
      const row = items.nth(index);
      await expect(row.getByRole('heading', { level: 3 })).toHaveText(item.name);
      await expect(row).toContainText(item.description);
      await expect(row).toContainText(formatDong(item.price));
      const image = row.locator('img');
      await expect(image).toHaveAttribute('src', item.image);
      await expect(image).toHaveAttribute('width', '400');
      await expect(image).toHaveAttribute('height', '300');
    }
  }
  // Prices read as the dong sign followed by the number grouped in thousands.
  await expect(results(page).first()).toContainText(/₫\d{1,3}(,\d{3})+/);
});

test('the filter buttons show only veg, non-veg or liquor items, and All shows them all', async ({ page }) => {
  await openMenu(page);
  await expect(filterButton(page, 'All')).toHaveAttribute('aria-pressed', 'true');
  for (const [label, type] of [
    ['Veg', 'veg'],
    ['Non-Veg', 'nonveg'],
    ['Liquor', 'liquor'],
  ] as const) {
    await filterButton(page, label).click();
    await expect(filterButton(page, label)).toHaveAttribute('aria-pressed', 'true');
    await expect(filterButton(page, 'All')).toHaveAttribute('aria-pressed', 'false');
    await expect(results(page)).toHaveCount(namesWhere((item) => item.type === type).length);
    expect(await shownNames(page)).toEqual(namesWhere((item) => item.type === type));
  }
  await filterButton(page, 'All').click();
  await expect(results(page)).toHaveCount(allItems.length);
});

test('the search box matches names and descriptions, whatever the case', async ({ page }) => {
  await openMenu(page);
  const search = page.getByRole('searchbox', { name: 'Search' });
  await expect(search).toHaveAttribute('placeholder', 'Search menu items...');
  const term = 'paneer';
  const expected = namesWhere((item) => `${item.name} ${item.description}`.toLowerCase().includes(term));
  expect(expected.length).toBeGreaterThan(1);
  await search.fill('PaNeEr');
  await expect(results(page)).toHaveCount(expected.length);
  expect(await shownNames(page)).toEqual(expected);

  // Search and type filter combine.
  await filterButton(page, 'Liquor').click();
  await search.fill('mango');
  const liquorMango = namesWhere(
    (item) => item.type === 'liquor' && `${item.name} ${item.description}`.toLowerCase().includes('mango'),
  );
  await expect(results(page)).toHaveCount(liquorMango.length);
});

test('the category dropdown lists All and every category, and narrows the list to one', async ({ page }) => {
  await openMenu(page);
  const category = page.getByRole('combobox', { name: 'Category' });
  await expect(category.getByRole('option')).toHaveText(['All', ...categories]);
  const chosen = categories[2] ?? '';
  await category.selectOption({ label: chosen });
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([chosen]);
  expect(await shownNames(page)).toEqual(menu[chosen]?.map((item) => item.name));
  await category.selectOption({ label: 'All' });
  await expect(results(page)).toHaveCount(allItems.length);
});

test('"No items found matching your filters." when filters leave nothing', async ({ page }) => {
  await openMenu(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill('zzz no such dish');
  await expect(page.getByText('No items found matching your filters.')).toBeVisible();
  await expect(results(page)).toHaveCount(0);

  // A category with no liquor: the filter empties it.
  const dry = categories.find((name) => !menu[name]?.some((item) => item.type === 'liquor')) ?? '';
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: dry });
  await filterButton(page, 'Liquor').click();
  await expect(page.getByText('No items found matching your filters.')).toBeVisible();
});

test('a search typed, a category chosen and a filter pressed before the menu’s code arrives apply once it has', async ({
  page,
}) => {
  // Hold back the filters' code (the menu's island), as a slow phone connection would: the guest
  // types and chooses on the page's HTML meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/menu-island-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/menu');
  await expect(results(page)).toHaveCount(allItems.length);
  const dry = categories.find((name) => !menu[name]?.some((item) => item.type === 'liquor')) ?? '';
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: dry });
  await page.getByRole('searchbox', { name: 'Search' }).fill('a');
  await filterButton(page, 'Veg').click();
  release();
  await expect(page.locator('[data-island="menu"][data-hydrated="true"]')).toBeAttached();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('a');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([dry]);
  await expect(filterButton(page, 'Veg')).toHaveAttribute('aria-pressed', 'true');
  const expected = (menu[dry] ?? [])
    .filter((item) => item.type === 'veg' && matchesSearch([item.name, item.description], 'a'))
    .map((item) => item.name);
  expect(await shownNames(page)).toEqual(expected);
});

test('"Menu items not available." when the data holds no items', async ({ page }) => {
  await page.route('**/data/menu.json', (route) => route.fulfill({ json: {} }));
  await page.goto('/menu');
  await expect(page.getByText('Menu items not available.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Category' }).getByRole('option')).toHaveText(['All']);
});

test('a failed load is logged and leaves the list empty, without crashing', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  await page.route('**/data/menu.json', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.goto('/menu');
  await expect(page.getByText('Menu items not available.')).toBeVisible();
  await expect(results(page)).toHaveCount(0);
  await expect.poll(() => errors.some((text) => text.includes('Could not load the menu'))).toBe(true);
  expect(errors.filter((text) => text.startsWith('uncaught'))).toEqual([]);
  // The page still works.
  await filterButton(page, 'Veg').click();
  await expect(page.getByText('No items found matching your filters.')).toBeVisible();
});

test('data that breaks the schema is refused like a failed load', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route('**/data/menu.json', (route) =>
    route.fulfill({ json: { Starters: [{ name: 'Samosa', price: 'cheap', type: 'veg' }] } }),
  );
  await page.goto('/menu');
  await expect(page.getByText('Menu items not available.')).toBeVisible();
  await expect.poll(() => errors.some((text) => text.includes('Could not load the menu'))).toBe(true);
});
