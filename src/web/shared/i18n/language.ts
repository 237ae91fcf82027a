/**
 * The page's language comes from its URL (/vi/… is Vietnamese, the spec's routes English), so a
 * link, the prerendered HTML and the server all agree without a cookie. The visitor's own choice
 * (made with the header's switch) is remembered in this browser and applied when they next arrive.
 */
import { useCallback } from 'react';
import { branchName } from '../../../domain/branch-names.ts';
import { isLanguage, type Language, localizePath, splitLanguage } from '../../../domain/routes.ts';
import { useI18n } from './translation.tsx';

/** The page's language: its provider's (the site's renderer and the staff layout give it from the URL). */
export function useLanguage(): Language {
  return useI18n().language;
}

/** Turns a path of `paths` (the English form) into the current language's: '/menu' → '/vi/menu'. */
export function useLocalize(): (path: string) => string {
  const language = useLanguage();
  return useCallback((path: string) => localizePath(path, language), [language]);
}

/** A branch's name as the page's language writes it: 'Da Nang' → 'Đà Nẵng' on a Vietnamese page. */
export function useBranchName(): (branch: string) => string {
  const language = useLanguage();
  return useCallback((branch: string) => branchName(branch, language), [language]);
}

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
