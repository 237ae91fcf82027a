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
