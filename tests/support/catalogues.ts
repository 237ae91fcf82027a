/**
 * The message catalogues as flat lists, for the tests that walk every key (unit) and every page
 * (e2e): which strings are English only, and which Vietnamese text may equal the English.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { english, vietnamese } from '../../src/web/shared/locales/catalogue-check.ts';

const root = join(import.meta.dirname, '..', '..');

export type Leaves = Map<string, string>;

/** "namespace:a.b.c" → text, for every string in a catalogue (arrays by index). */
export function leaves(catalogues: Record<string, unknown>): Leaves {
  const out: Leaves = new Map();
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') out.set(key, value);
    else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, `${key}.${index}`);
    } else if (value && typeof value === 'object') {
      for (const [name, child] of Object.entries(value))
        walk(child, key.endsWith(':') ? `${key}${name}` : `${key}.${name}`);
    }
  };
  for (const [namespace, catalogue] of Object.entries(catalogues)) walk(catalogue, `${namespace}:`);
  return out;
}

export const englishLeaves = leaves(english);
export const vietnameseLeaves = leaves(vietnamese);

/**
 * Keys whose Vietnamese text is rightly the English one: names (dishes keep their usual names,
 * people and places theirs), "Email", a dash, and a pattern with no words.
 */
export const sameInBothLanguages: readonly RegExp[] = [
  /^home:specials\.items\.[^.]+\.name$/,
  /^home:testimonials\.items\.\d+\.name$/,
  /^home:testimonials\.items\.1\.detail$/, // "Sa Pa"
  /^common:footer\.email$/,
  /^home:(contact|booking)\.email$/,
  /^reservation:fields\.email$/,
  /^admin:(login|table)\.email$/,
  /^admin:table\.noNotes$/,
  /^team:(form|list)\.email$/,
  /^admin:(export\.columns|print)\.(email|title)$/,
  /^admin:history\.(separator|byEmail|fields\.email)$/,
  /^availability:option$/,
  // The branch pages: the restaurant's name with the place's, a place that is "Sa Pa" in both, and
  // patterns of times and days with no words of their own.
  /^branches:title$/,
  /^branches:items\.sa-pa\.name$/,
  /^branches:hours\.(range|rangeMarkup|days)$/,
  // A table's short line on the floor plan: a time and a party size, no words.
  /^floor:service\.short\.soon$/,
];

export function mayMatchEnglish(key: string): boolean {
  return sameInBothLanguages.some((pattern) => pattern.test(key));
}

export interface MenuData {
  [category: string]: { name: string; description: string }[];
}

export const menuData = JSON.parse(readFileSync(join(root, 'public/data/menu.json'), 'utf8')) as MenuData;
export const menuVietnamese = JSON.parse(readFileSync(join(root, 'public/data/menu.vi.json'), 'utf8')) as {
  categories: Record<string, string>;
  descriptions: Record<string, string>;
};

/**
 * Whole texts that must not appear on a Vietnamese page: every English message (split at its
 * placeholders, keeping the parts long enough to mean something) and every English dish
 * description and category, unless Vietnamese says the same.
 */
export function englishOnlyTexts(): Set<string> {
  const vietnameseTexts = new Set(vietnameseLeaves.values());
  const texts = new Set<string>();
  for (const [key, text] of englishLeaves) {
    if (mayMatchEnglish(key)) continue;
    for (const part of text.split(/\{\{[^}]+\}\}/)) {
      const trimmed = part.trim();
      if (/[A-Za-z]{3,}/.test(trimmed) && trimmed.length >= 4 && !vietnameseTexts.has(trimmed)) texts.add(trimmed);
    }
  }
  for (const [category, items] of Object.entries(menuData)) {
    if (menuVietnamese.categories[category] !== category) texts.add(category);
    for (const item of items) texts.add(item.description);
  }
  return texts;
}
