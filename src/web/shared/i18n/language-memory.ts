/**
 * The visitor's own choice of language (made with the header's switch), remembered in this browser
 * and applied when they next arrive; and the polite offer's once-only memory. Plain functions, no
 * React: the site's boot script runs them before any island.
 */
import {
  defaultLanguage,
  isLanguage,
  type Language,
  languages,
  localizePath,
  splitLanguage,
} from '../../../domain/routes.ts';

/** The same page in another language, keeping the query and the section: /menu?x#y → /vi/menu?x#y. */
export function samePageIn(location: { pathname: string; search: string; hash: string }, language: Language): string {
  return `${localizePath(splitLanguage(location.pathname).path, language)}${location.search}${location.hash}`;
}

const storageKey = 'saffron-lotus:language';
const offeredKey = 'saffron-lotus:language-offered';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings); the choice is then not remembered.
    return undefined;
  }
}

export function rememberLanguage(language: Language): void {
  storage()?.setItem(storageKey, language);
}

export function rememberedLanguage(): Language | undefined {
  const value = storage()?.getItem(storageKey);
  return isLanguage(value) ? value : undefined;
}

/** The other language is offered at most once per browser, and never after a choice was made. */
export function mayOfferLanguage(): boolean {
  const store = storage();
  return !!store && store.getItem(storageKey) === null && store.getItem(offeredKey) === null;
}

export function markLanguageOffered(): void {
  storage()?.setItem(offeredKey, '1');
}

function preferredLanguage(): Language | undefined {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    const match = languages.find((language) => language === base);
    if (match) return match;
  }
  return undefined;
}

/** The language to offer on a page in `language`, or undefined; marks it offered (once per browser). */
export function languageToOffer(language: Language): Language | undefined {
  if (!mayOfferLanguage()) return undefined;
  const preferred = preferredLanguage();
  if (!preferred || preferred === language || preferred === defaultLanguage) return undefined;
  markLanguageOffered();
  return preferred;
}
