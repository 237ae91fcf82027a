/**
 * What changes during the day, beside the menu itself: today's three specials and each branch's
 * sold-out and hidden dishes. The server answers it at /data/today.json and writes it into the
 * prerendered home, menu and branch pages (src/server/menu), which read it from there at first
 * and fetch it when the visitor arrives by a link inside the app.
 *
 * Checked by hand rather than with zod: the home and branch pages load no zod before an
 * interaction, and this keeps it that way.
 */
import type { MenuPhoto } from './menu.ts';
import type { Language } from './routes.ts';

export const menuTodayPath = '/data/today.json';

export type Localized = Record<Language, string>;

export interface TodaySpecial {
  id: number;
  name: Localized;
  description: Localized;
  alt: Localized;
  /** In dong. */
  price: number;
  image: string;
  photo?: MenuPhoto;
}

export interface BranchMarks {
  /** Dishes sold out now, with their names, in the menu's order. */
  soldOut: { id: number; name: Localized }[];
  /** Dishes not offered at the branch. */
  hidden: number[];
}

export interface MenuToday {
  specials: TodaySpecial[];
  /** By branch slug (the branches with a page). */
  branches: Record<string, BranchMarks>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isLocalized = (value: unknown): value is Localized =>
  isRecord(value) && typeof value.en === 'string' && typeof value.vi === 'string';
const isId = (value: unknown): value is number => Number.isInteger(value);

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

function isSpecial(value: unknown): value is TodaySpecial {
  return (
    isRecord(value) &&
    isId(value.id) &&
    isLocalized(value.name) &&
    isLocalized(value.description) &&
    isLocalized(value.alt) &&
    isId(value.price) &&
    typeof value.image === 'string' &&
    (value.photo === undefined || isPhoto(value.photo))
  );
}

function isMarks(value: unknown): value is BranchMarks {
  return (
    isRecord(value) &&
    Array.isArray(value.soldOut) &&
    value.soldOut.every((dish) => isRecord(dish) && isId(dish.id) && isLocalized(dish.name)) &&
    Array.isArray(value.hidden) &&
    value.hidden.every(isId)
  );
}

/** The data if it has this shape, otherwise undefined. */
export function parseMenuToday(value: unknown): MenuToday | undefined {
  if (!isRecord(value) || !Array.isArray(value.specials) || !value.specials.every(isSpecial)) return undefined;
  if (!isRecord(value.branches) || !Object.values(value.branches).every(isMarks)) return undefined;
  return { specials: value.specials, branches: value.branches as Record<string, BranchMarks> };
}

export const noMarks: BranchMarks = { soldOut: [], hidden: [] };
