/**
 * The menu data's rules as zod schemas (call 7: public/data/menu.json and its translations), for
 * the server, the tests and the scripts. The menu page checks what it receives with the hand-written
 * parseMenu/parseMenuTranslation of ./menu.ts instead, so that it loads no zod before an interaction
 * (issue 20, item 10); menu-schema.test.ts runs both over the same valid and invalid samples, and
 * the types below must stay those of ./menu.ts (checked there too).
 * Written with zod's tree-shakable form (zod/mini, same rules as the full zod).
 */
import { z } from 'zod/mini';
import { menuItemTypes } from './menu.ts';

export const menuPhotoSchema = z.object({
  srcset: z.string(),
  sources: z.array(z.object({ type: z.string(), srcset: z.string() })),
});

const text = () => z.string().check(z.minLength(1));

export const menuItemSchema = z.object({
  id: z.optional(z.int()),
  name: text(),
  description: text(),
  price: z.int().check(z.nonnegative()),
  image: text(),
  type: z.enum(menuItemTypes),
  photo: z.optional(menuPhotoSchema),
});

export const menuSchema = z.record(text(), z.array(menuItemSchema));

export const menuTranslationSchema = z.object({
  categories: z.record(text(), text()),
  descriptions: z.record(text(), text()),
  names: z.optional(z.record(text(), text())),
});
