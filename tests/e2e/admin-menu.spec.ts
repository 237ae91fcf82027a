/**
 * The menu screen (/admin/menu) in Chromium, on a server of its own whose ADMIN_EMAIL account is
 * an owner (its menu is changed freely, away from the shared server's menu tests): the owner
 * edits a dish in both languages with a new photo, reorders dishes with the keyboard, marks a
 * dish and a whole category sold out at Sa Pa, and changes a special; each shows on the public
 * pages and in /data/menu.json without a rebuild. The owner also drags a dish to a new place, adds
 * and renames a category, hides a dish at one branch and chooses tomorrow's own specials. A Sa Pa
 * host sees the sold-out part only. axe finds nothing on the screen or its dialogs.
 */
import { expect, type Page, test } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { z } from 'zod';
import { menuSchema } from '../../src/domain/menu-schema.ts';
import { temporaryPasswordSchema } from '../../src/domain/team.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const owner = { email: 'menu.owner@saffronlotus.test', password: 'menu-screen-owner-passphrase' };

let app: TestServer;

// One server for the file (its start is the slow part): the steps share it, one after another.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startTestServer({ ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, ADMIN_ROLE: 'owner' });
});

test.afterAll(async () => {
  await app?.stop();
});

async function openMenuScreen(page: Page): Promise<void> {
  await page.goto(`${app.url}/admin/login`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('navigation', { name: 'Staff screens' }).getByRole('link', { name: 'Menu' }).click();
  await expect(page).toHaveURL(/\/admin\/menu$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
}

async function publicMenu(): Promise<ReturnType<typeof menuSchema.parse>> {
  return menuSchema.parse(await (await fetch(`${app.url}/data/menu.json`)).json());
}

const category = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('the owner edits a dish with a new photo; the menu shows it as a <picture> within seconds', async ({ page }) => {
  test.setTimeout(90_000);
  await openMenuScreen(page);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Edit Palak Paneer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Palak Paneer' });
  await expect(dialog.getByLabel('Price (dong)')).toHaveValue('175000');
  await dialog.getByLabel('Price (dong)').fill('cheap');
  await dialog.getByLabel('Name in Vietnamese').fill(' ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter the price as a whole number of dong, for example 185000.')).toBeVisible();
  await expect(dialog.getByText("Enter the dish's name.")).toBeVisible();
  await expect(dialog.getByLabel('Price (dong)')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Price (dong)').fill('189.000');
  await dialog.getByLabel('Name in Vietnamese').fill('Phô mai sốt rau chân vịt');
  await dialog.getByRole('checkbox', { name: 'Contains dairy' }).check();
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2e7d32' } })
    .jpeg()
    .toBuffer();
  await dialog
    .getByLabel('Photo', { exact: true })
    .setInputFiles({ name: 'palak.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(dialog.getByRole('img', { name: "Preview of the dish's photo" })).toHaveAttribute('src', /^blob:/);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Palak Paneer saved.')).toBeVisible();
  await expect(category(page, 'Vegetarian').getByRole('listitem').first()).toContainText('₫189,000');

  await expect
    .poll(async () => (await publicMenu()).Vegetarian?.find((dish) => dish.name === 'Palak Paneer'), { timeout: 5000 })
    .toMatchObject({
      price: 189000,
      image: expect.stringMatching(/^\/storage\/v1\/object\/public\/menu\/dishes\/.+\.640\.jpg$/),
    });
  const html = await (await fetch(`${app.url}/menu`)).text();
  expect(html).toMatch(/<picture><source type="image\/avif" srcSet="[^"]+ 320w, [^"]+ 640w/);

  // The public page shows the photo, in a format the browser chose, at the size it reserved.
  await page.goto(`${app.url}/vi/menu`);
  const row = page.getByRole('listitem').filter({ hasText: 'Phô mai sốt rau chân vịt' });
  await expect(row.locator('picture source[type="image/avif"]')).toHaveCount(1);
  await expect(row.locator('img')).toHaveAttribute('width', '400');
  await row.scrollIntoViewIfNeeded();
  await expect.poll(() => row.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('the owner reorders dishes with the keyboard', async ({ page }) => {
  await openMenuScreen(page);
  const starters = category(page, 'Starters').getByRole('listitem');
  await expect(starters.first()).toContainText('Vegetable Samosa');
  await page.getByRole('button', { name: 'Move Onion Bhaji up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Onion Bhaji is now number 1.')).toBeVisible();
  await expect(starters.first()).toContainText('Onion Bhaji');
  await page.getByRole('button', { name: 'Move Vegetable Samosa down' }).focus();
  await page.keyboard.press('Space');
  await expect(starters.nth(2)).toContainText('Vegetable Samosa');
  await expect
    .poll(async () => (await publicMenu()).Starters?.slice(0, 3).map((dish) => dish.name), { timeout: 5000 })
    .toEqual(['Onion Bhaji', 'Aloo Tikki Chaat', 'Vegetable Samosa']);
});

test('one tap marks a dish sold out at Sa Pa until it next opens; a whole category at once', async ({ page }) => {
  // Sign-in, two axe scans and a second page: on a loaded CI machine this ran past 30 s.
  test.setTimeout(90_000);
  await openMenuScreen(page);
  await page.getByLabel('Branch').selectOption({ label: 'Sa Pa' });
  const butterRow = category(page, 'Curries').getByRole('listitem').filter({ hasText: 'Butter Chicken' });
  const toggle = page.getByRole('button', { name: 'Sold out Butter Chicken at Sa Pa' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // Until the branch's next opening: 10:30 on a later day.
  await expect(butterRow).toContainText(/Until 10:30, \d{4}-\d{2}-\d{2}/);

  await page.getByRole('button', { name: 'All of Desserts sold out' }).click();
  await expect(page.getByText('All of Desserts is sold out at Sa Pa until it next opens.')).toBeVisible();
  const dessertToggles = category(page, 'Desserts').getByRole('button', { name: /^Sold out .+ at Sa Pa$/ });
  await expect(dessertToggles).toHaveCount(4);
  for (const dessert of await dessertToggles.all()) await expect(dessert).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page);

  const branchPage = await page.context().newPage();
  await expect
    .poll(async () => (await (await fetch(`${app.url}/branches/sa-pa`)).text()).includes('Gulab Jamun'), {
      timeout: 5000,
    })
    .toBe(true);
  await branchPage.goto(`${app.url}/menu?branch=sa-pa`);
  const butter = branchPage.getByRole('listitem').filter({ hasText: 'Butter Chicken' });
  await expect(butter).toContainText('Sold out today');
  await branchPage.getByLabel('Branch').selectOption({ label: 'Da Nang' });
  await expect(butter).not.toContainText('Sold out today');
  await expect(branchPage).toHaveURL(/\?branch=da-nang$/);

  // Back on: one tap again.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
});

test('the owner chooses today’s specials; the home page shows them', async ({ page }) => {
  await openMenuScreen(page);
  await page.getByLabel('Special 3').selectOption({ label: 'Butter Chicken — ₫185,000' });
  await expect(page.getByText("Today's specials saved.")).toBeVisible();
  await expect
    .poll(async () => (await (await fetch(`${app.url}/`)).text()).match(/<h3[^>]*>Butter Chicken<\/h3>/) !== null, {
      timeout: 5000,
    })
    .toBe(true);
});

async function ownerClient() {
  const config = (await (await fetch(`${app.url}/config.json`)).json()) as { supabaseAnonKey: string };
  const supabase = createClient(app.url, config.supabaseAnonKey, { auth: { persistSession: false } });
  expect((await supabase.auth.signInWithPassword(owner)).error).toBeNull();
  return supabase;
}

test('the owner drags a dish into place, adds and renames a category, hides a dish at Da Nang', async ({ page }) => {
  test.setTimeout(90_000);
  await openMenuScreen(page);

  // Drag Butter Naan by its handle below Cheese Naan: the pointer, as a mouse or a finger moves it.
  const breads = category(page, 'Breads').getByRole('listitem');
  await expect(breads.nth(0)).toContainText('Butter Naan');
  const handle = breads.nth(0).getByTitle('Drag to move');
  // The mouse works in the viewport's coordinates: the rows must be on the screen.
  await breads.nth(2).scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const target = await breads.nth(2).boundingBox();
  if (!from || !target) throw new Error('the rows are not on the screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, target.y + target.height * 0.75, { steps: 8 });
  await expect(breads.nth(2)).toHaveClass(/dropAfter/);
  await page.mouse.up();
  await expect(page.getByText('Butter Naan is now number 3.')).toBeVisible();
  await page.reload();
  await expect(breads.nth(2)).toContainText('Butter Naan');
  await expect(breads.nth(0)).toContainText('Garlic Naan');

  // A new category, then renamed in both languages; a dish in it puts it on the public menu.
  await page.getByRole('button', { name: 'Add a category' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a category' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText("Enter the category's name.")).toHaveCount(2);
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Name in English').fill('Street Food');
  await dialog.getByLabel('Name in Vietnamese').fill('Món đường phố');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Rename Street Food' }).click();
  dialog = page.getByRole('dialog', { name: 'Rename Street Food' });
  await expect(dialog.getByLabel('Name in Vietnamese')).toHaveValue('Món đường phố');
  await dialog.getByLabel('Name in English').fill('Mumbai Street Food');
  await dialog.getByLabel('Name in Vietnamese').fill('Món đường phố Mumbai');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const categories = page.getByRole('region', { name: 'Categories' }).getByRole('listitem');
  await expect(categories.last()).toContainText('Mumbai Street Food');
  await expect(categories.last()).toContainText('Món đường phố Mumbai');
  await expect(category(page, 'Mumbai Street Food')).toBeVisible();
  // It moves up like a dish does.
  await page.getByRole('button', { name: 'Move Mumbai Street Food up' }).click();
  await expect(categories.nth(-2)).toContainText('Mumbai Street Food');

  const supabase = await ownerClient();
  const { data: created } = await supabase.from('menu_categories').select('id').eq('slug', 'street-food').single();
  const categoryId = z.object({ id: z.number() }).parse(created).id;
  const { error } = await supabase.from('menu_items').insert({
    category_id: categoryId,
    name_en: 'Vada Pav',
    name_vi: 'Vada Pav',
    description_en: 'A spiced potato fritter in a soft bun with chutneys.',
    description_vi: 'Bánh khoai tây tẩm gia vị chiên giòn kẹp trong bánh mì mềm, ăn cùng tương chutney.',
    price: 95000,
    type: 'veg',
    image_path: '/images/menu/vegetable-samosa.svg',
    published: true,
  });
  expect(error).toBeNull();
  await expect
    .poll(async () => (await publicMenu())['Mumbai Street Food']?.map((dish) => dish.name), { timeout: 5000 })
    .toEqual(['Vada Pav']);
  expect(await (await fetch(`${app.url}/vi/menu`)).text()).toContain('Món đường phố Mumbai');

  // Hidden at Da Nang: gone from that branch's menu, still on the others'.
  await page.getByLabel('Branch').selectOption({ label: 'Da Nang' });
  const hide = page.getByRole('button', { name: 'Hidden Masala Chai at Da Nang' });
  await expect(hide).toHaveAttribute('aria-pressed', 'false');
  await hide.click();
  await expect(hide).toHaveAttribute('aria-pressed', 'true');
  await expect(category(page, 'Drinks').getByRole('listitem').filter({ hasText: 'Masala Chai' })).toContainText(
    'not offered at Da Nang',
  );
  const { data: chai } = await supabase.from('menu_items').select('id').eq('slug', 'masala-chai').single();
  const chaiId = z.object({ id: z.number() }).parse(chai).id;
  await expect
    .poll(
      async () => {
        const today = z
          .object({ branches: z.record(z.string(), z.object({ hidden: z.array(z.number()) })) })
          .parse(await (await fetch(`${app.url}/data/today.json`)).json());
        return [today.branches['da-nang']?.hidden.includes(chaiId), today.branches.hanoi?.hidden.includes(chaiId)];
      },
      { timeout: 5000 },
    )
    .toEqual([true, false]);
  const guest = await page.context().newPage();
  // The guest changes branch before the menu's code has arrived (held back, as on a slow phone):
  // the page was rendered for Da Nang, and the choice still counts once the code is there.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await guest.route(/\/assets\/menu-island-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await guest.goto(`${app.url}/menu?branch=da-nang`);
  // By its name (a cocktail's description mentions masala chai too).
  const chaiRow = guest.getByRole('heading', { level: 3, name: 'Masala Chai', exact: true });
  await expect(guest.getByRole('heading', { level: 3, name: 'Mango Lassi', exact: true })).toBeVisible();
  await expect(chaiRow).toHaveCount(0);
  await guest.getByLabel('Branch').selectOption('hanoi');
  release();
  await expect(guest.locator('[data-island="menu"][data-hydrated="true"]')).toBeAttached();
  await expect(chaiRow).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test('the owner gives tomorrow its own three specials; the standing choice stays for other days', async ({ page }) => {
  await openMenuScreen(page);
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(
    new Date(Date.now() + 86_400_000),
  );
  const specials = page.getByRole('region', { name: "Today's specials" });
  const standing = await specials.getByLabel('Special 2').inputValue();
  await specials.getByLabel('Day').fill(tomorrow);
  await expect(specials.getByRole('status')).toHaveText(
    `${tomorrow} shows the standing choice; change a dish to give it its own three.`,
  );
  await specials.getByLabel('Special 1').selectOption({ label: 'Mango Kulfi — ₫75,000' });
  await expect(page.getByText(`Specials for ${tomorrow} saved.`)).toBeVisible();
  await expect(specials.getByRole('status')).toHaveText(`${tomorrow} has its own three.`);
  await expectNoAxeViolations(page);

  const supabase = await ownerClient();
  const { data } = await supabase
    .from('daily_specials')
    .select('position, item_id')
    .eq('date', tomorrow)
    .order('position');
  const rows = z.array(z.object({ position: z.number(), item_id: z.number() })).parse(data);
  expect(rows.map((row) => row.position)).toEqual([1, 2, 3]);
  expect(String(rows[1]?.item_id)).toBe(standing);
  // Today still shows the standing choice.
  await specials.getByLabel('Day').fill('');
  await expect(specials.getByLabel('Special 2')).toHaveValue(standing);
});

test('a Sa Pa host sees the sold-out part only, for Sa Pa', async ({ page }) => {
  const config = (await (await fetch(`${app.url}/config.json`)).json()) as { supabaseAnonKey: string };
  const supabase = createClient(app.url, config.supabaseAnonKey, { auth: { persistSession: false } });
  expect((await supabase.auth.signInWithPassword(owner)).error).toBeNull();
  const { data, error } = await supabase.functions.invoke('team', {
    body: { action: 'create', email: 'menu.host@saffronlotus.test', role: 'host', branches: ['Sa Pa'] },
  });
  expect(error).toBeNull();
  const { temporaryPassword } = temporaryPasswordSchema.parse(data);

  await page.goto(`${app.url}/admin/login`);
  await page.getByLabel('Email').fill('menu.host@saffronlotus.test');
  await page.getByLabel('Password').fill(temporaryPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`${app.url}/admin/menu`);
  await expect(page.getByRole('heading', { level: 2, name: 'Sold out today' })).toBeVisible();
  await expect(page.getByLabel('Branch').locator('option')).toHaveText(['Sa Pa']);
  await expect(page.getByRole('region', { name: "Today's specials" })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Move / })).toHaveCount(0);
  const toggle = page.getByRole('button', { name: 'Sold out Garlic Naan at Sa Pa' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page);
});
