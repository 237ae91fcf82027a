/** The menu page's filters: type buttons, text search and category, applied to the loaded menu. */
import type { Menu, MenuItem, MenuItemType } from '../../../../domain/menu.ts';
import { matchesSearch } from '../../../../domain/search-text.ts';

export type TypeFilter = 'all' | MenuItemType;
export const allCategories = 'all';

export interface MenuFilters {
  type: TypeFilter;
  search: string;
  /** A category key of the menu, or `allCategories`. */
  category: string;
}

export const noFilters: MenuFilters = { type: 'all', search: '', category: allCategories };

export interface MenuGroup {
  category: string;
  items: MenuItem[];
}

export function isFiltering(filters: MenuFilters): boolean {
  return filters.type !== 'all' || filters.search.trim() !== '' || filters.category !== allCategories;
}

/** The groups to show, in the data's order, without the categories left empty by the filters. */
export function filterMenu(menu: Menu, filters: MenuFilters): MenuGroup[] {
  const groups: MenuGroup[] = [];
  for (const [category, items] of Object.entries(menu)) {
    if (filters.category !== allCategories && filters.category !== category) continue;
    const shown = items.filter(
      (item) =>
        (filters.type === 'all' || item.type === filters.type) &&
        // Blind to case and diacritics: "pho" finds "Phở", "dal" finds "Dāl".
        matchesSearch([item.name, item.description], filters.search),
    );
    if (shown.length > 0) groups.push({ category, items: shown });
  }
  return groups;
}

/** The menu without the given dishes (those a branch does not offer), and without categories left empty. */
export function withoutDishes(menu: Menu, ids: readonly number[]): Menu {
  if (ids.length === 0) return menu;
  const hidden = new Set(ids);
  const kept: Menu = {};
  for (const [category, items] of Object.entries(menu)) {
    const shown = items.filter((item) => item.id === undefined || !hidden.has(item.id));
    if (shown.length > 0) kept[category] = shown;
  }
  return kept;
}
