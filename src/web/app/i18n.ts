/**
 * One i18n library for every visitor-facing string. Each feature keeps its messages in its own
 * namespace, src/web/locales/<language>/<feature>.json, loaded with the feature's chunk; `common`
 * (header, footer, 404) ships with the app. A Vietnamese locale is a new folder, not a code change.
 */
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en/common.json' with { type: 'json' };

export const namespaces = ['common', 'home', 'menu', 'reservation', 'admin', 'availability'] as const;
export type Namespace = (typeof namespaces)[number];

void i18n
  .use(initReactI18next)
  .use(resourcesToBackend((language: string, namespace: string) => import(`../locales/${language}/${namespace}.json`)))
  .init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common } },
    partialBundledLanguages: true,
    // Synchronous: the bundled namespace is ready for the first (hydrating) render.
    initAsync: false,
    interpolation: { escapeValue: false },
  });

/** Loads a feature's messages (with its chunk) so its first render does not suspend. */
export function loadNamespace(namespace: Namespace): Promise<void> {
  return i18n.loadNamespaces(namespace);
}

export default i18n;
