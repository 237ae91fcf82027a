/**
 * The menu data file (public/data/menu.json, call 7): an object keyed by category, each a list of
 * items. The menu page validates what it loads with this schema; a test checks the shipped file.
 */
import { z } from 'zod';

export const menuItemTypes = ['veg', 'nonveg', 'liquor'] as const;
export type MenuItemType = (typeof menuItemTypes)[number];

export const menuItemSchema = z.object({
  name: z.string().min(1),
  description: z.string().min(1),
  /** In Vietnamese dong. */
  price: z.number().int().nonnegative(),
  /** A path under /images/ (or any URL the owner chooses). */
  image: z.string().min(1),
  type: z.enum(menuItemTypes),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuSchema = z.record(z.string().min(1), z.array(menuItemSchema));
export type Menu = z.infer<typeof menuSchema>;

export const menuDataPath = '/data/menu.json';

export { formatDong } from './format-dong.ts';

/**
 * The menu in another language: public/data/menu.<language>.json names each category and
 * describes each dish (by its name in menu.json) in that language. Prices, images and types stay
 * in menu.json alone, so an owner changes them once; dish names keep their usual names.
 */
export const menuTranslationSchema = z.object({
  categories: z.record(z.string().min(1), z.string().min(1)),
  descriptions: z.record(z.string().min(1), z.string().min(1)),
});
export type MenuTranslation = z.infer<typeof menuTranslationSchema>;

export function menuTranslationPath(language: string): string {
  return `/data/menu.${language}.json`;
}

/** The menu with the translated descriptions (a dish the translation misses keeps its own). */
export function translateMenu(menu: Menu, translation: MenuTranslation): Menu {
  return Object.fromEntries(
    Object.entries(menu).map(([category, items]) => [
      category,
      items.map((item) => ({ ...item, description: translation.descriptions[item.name] ?? item.description })),
    ]),
  );
}
