/**
 * The dish form's rules, the database's own (20261203000000_menu.sql) checked before sending so
 * each mistake is named beside its field. Error messages are keys of the screen's catalogue
 * (adminMenu.json, `form.errors.*`), in the screen's words in both languages.
 */
import { z } from 'zod';
import { menuItemTypes } from '../../../../domain/menu.ts';
import { type DishChange, menuTags } from './menu-api.ts';

const name = z.string().trim().min(1, 'nameRequired').max(120, 'nameTooLong');
const description = z.string().trim().min(1, 'descriptionRequired').max(600, 'descriptionTooLong');

export const dishFormSchema = z
  .object({
    name_en: name,
    name_vi: name,
    description_en: description,
    description_vi: description,
    // Typed as the owner reads it: "189000", "189.000" or "189,000 ₫" are all 189000 dong.
    price: z
      .string()
      .trim()
      .min(1, 'priceRequired')
      .regex(/^\d[\d.,\s]*\s*(₫|đ|vnd)?$/i, 'priceInvalid')
      .transform((text) => Number(text.replace(/[^\d]/g, '')))
      .pipe(z.number().int().max(100_000_000, 'priceTooHigh')),
    type: z.enum(menuItemTypes),
    tags: z.array(z.enum(menuTags)),
    spice: z.enum(['', '0', '1', '2', '3']),
    category_id: z.string().regex(/^\d+$/, 'categoryRequired'),
    published: z.boolean(),
    /** The photo already stored (kept unless a new one is chosen). */
    image_path: z.string().nullable(),
    hasNewPhoto: z.boolean(),
  })
  .refine((form) => !form.published || form.image_path !== null || form.hasNewPhoto, {
    path: ['published'],
    message: 'photoRequired',
  });

export type DishFormInput = z.input<typeof dishFormSchema>;
export type DishFormValues = z.output<typeof dishFormSchema>;

/** The row to write, once a new photo (if any) is stored under `imagePath`. */
export function dishChange(values: DishFormValues, imagePath: string | null): DishChange {
  return {
    category_id: Number(values.category_id),
    name_en: values.name_en,
    name_vi: values.name_vi,
    description_en: values.description_en,
    description_vi: values.description_vi,
    price: values.price,
    type: values.type,
    tags: values.tags,
    spice: values.spice === '' ? null : Number(values.spice),
    image_path: imagePath,
    published: values.published,
  };
}
