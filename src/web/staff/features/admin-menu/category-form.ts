/**
 * The category form's rules, the database's own (menu_categories' checks) checked before sending.
 * A new category's slug (its stable name in the database) is made from its English name, so the
 * owner types names only.
 */
import { z } from 'zod';

const name = z.string().trim().min(1, 'categoryNameRequired').max(80, 'categoryNameTooLong');

export const categoryFormSchema = z.object({ name_en: name, name_vi: name });
export type CategoryFormValues = z.infer<typeof categoryFormSchema>;

/** "Tandoor & Grill" → "tandoor-grill"; accents dropped ("Bánh ngọt" → "banh-ngot"). */
export function categorySlug(nameEn: string): string {
  const slug = nameEn
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  // A name with no Latin letter or digit still needs a slug the database accepts.
  return slug || `category-${Date.now().toString(36)}`;
}
