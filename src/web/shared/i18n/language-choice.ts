/**
 * The visitor's language choice, without React: the header's vanilla script (frame-behaviour.ts)
 * remembers a choice made with the language switch, and the entry reads it back on arrival.
 */
import { isLanguage, type Language, localizePath, splitLanguage } from '../../../domain/routes.ts';

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
