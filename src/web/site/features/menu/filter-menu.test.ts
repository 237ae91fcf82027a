import { describe, expect, it } from 'vitest';
import type { Menu } from '../../../../domain/menu.ts';
import { filterMenu, isFiltering, noFilters } from './filter-menu.ts';

const menu: Menu = {
  Starters: [
    { name: 'Vegetable Samosa', description: 'Potato and peas', price: 75000, image: '/a.svg', type: 'veg' },
    {
      name: 'Chicken 65',
      description: 'Fried chicken with curry leaves',
      price: 120000,
      image: '/b.svg',
      type: 'nonveg',
    },
  ],
  Drinks: [
    { name: 'Mango Lassi', description: 'Yoghurt and Alphonso mango', price: 65000, image: '/c.svg', type: 'veg' },
    { name: 'Old Monk Rum', description: 'Dark rum from India', price: 110000, image: '/d.svg', type: 'liquor' },
  ],
  Empty: [],
};

const names = (groups: ReturnType<typeof filterMenu>) => groups.flatMap((g) => g.items.map((i) => i.name));

describe('filterMenu', () => {
  it('shows every non-empty category in the data order without filters', () => {
    const groups = filterMenu(menu, noFilters);
    expect(groups.map((g) => g.category)).toEqual(['Starters', 'Drinks']);
    expect(names(groups)).toHaveLength(4);
  });

  it('filters by type', () => {
    expect(names(filterMenu(menu, { ...noFilters, type: 'veg' }))).toEqual(['Vegetable Samosa', 'Mango Lassi']);
    expect(names(filterMenu(menu, { ...noFilters, type: 'liquor' }))).toEqual(['Old Monk Rum']);
  });

  it('searches without regard to diacritics, either way round', () => {
    const withAccents: Menu = {
      Soups: [
        { name: 'Phở Bò', description: 'Beef broth, rice noodles', price: 90000, image: '/e.svg', type: 'nonveg' },
      ],
    };
    expect(names(filterMenu(withAccents, { ...noFilters, search: 'pho' }))).toEqual(['Phở Bò']);
    expect(names(filterMenu(withAccents, { ...noFilters, search: 'PHỞ BÒ' }))).toEqual(['Phở Bò']);
    expect(names(filterMenu(menu, { ...noFilters, search: 'mångo' }))).toEqual(['Mango Lassi']);
  });

  it('searches names and descriptions, ignoring case and surrounding spaces', () => {
    expect(names(filterMenu(menu, { ...noFilters, search: '  MANGO ' }))).toEqual(['Mango Lassi']);
    expect(names(filterMenu(menu, { ...noFilters, search: 'curry leaves' }))).toEqual(['Chicken 65']);
  });

  it('keeps one category and combines all filters', () => {
    expect(names(filterMenu(menu, { type: 'veg', search: '', category: 'Drinks' }))).toEqual(['Mango Lassi']);
    expect(filterMenu(menu, { type: 'liquor', search: '', category: 'Starters' })).toEqual([]);
  });

  it('knows when a filter is active', () => {
    expect(isFiltering(noFilters)).toBe(false);
    expect(isFiltering({ ...noFilters, search: '   ' })).toBe(false);
    expect(isFiltering({ ...noFilters, search: 'x' })).toBe(true);
    expect(isFiltering({ ...noFilters, type: 'nonveg' })).toBe(true);
    expect(isFiltering({ ...noFilters, category: 'Drinks' })).toBe(true);
  });
});
