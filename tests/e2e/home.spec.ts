/** The home page: its sections, specials, contact details, and what search engines and sharing see. */
import { expect, type Page, test } from '@playwright/test';
import { directionsUrl, restaurantProfile } from '../../src/domain/restaurant-profile.ts';

const section = (page: Page, id: string) => page.locator(`section[id="${id}"]`);

test('has the sections home, our-story, testimonials, contact and booking, in that order', async ({ page }) => {
  await page.goto('/');
  const ids = await page.locator('main section[id]').evaluateAll((sections) => sections.map((s) => s.id));
  const wanted = ['home', 'our-story', 'testimonials', 'contact', 'booking'];
  expect(ids.filter((id) => wanted.includes(id))).toEqual(wanted);
});

test('arrives prerendered and hydrates without a console error', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('BEST INDIAN DISHES IN TOWN');
  expect(html).toContain('data-prerendered="/"');
  const errors: string[] = [];
  page.on('console', (message) => {
    // A missing image is the artwork's business, not the page's.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await page.getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(section(page, 'contact')).toBeFocused();
  expect(errors).toEqual([]);
});

test('the hero shows the tagline and headline, and BOOK A TABLE scrolls to the booking form', async ({ page }) => {
  await page.goto('/');
  const hero = section(page, 'home');
  await expect(hero.getByText('BEST INDIAN DISHES IN TOWN', { exact: true })).toBeVisible();
  await expect(hero.getByRole('heading', { level: 1 })).toHaveText(/high-quality Indian cuisine/i);
  const image = hero.getByRole('img');
  await expect(image).toHaveAttribute('src', '/images/hero.svg');
  await expect(image).toHaveAttribute('width', '1600');
  await expect(image).toHaveAttribute('height', '1000');
  await expect(image).not.toHaveAttribute('loading', 'lazy');

  await hero.getByRole('link', { name: 'BOOK A TABLE' }).click();
  await expect(page.getByRole('heading', { name: 'BOOK YOUR TABLE', level: 2 })).toBeInViewport();
  await expect(section(page, 'booking')).toBeFocused();
});

test('Our Story has two photos and four paragraphs about the history and branches', async ({ page }) => {
  await page.goto('/');
  const story = section(page, 'our-story');
  const photos = story.getByRole('img');
  await expect(photos).toHaveCount(2);
  for (const [index, src] of ['/images/story-kitchen.svg', '/images/story-branches.svg'].entries()) {
    await expect(photos.nth(index)).toHaveAttribute('src', src);
    await expect(photos.nth(index)).toHaveAttribute('width', '800');
    await expect(photos.nth(index)).toHaveAttribute('height', '600');
    await expect(photos.nth(index)).toHaveAttribute('loading', 'lazy');
  }
  // The paragraphs after the heading group (eyebrow and title).
  const paragraphs = story.locator('header:has(h2) ~ p');
  await expect(paragraphs).toHaveCount(4);
  await expect(story).toContainText('November 2022');
  for (const place of ['Hanoi', 'Ninh Binh', 'Sa Pa', 'Da Nang']) await expect(story).toContainText(place);
});

test("Today's Special shows three dishes with prices, Order Now, a staggered entrance and View Full Menu", async ({
  page,
}) => {
  await page.goto('/');
  const specials = page.getByRole('region', { name: "Today's Special" });
  const cards = specials.getByRole('article');
  await expect(cards).toHaveCount(3);
  const expected = [
    ['Tandoori Chicken', '₫350,000', 'tandoori-chicken'],
    ['Chicken Tikka Masala', '₫180,000', 'chicken-tikka-masala'],
    ['Palak Paneer', '₫175,000', 'palak-paneer'],
  ] as const;
  for (const [index, [name, price, slug]] of expected.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(name);
    await expect(card).toContainText(price);
    await expect(card.getByRole('img')).toHaveAttribute('src', `/images/specials/${slug}.svg`);
    await expect(card.getByRole('button', { name: 'Order Now' })).toBeVisible();
  }

  // The cards wait off screen, then animate in 0.1 s apart.
  const items = specials.getByRole('listitem');
  await expect(items.first()).toHaveCSS('opacity', '0');
  await specials.scrollIntoViewIfNeeded();
  await expect(items.first()).toHaveCSS('animation-name', /card-in/);
  const delays = await items.evaluateAll((elements) => elements.map((e) => getComputedStyle(e).animationDelay));
  expect(delays).toEqual(['0s', '0.1s', '0.2s']);
  await expect(items.last()).toHaveCSS('opacity', '1');

  await cards.nth(1).getByRole('button', { name: 'Order Now' }).click();
  await expect(page.getByRole('heading', { name: 'BOOK YOUR TABLE', level: 2 })).toBeInViewport();

  await specials.getByRole('link', { name: 'View Full Menu' }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByRole('heading', { name: 'Our Menu', level: 1 })).toBeVisible();
});

test('Testimonials quote guests', async ({ page }) => {
  await page.goto('/');
  const quotes = section(page, 'testimonials').getByRole('listitem');
  expect(await quotes.count()).toBeGreaterThanOrEqual(3);
  for (const quote of await quotes.all()) {
    await expect(quote.locator('blockquote')).not.toBeEmpty();
    await expect(quote.locator('figcaption')).not.toBeEmpty();
  }
});

test('Contact gives the phone, email, hours and each branch with its address and a directions link', async ({
  page,
}) => {
  await page.goto('/');
  const contact = section(page, 'contact');
  // The main number (the Hanoi branch shares it) comes first, with the email and hours.
  await expect(contact.getByRole('link', { name: restaurantProfile.phone, exact: true }).first()).toHaveAttribute(
    'href',
    `tel:${restaurantProfile.phone.replaceAll(' ', '')}`,
  );
  await expect(contact.getByRole('link', { name: restaurantProfile.email })).toHaveAttribute(
    'href',
    `mailto:${restaurantProfile.email}`,
  );
  await expect(contact).toContainText('Mon - Sun 10:30 AM - 11:00 PM');
  for (const branch of restaurantProfile.branches) {
    const card = contact.getByRole('listitem').filter({ has: page.getByRole('heading', { name: branch.name }) });
    await expect(card).toContainText(branch.address);
    await expect(card.getByRole('link', { name: branch.phone })).toBeVisible();
    const directions = card.getByRole('link', { name: `Directions to ${branch.name}` });
    await expect(directions).toHaveAttribute('href', directionsUrl(branch));
    await expect(directions).toHaveAttribute('rel', /noopener/);
  }
});

test('the home page has its title, description, sharing tags and Restaurant JSON-LD', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Saffron Lotus — Indian restaurant/);
  const meta = (selector: string) => page.locator(`head meta[${selector}]`);
  await expect(meta('name="description"')).toHaveAttribute('content', /high-quality Indian cuisine/i);
  await expect(meta('property="og:title"')).toHaveAttribute('content', /Saffron Lotus/);
  await expect(meta('property="og:description"')).toHaveAttribute('content', /Indian cuisine/);
  await expect(meta('property="og:url"')).toHaveAttribute('content', `${restaurantProfile.website}/`);
  await expect(meta('property="og:image"')).toHaveAttribute(
    'content',
    `${restaurantProfile.website}/images/og-image.png`,
  );
  await expect(meta('property="og:type"')).toHaveAttribute('content', 'website');

  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(data['@context']).toBe('https://schema.org');
  expect(data['@type']).toBe('Restaurant');
  expect(data.name).toBe(restaurantProfile.name);
  expect(data.servesCuisine).toBe('Indian');
  expect(data.openingHoursSpecification[0]).toMatchObject({ opens: '10:30', closes: '23:00' });
  expect(data.openingHoursSpecification[0].dayOfWeek).toHaveLength(7);
  expect(data.department).toHaveLength(4);
  for (const [index, branch] of restaurantProfile.branches.entries()) {
    expect(data.department[index]).toMatchObject({
      '@type': 'Restaurant',
      telephone: branch.phone,
      url: `${restaurantProfile.website}/branches/${branch.slug}`,
      address: {
        '@type': 'PostalAddress',
        streetAddress: branch.street,
        addressLocality: branch.locality,
        addressRegion: branch.region,
        addressCountry: 'VN',
      },
      openingHoursSpecification: [{ opens: '10:30', closes: '23:00' }],
    });
  }
});

