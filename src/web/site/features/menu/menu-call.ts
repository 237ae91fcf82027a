/**
 * Call 7: GET /data/menu.json, validated; in another language its translation
 * (/data/menu.<language>.json) alongside — if that fails the menu shows in English rather than not
 * at all. Made once per page (`callMenu`), React-free: the boot script makes it as the page opens,
 * to tell whether the menu the server rendered still holds (menu-stale.ts), and the island, once
 * it hydrates, reads the same answer.
 *
 * Checked with the hand-written checks of src/domain/menu.ts, not zod: call 7's answer arrives
 * before any interaction, and zod would add ~15 KB (gzip) to that.
 */
import {
  type Menu,
  type MenuTranslation,
  menuDataPath,
  menuTranslationPath,
  parseMenu,
  parseMenuTranslation,
} from '../../../../domain/menu.ts';
import { defaultLanguage, type Language } from '../../../../domain/routes.ts';
import { pageData } from '../../page-data.ts';

/** The data a menu is shown from, as received. */
export interface MenuSource {
  menu: Menu;
  translation: MenuTranslation | undefined;
}

async function getJson(path: string): Promise<unknown> {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}

async function fetchMenu(): Promise<Menu> {
  const menu = parseMenu(await getJson(menuDataPath));
  if (!menu) throw new Error(`${menuDataPath} has an unexpected shape`);
  return menu;
}

async function fetchTranslation(language: Language): Promise<MenuTranslation | undefined> {
  if (language === defaultLanguage) return undefined;
  try {
    const path = menuTranslationPath(language);
    const translation = parseMenuTranslation(await getJson(path));
    if (!translation) throw new Error(`${path} has an unexpected shape`);
    return translation;
  } catch (error) {
    console.error(`Could not load the menu's ${language} translation:`, error);
    return undefined;
  }
}

let call: Promise<MenuSource> | undefined;

/** Call 7's answer (the page has one language, so one call serves it whole). */
export function callMenu(language: Language): Promise<MenuSource> {
  call ??= Promise.all([fetchMenu(), fetchTranslation(language)]).then(([menu, translation]) => ({
    menu,
    translation,
  }));
  return call;
}

/** The data the server rendered the page with, in this language; undefined when it has none. */
export function renderedSource(language: Language): MenuSource | undefined {
  const menu = parseMenu(pageData('menu'));
  const translation = language === defaultLanguage ? undefined : parseMenuTranslation(pageData('translation'));
  if (!menu || (language !== defaultLanguage && !translation)) return undefined;
  return { menu, translation };
}

/** The same data? (JSON: both came from JSON, keys in the server's order.) */
export function sameSource(a: MenuSource | undefined, b: MenuSource): boolean {
  return (
    a !== undefined &&
    JSON.stringify(a.menu) === JSON.stringify(b.menu) &&
    JSON.stringify(a.translation) === JSON.stringify(b.translation)
  );
}
