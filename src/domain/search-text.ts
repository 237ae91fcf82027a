/**
 * Search that ignores case and Vietnamese diacritics, in the browser: "nguyen" finds "Nguyễn",
 * "da nang" finds "Đà Nẵng", "d" matches "đ", "pho" finds "Phở". The database folds the same way
 * (public.fold_for_search, with `unaccent`), so the dashboard's live rows and its search agree.
 */

/** Lower case without diacritics. Đ/đ is a letter of its own, not d with a mark, so it is mapped. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase();
}

/** Whether any of the fields contains the query, folded alike; an empty query matches all. */
export function matchesSearch(fields: readonly (string | null | undefined)[], query: string): boolean {
  const needle = foldForSearch(query.trim());
  if (needle === '') return true;
  return fields.some((field) => field != null && foldForSearch(field).includes(needle));
}
