/**
 * Call 7: GET /data/menu.json, validated. A failure is logged and leaves the menu empty (spec §8).
 * In another language its translation (/data/menu.<language>.json) is read alongside; if that
 * fails the menu shows in English rather than not at all. A page the server rendered with the
 * menu starts from the data it was rendered with (so it hydrates as it arrived) and still makes
 * call 7, whose answer then rules: the list is rendered again only if the answer differs.
 *
 * Checked with the hand-written checks of src/domain/menu.ts, not zod: both the page's data and
 * call 7's answer arrive before any interaction, and zod would add ~15 KB (gzip) to that.
 */
import { startTransition, useEffect, useState } from 'react';
import {
  type Menu,
  type MenuTranslation,
  menuDataPath,
  menuTranslationPath,
  parseMenu,
  parseMenuTranslation,
  translateMenu,
} from '../../../../domain/menu.ts';
import { defaultLanguage, type Language } from '../../../../domain/routes.ts';
import { pageData } from '../../page-data.ts';

export type MenuState = {
  status: 'loading' | 'ready';
  /** The data as received, to tell whether call 7's answer changes anything. */
  source?: { menu: Menu; translation: MenuTranslation | undefined };
  menu: Menu;
  /** A category's name to show (the data's key stays the filter's value). */
  categoryName: (category: string) => string;
};

const sameName = (category: string) => category;

async function getJson(path: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(path, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}

export async function fetchMenu(signal?: AbortSignal): Promise<Menu> {
  const menu = parseMenu(await getJson(menuDataPath, signal));
  if (!menu) throw new Error(`${menuDataPath} has an unexpected shape`);
  return menu;
}

async function fetchTranslation(language: Language, signal?: AbortSignal): Promise<MenuTranslation | undefined> {
  if (language === defaultLanguage) return undefined;
  try {
    const path = menuTranslationPath(language);
    const translation = parseMenuTranslation(await getJson(path, signal));
    if (!translation) throw new Error(`${path} has an unexpected shape`);
    return translation;
  } catch (error) {
    if (!signal?.aborted) console.error(`Could not load the menu's ${language} translation:`, error);
    return undefined;
  }
}

function ready(menu: Menu, translation: MenuTranslation | undefined): MenuState {
  return {
    status: 'ready',
    source: { menu, translation },
    menu: translation ? translateMenu(menu, translation) : menu,
    categoryName: translation ? (category) => translation.categories[category] ?? category : sameName,
  };
}

/** The menu the page was rendered with, in this language; loading when it has none. */
function renderedWith(language: Language): MenuState {
  const menu = parseMenu(pageData('menu'));
  const translation = language === defaultLanguage ? undefined : parseMenuTranslation(pageData('translation'));
  if (!menu || (language !== defaultLanguage && !translation))
    return { status: 'loading', menu: {}, categoryName: sameName };
  return ready(menu, translation);
}

/** Is the received data the same as the state's? (JSON: both came from JSON, keys in the server's order.) */
function sameSource(state: MenuState, menu: Menu, translation: MenuTranslation | undefined): boolean {
  return (
    state.source !== undefined &&
    JSON.stringify(state.source.menu) === JSON.stringify(menu) &&
    JSON.stringify(state.source.translation) === JSON.stringify(translation)
  );
}

export function useMenu(language: Language): MenuState {
  const [state, setState] = useState<MenuState>(() => renderedWith(language));
  useEffect(() => {
    const controller = new AbortController();
    Promise.all([fetchMenu(controller.signal), fetchTranslation(language, controller.signal)]).then(
      // Usually the page's own data again: keeping the state then spares re-rendering the whole
      // list, a long task at load (issue 20, item 10). A change is rendered as a transition, which
      // yields to the browser between dishes rather than blocking it.
      ([menu, translation]) =>
        startTransition(() =>
          setState((current) => (sameSource(current, menu, translation) ? current : ready(menu, translation))),
        ),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the menu:', error);
        setState({ status: 'ready', menu: {}, categoryName: sameName });
      },
    );
    return () => controller.abort();
  }, [language]);
  return state;
}
