/**
 * The menu data's rules (call 7) in their two forms: the zod schemas of menu-schema.ts (server,
 * tests) and the hand-written checks of menu.ts that the menu page applies to what it receives
 * without loading zod (issue 20, item 10). Both must accept and refuse exactly the same samples,
 * and give the same types.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod/mini';
import { type Menu, type MenuTranslation, parseMenu, parseMenuTranslation } from './menu.ts';
import { menuSchema, menuTranslationSchema } from './menu-schema.ts';

const dish = { name: 'Dal Makhani', description: 'Black lentils', price: 145000, image: '/images/x.svg', type: 'veg' };
const photo = { srcset: '/a-320.jpg 320w', sources: [{ type: 'image/avif', srcset: '/a-320.avif 320w' }] };
const shipped = (file: string): unknown =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'public', 'data', file), 'utf8'));

const validMenus: [string, unknown][] = [
  ['a menu of categories of dishes', { Mains: [dish] }],
  ['an empty menu', {}],
  ['an empty category', { Mains: [] }],
  ['a dish with its id and photo', { Mains: [{ ...dish, id: 7, photo }] }],
  ['a photo with no other formats', { Mains: [{ ...dish, photo: { srcset: '', sources: [] } }] }],
  ['a free dish', { Mains: [{ ...dish, price: 0 }] }],
  ['every type', { Mains: [dish, { ...dish, type: 'nonveg' }, { ...dish, type: 'liquor' }] }],
  ['the shipped menu', shipped('menu.json')],
];

const invalidDishes: [string, unknown][] = [
  ['a fractional price', { ...dish, price: 1.5 }],
  ['a negative price', { ...dish, price: -1 }],
  ['a price as text', { ...dish, price: '145000' }],
  ['a price beyond the safe integers', { ...dish, price: 2 ** 60 }],
  ['an empty name', { ...dish, name: '' }],
  ['an empty description', { ...dish, description: '' }],
  ['an empty image', { ...dish, image: '' }],
  ['an unknown type', { ...dish, type: 'vegan' }],
  ['a missing field', { name: 'Dal', description: 'x', price: 1, type: 'veg' }],
  ['a fractional id', { ...dish, id: 1.5 }],
  ['an id as text', { ...dish, id: '7' }],
  ['a photo without srcset', { ...dish, photo: { sources: [] } }],
  ['a photo source without type', { ...dish, photo: { srcset: '', sources: [{ srcset: '' }] } }],
  ['a photo that is text', { ...dish, photo: '/a.jpg' }],
  ['null', null],
  ['a list', [dish]],
];

const invalidMenus: [string, unknown][] = [
  ...invalidDishes.map(([name, item]): [string, unknown] => [`a dish with ${name}`, { Mains: [item] }]),
  ['an empty category name', { '': [dish] }],
  ['a category that is not a list', { Mains: dish }],
  ['a list of categories', [[dish]]],
  ['null', null],
  ['text', 'menu'],
];

const translation = { categories: { Mains: 'Món chính' }, descriptions: { 'Dal Makhani': 'Đậu lăng đen' } };
const validTranslations: [string, unknown][] = [
  ['names and descriptions', translation],
  ['dish names too', { ...translation, names: { 'Dal Makhani': 'Đậu Makhani' } }],
  ['nothing translated yet', { categories: {}, descriptions: {} }],
  ['the shipped Vietnamese translation', shipped('menu.vi.json')],
];
const invalidTranslations: [string, unknown][] = [
  ['an empty category name', { ...translation, categories: { Mains: '' } }],
  ['an empty key', { ...translation, descriptions: { '': 'x' } }],
  ['no descriptions', { categories: {} }],
  ['names that are a list', { ...translation, names: ['x'] }],
  ['a name as a number', { ...translation, names: { Dal: 1 } }],
  ['null', null],
];

describe('the menu check and the menu schema', () => {
  it.each(validMenus)('both accept %s', (_, value) => {
    expect(menuSchema.safeParse(value).success).toBe(true);
    expect(parseMenu(value)).toEqual(value);
  });

  it.each(invalidMenus)('both refuse %s', (_, value) => {
    expect(menuSchema.safeParse(value).success).toBe(false);
    expect(parseMenu(value)).toBeUndefined();
  });

  it('describe the same type', () => {
    expectTypeOf<z.output<typeof menuSchema>>().toEqualTypeOf<Menu>();
  });
});

describe('the translation check and the translation schema', () => {
  it.each(validTranslations)('both accept %s', (_, value) => {
    expect(menuTranslationSchema.safeParse(value).success).toBe(true);
    expect(parseMenuTranslation(value)).toEqual(value);
  });

  it.each(invalidTranslations)('both refuse %s', (_, value) => {
    expect(menuTranslationSchema.safeParse(value).success).toBe(false);
    expect(parseMenuTranslation(value)).toBeUndefined();
  });

  it('describe the same type', () => {
    expectTypeOf<z.output<typeof menuTranslationSchema>>().toEqualTypeOf<MenuTranslation>();
  });
});
