/**
 * One i18n library for every visitor-facing string. Each feature keeps its messages in its own
 * namespace, src/web/locales/<language>/<feature>.json, loaded with the feature's chunk; `common`
 * (header, footer, 404) ships with the app in every language, so a page in any language hydrates
 * without waiting for a second request. A language is a new folder plus an entry in
 * src/domain/routes.ts (`languages`); src/web/locales/catalogue-check.ts makes the compiler refuse
 * a catalogue that lacks a key of the English one.
 */
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, type Language, languages, splitLanguage } from '../../domain/routes.ts';
import en from '../locales/en/common.json' with { type: 'json' };
import vi from '../locales/vi/common.json' with { type: 'json' };

export const namespaces = [
  'common',
  'home',
  'menu',
  'reservation',
  'admin',
  'availability',
  'team',
  'booking',
  'branches',
] as const;
export type Namespace = (typeof namespaces)[number];

void i18n
  .use(initReactI18next)
  .use(resourcesToBackend((language: string, namespace: string) => import(`../locales/${language}/${namespace}.json`)))
  .init({
    lng: defaultLanguage,
    fallbackLng: false,
    supportedLngs: [...languages],
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common: en }, vi: { common: vi } },
    partialBundledLanguages: true,
    // Synchronous: the bundled namespace is ready for the first (hydrating) render.
    initAsync: false,
    interpolation: { escapeValue: false },
  });

/**
 * One instance per language, sharing one store of messages: the page's language comes from its URL
 * (the layout provides the instance for it), so switching language is a navigation like any
 * other, and no screen ever renders with another page's language.
 */
const instances: Record<Language, typeof i18n> = Object.fromEntries(
  languages.map((language) => [
    language,
    language === defaultLanguage ? i18n : i18n.cloneInstance({ lng: language, initAsync: false }),
  ]),
) as Record<Language, typeof i18n>;

export function i18nFor(language: Language): typeof i18n {
  return instances[language];
}

/** The language being prerendered (set by entry-server); in the browser the URL says. */
let renderingLanguage: Language = defaultLanguage;
export function setRenderingLanguage(language: Language): void {
  renderingLanguage = language;
}

function currentLanguage(): Language {
  return typeof window === 'undefined' ? renderingLanguage : splitLanguage(window.location.pathname).language;
}

const inUse = new Set<Namespace>();

/** Loads a feature's messages (with its chunk) so its first render does not suspend. */
export function loadNamespace(
  namespace: Namespace | readonly Namespace[],
  language: Language = currentLanguage(),
): Promise<void> {
  const list = typeof namespace === 'string' ? [namespace] : [...namespace];
  for (const name of list) inUse.add(name);
  return instances[language].loadNamespaces(list);
}

/** Before switching language: the messages of the screens seen so far, so the page changes in one step. */
export function prepareLanguage(language: Language): Promise<void> {
  return instances[language].loadNamespaces([...inUse]);
}

export default i18n;
