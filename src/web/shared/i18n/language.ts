/**
 * The page's language comes from its URL (/vi/… is Vietnamese, the spec's routes English), so a
 * link, the prerendered HTML and the server all agree without a cookie. The visitor's own choice
 * (made with the header's switch) is remembered in this browser and applied when they next arrive.
 */
import { useCallback } from 'react';
import { branchName } from '../../../domain/branch-names.ts';
import { type Language, localizePath } from '../../../domain/routes.ts';
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

// The pieces without React (the header's vanilla script uses them too) live in language-choice.ts.
export {
  markLanguageOffered,
  mayOfferLanguage,
  rememberedLanguage,
  rememberLanguage,
  samePageIn,
} from './language-choice.ts';
