import { describe, expect, it } from 'vitest';
import { categoryFormSchema, categorySlug } from './category-form.ts';

describe('category form', () => {
  it('trims both names and names a missing or long one', () => {
    expect(categoryFormSchema.parse({ name_en: ' Grill ', name_vi: ' Món nướng ' })).toEqual({
      name_en: 'Grill',
      name_vi: 'Món nướng',
    });
    const issues = categoryFormSchema.safeParse({ name_en: ' ', name_vi: 'x'.repeat(81) }).error?.issues;
    expect(issues?.map((issue) => `${issue.path.join('.')}:${issue.message}`)).toEqual([
      'name_en:categoryNameRequired',
      'name_vi:categoryNameTooLong',
    ]);
  });

  it('makes a slug the database accepts from any English name', () => {
    expect(categorySlug('Tandoor & Grill')).toBe('tandoor-grill');
    expect(categorySlug('  Bánh ngọt Đà Lạt ')).toBe('banh-ngot-da-lat');
    expect(categorySlug('ताज़ा')).toMatch(/^category-[a-z0-9]+$/);
    expect(categorySlug(`${'a'.repeat(63)} b`)).toBe('a'.repeat(63));
  });
});
