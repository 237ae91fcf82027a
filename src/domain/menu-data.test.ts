/**
 * Checks the content the site ships: public/data/menu.json against the menu schema and the spec's
 * promises, and every generated picture under public/images against its file and size budget.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { menuItemTypes } from './menu.ts';
import { menuSchema } from './menu-schema.ts';

const publicDir = join(import.meta.dirname, '..', '..', 'public');
const menu = menuSchema.parse(JSON.parse(readFileSync(join(publicDir, 'data', 'menu.json'), 'utf8')));
const items = Object.values(menu).flat();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Bytes allowed per picture, by its path under public/images. */
function budget(path: string): number {
  if (path === 'hero.svg') return 25 * 1024;
  if (path.startsWith('menu/')) return 8 * 1024;
  return 12 * 1024;
}

/** The size the pages reserve for each picture (width × height). */
function dimensions(path: string): string {
  if (path === 'hero.svg') return '1600x1000';
  if (path.startsWith('menu/')) return '400x300';
  return '800x600';
}

describe('menu.json', () => {
  it('has at least 8 categories and 40 items', () => {
    expect(Object.keys(menu).length).toBeGreaterThanOrEqual(8);
    expect(items.length).toBeGreaterThanOrEqual(40);
    for (const list of Object.values(menu)) expect(list.length).toBeGreaterThan(0);
  });

  it('offers every type, with at least 5 liquor items', () => {
    for (const type of menuItemTypes) expect(items.some((item) => item.type === type)).toBe(true);
    expect(items.filter((item) => item.type === 'liquor').length).toBeGreaterThanOrEqual(5);
  });

  it("prices today's specials as the spec states", () => {
    const price = (name: string) => items.find((item) => item.name === name)?.price;
    expect(price('Tandoori Chicken')).toBe(350_000);
    expect(price('Chicken Tikka Masala')).toBe(180_000);
    expect(price('Palak Paneer')).toBe(175_000);
  });

  it('has no duplicate names, whole-dong prices and one-sentence descriptions', () => {
    const names = items.map((item) => item.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const item of items) {
      expect(item.price, item.name).toBeGreaterThanOrEqual(10_000);
      expect(item.description.length, item.name).toBeLessThanOrEqual(140);
    }
  });

  it('points every item at an existing picture named after the item', () => {
    for (const item of items) {
      const slug = item.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      expect(item.image).toBe(`/images/menu/${slug}.svg`);
      expect(existsSync(join(publicDir, item.image)), item.image).toBe(true);
    }
  });
});

describe('generated pictures', () => {
  const imagesDir = join(publicDir, 'images');
  const svgs = filesUnder(imagesDir).filter((file) => file.endsWith('.svg'));

  it('include the hero, story, specials and social pictures the pages link to', () => {
    for (const path of [
      'hero.svg',
      'story-kitchen.svg',
      'story-branches.svg',
      'specials/tandoori-chicken.svg',
      'specials/chicken-tikka-masala.svg',
      'specials/palak-paneer.svg',
      'og-image.png',
    ]) {
      expect(existsSync(join(imagesDir, path)), path).toBe(true);
    }
  });

  it.each(svgs.map((file) => [relative(imagesDir, file)]))(
    '%s has width, height, viewBox and fits its budget',
    (path) => {
      const file = join(imagesDir, path);
      const root = readFileSync(file, 'utf8').match(/<svg\b[^>]*>/)?.[0] ?? '';
      const width = root.match(/\swidth="(\d+)"/)?.[1];
      const height = root.match(/\sheight="(\d+)"/)?.[1];
      expect(`${width}x${height}`).toBe(dimensions(path));
      expect(root).toMatch(/\sviewBox="[\d.]+ [\d.]+ [\d.]+ [\d.]+"/);
      expect(statSync(file).size).toBeLessThanOrEqual(budget(path));
    },
  );

  it('keeps the social-sharing PNG at 1200×630 and under 200 KB', () => {
    const png = readFileSync(join(imagesDir, 'og-image.png'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
    expect(png.length).toBeLessThan(200 * 1024);
  });
});
