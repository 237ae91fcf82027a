/**
 * Call 7: GET /data/menu.json, validated. A failure is logged and leaves the menu empty (spec §8).
 * In another language its translation (/data/menu.<language>.json) is read alongside; if that
 * fails the menu shows in English rather than not at all.
 */
import { useEffect, useState } from 'react';
import {
  type Menu,
  type MenuTranslation,
  menuDataPath,
  menuSchema,
  menuTranslationPath,
  menuTranslationSchema,
  translateMenu,
} from '../../../domain/menu.ts';
import { defaultLanguage, type Language } from '../../../domain/routes.ts';
import '../../lib/zod-jitless.ts';

export type MenuState = {
  status: 'loading' | 'ready';
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
  return menuSchema.parse(await getJson(menuDataPath, signal));
}

async function fetchTranslation(language: Language, signal?: AbortSignal): Promise<MenuTranslation | undefined> {
  if (language === defaultLanguage) return undefined;
  try {
    return menuTranslationSchema.parse(await getJson(menuTranslationPath(language), signal));
  } catch (error) {
    if (!signal?.aborted) console.error(`Could not load the menu's ${language} translation:`, error);
    return undefined;
  }
}

export function useMenu(language: Language): MenuState {
  const [state, setState] = useState<MenuState>({ status: 'loading', menu: {}, categoryName: sameName });
  useEffect(() => {
    const controller = new AbortController();
    Promise.all([fetchMenu(controller.signal), fetchTranslation(language, controller.signal)]).then(
      ([menu, translation]) =>
        setState({
          status: 'ready',
          menu: translation ? translateMenu(menu, translation) : menu,
          categoryName: translation ? (category) => translation.categories[category] ?? category : sameName,
        }),
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
