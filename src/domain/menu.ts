/**
 * The menu data file (public/data/menu.json, call 7): an object keyed by category, each a list of
 * items, and its translations. The menu page checks what it receives with parseMenu and
 * parseMenuTranslation, written by hand rather than with zod: the page checks on arrival, and zod
 * would be ~15 KB (gzip) of its JavaScript before any interaction (issue 20, item 10). The same
 * rules as zod schemas, for the server, tests and scripts, are in ./menu-schema.ts;
 * menu-schema.test.ts holds the two to the same answers.
 */

export const menuItemTypes = ['veg', 'nonveg', 'liquor'] as const;
export type MenuItemType = (typeof menuItemTypes)[number];

/**
 * A photo uploaded through the menu screen, in the sizes and formats the server made of it
 * (src/server/storage): `image` is then its JPEG at a middle width, and these give the browser
 * the AVIF and WebP versions and every width to choose from.
 */
export interface MenuPhoto {
  /** The JPEG sizes: "<url> 320w, <url> 640w, …". */
  srcset: string;
  sources: { type: string; srcset: string }[];
}

export interface MenuItem {
  /** The dish's row (public.menu_items): what each branch's sold-out marks name. */
  id?: number | undefined;
  name: string;
  description: string;
  /** In Vietnamese dong. */
  price: number;
  /** A path under /images/ (or any URL the owner chooses). */
  image: string;
  type: MenuItemType;
  photo?: MenuPhoto | undefined;
}

export type Menu = Record<string, MenuItem[]>;

export const menuDataPath = '/data/menu.json';

export { formatDong } from './format-dong.ts';

/**
 * The menu in another language: public/data/menu.<language>.json names each category and
 * describes each dish (by its name in menu.json) in that language. Prices, images and types stay
 * in menu.json alone, so an owner changes them once; dish names keep their usual names.
 */
export interface MenuTranslation {
  categories: Record<string, string>;
  descriptions: Record<string, string>;
  /** Dishes whose name differs in this language (most keep their usual name). */
  names?: Record<string, string> | undefined;
}

export function menuTranslationPath(language: string): string {
  return `/data/menu.${language}.json`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);
/** A record whose keys are non-empty and whose values all pass `isValue`. */
const isRecordOf = (value: unknown, isValue: (entry: unknown) => boolean): boolean =>
  isRecord(value) && Object.entries(value).every(([key, entry]) => key.length > 0 && isValue(entry));

function isPhoto(value: unknown): value is MenuPhoto {
  return (
    isRecord(value) &&
    typeof value.srcset === 'string' &&
    Array.isArray(value.sources) &&
    value.sources.every(
      (source) => isRecord(source) && typeof source.type === 'string' && typeof source.srcset === 'string',
    )
  );
}

function isItem(value: unknown): value is MenuItem {
  return (
    isRecord(value) &&
    (value.id === undefined || isInteger(value.id)) &&
    isText(value.name) &&
    isText(value.description) &&
    isInteger(value.price) &&
    value.price >= 0 &&
    isText(value.image) &&
    menuItemTypes.some((type) => type === value.type) &&
    (value.photo === undefined || isPhoto(value.photo))
  );
}

/** The menu if the data has its shape, otherwise undefined. */
export function parseMenu(value: unknown): Menu | undefined {
  return isRecordOf(value, (items) => Array.isArray(items) && items.every(isItem)) ? (value as Menu) : undefined;
}

/** The translation if the data has its shape, otherwise undefined. */
export function parseMenuTranslation(value: unknown): MenuTranslation | undefined {
  if (!isRecord(value) || !isRecordOf(value.categories, isText) || !isRecordOf(value.descriptions, isText))
    return undefined;
  if (value.names !== undefined && !isRecordOf(value.names, isText)) return undefined;
  return value as unknown as MenuTranslation;
}

/** The menu with the translated descriptions (a dish the translation misses keeps its own). */
export function translateMenu(menu: Menu, translation: MenuTranslation): Menu {
  return Object.fromEntries(
    Object.entries(menu).map(([category, items]) => [
      category,
      items.map((item) => ({
        ...item,
        name: translation.names?.[item.name] ?? item.name,
        description: translation.descriptions[item.name] ?? item.description,
      })),
    ]),
  );
}
