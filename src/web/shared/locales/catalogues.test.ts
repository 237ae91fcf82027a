/**
 * Walks every key of every catalogue: Vietnamese has each English key and no other, every
 * message is written (not left in English, not empty, with its diacritics), placeholders agree,
 * and the menu's Vietnamese file describes every dish and names every category of menu.json.
 */
import { describe, expect, it } from 'vitest';
import {
  englishLeaves,
  mayMatchEnglish,
  menuData,
  menuVietnamese,
  vietnameseLeaves,
} from '../../../../tests/support/catalogues.ts';

/** The key an English message has in Vietnamese, which has one plural form (`_other`) where English has two. */
const vietnameseKeyOf = (key: string) => key.replace(/_one$/, '_other');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((match) => match[1]).sort();
const vietnameseLetters = /[àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ]/i;

describe('the Vietnamese catalogue', () => {
  it('has every English key, and no key English lacks', () => {
    const missing = [...englishLeaves.keys()].map(vietnameseKeyOf).filter((key) => !vietnameseLeaves.has(key));
    const extra = [...vietnameseLeaves.keys()].filter((key) => !englishLeaves.has(key));
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
    // Vietnamese has no singular form: a `_one` key would never be read.
    expect([...vietnameseLeaves.keys()].filter((key) => key.endsWith('_one'))).toEqual([]);
  });

  it('translates every message, keeping its placeholders', () => {
    for (const [key, english] of englishLeaves) {
      const vietnamese = vietnameseLeaves.get(vietnameseKeyOf(key));
      expect(vietnamese?.trim(), key).toBeTruthy();
      if (!mayMatchEnglish(key)) expect(vietnamese, `${key} is still English`).not.toBe(english);
      expect(placeholders(vietnamese ?? ''), key).toEqual(
        // "{{count}}" may go unsaid in Vietnamese's one form only where English's `_one` says it.
        placeholders(english),
      );
    }
  });

  it('is written with full diacritics', () => {
    for (const [key, text] of vietnameseLeaves) {
      const words = text.replace(/\{\{[^}]+\}\}/g, '').match(/\p{L}+/gu) ?? [];
      if (words.length >= 3 && !mayMatchEnglish(key)) expect(text, key).toMatch(vietnameseLetters);
    }
  });

  it('leaves no English key among those that are allowed to match', () => {
    // Every allowance names a real key (a renamed key would otherwise let English through unseen).
    for (const key of vietnameseLeaves.keys()) if (mayMatchEnglish(key)) expect(englishLeaves.has(key), key).toBe(true);
  });
});

describe("the menu's Vietnamese file", () => {
  it('names every category and describes every dish of menu.json, and nothing else', () => {
    const dishes = Object.values(menuData).flatMap((items) => items.map((item) => item.name));
    expect(Object.keys(menuVietnamese.categories).sort()).toEqual(Object.keys(menuData).sort());
    expect(Object.keys(menuVietnamese.descriptions).sort()).toEqual([...dishes].sort());
    for (const [category, name] of Object.entries(menuVietnamese.categories)) expect(name, category).toBeTruthy();
    const englishDescriptions = new Map(
      Object.values(menuData).flatMap((items) => items.map((item) => [item.name, item.description] as const)),
    );
    for (const [dish, description] of Object.entries(menuVietnamese.descriptions)) {
      expect(description, dish).not.toBe(englishDescriptions.get(dish));
      expect(description, dish).toMatch(vietnameseLetters);
    }
  });
});
