import { describe, expect, it } from 'vitest';
import { type DishFormInput, dishChange, dishFormSchema } from './dish-form.ts';

const valid: DishFormInput = {
  name_en: ' Butter Chicken ',
  name_vi: 'Gà bơ',
  description_en: 'Tandoori chicken in a buttery tomato gravy.',
  description_vi: 'Gà nướng tandoor trong sốt cà chua bơ.',
  price: '189.000 ₫',
  type: 'nonveg',
  tags: ['dairy'],
  spice: '1',
  category_id: '3',
  published: true,
  image_path: '/images/menu/butter-chicken.svg',
  hasNewPhoto: false,
};

const errorsOf = (input: DishFormInput) =>
  dishFormSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('the dish form', () => {
  it('reads prices as the owner types them and trims names', () => {
    const values = dishFormSchema.parse(valid);
    expect(dishChange(values, values.image_path)).toMatchObject({
      name_en: 'Butter Chicken',
      price: 189000,
      spice: 1,
      category_id: 3,
    });
    expect(dishFormSchema.parse({ ...valid, price: '75,000' }).price).toBe(75000);
  });

  it('names each mistake in the screen’s words', () => {
    expect(errorsOf({ ...valid, name_vi: '  ', price: 'cheap' })).toEqual([
      'name_vi:nameRequired',
      'price:priceInvalid',
    ]);
    expect(errorsOf({ ...valid, price: '200000000' })).toEqual(['price:priceTooHigh']);
    // A published dish needs a picture (the public menu shows one for every dish).
    expect(errorsOf({ ...valid, image_path: null })).toEqual(['published:photoRequired']);
    expect(errorsOf({ ...valid, image_path: null, published: false })).toEqual([]);
  });
});