test('each public page has its own title and description, also after client-side navigation', async ({ page }) => {
  await page.goto('/menu');
  await expect(page).toHaveTitle(/^Our Menu/);
  const description = page.locator('head meta[name="description"]');
  await expect(description).toHaveAttribute('content', /full Saffron Lotus menu/);
  await expect(page.locator('head meta[property="og:url"]')).toHaveAttribute(
    'content',
    `${restaurantProfile.website}/menu`,
  );
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveTitle(/Saffron Lotus — Indian restaurant/);
  await expect(description).toHaveAttribute('content', /high-quality Indian cuisine/i);
  await expect(page.locator('head title')).toHaveCount(1);
});

test('robots.txt and sitemap.xml are served', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  const robotsText = await robots.text();
  expect(robotsText).toContain('User-agent: *');
  expect(robotsText).toContain(`Sitemap: ${restaurantProfile.website}/sitemap.xml`);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  for (const path of ['/', '/menu', '/reservation']) {
    expect(xml).toContain(`<loc>${restaurantProfile.website}${path}</loc>`);
  }
  expect(xml).not.toContain('/admin');
});

test('the backend client is not loaded before the visitor books', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/', { waitUntil: 'networkidle' });
  expect(requested).not.toContain('/config.json');
  expect(requested.some((path) => path.startsWith('/rest/') || path.startsWith('/auth/'))).toBe(false);
});
