/**
 * One translation layer for every visitor-facing string. Each feature keeps its messages in its
 * own namespace, src/web/shared/locales/<language>/<feature>.json, loaded with the feature's chunk;
 * `common` (header, footer, 404) ships with the app in every language, so a page in any language
 * hydrates without waiting for a second request. A language is a new folder plus an entry in
 * src/domain/routes.ts (`languages`); src/web/shared/locales/catalogue-check.ts makes the compiler refuse
 * a catalogue that lacks a key of the English one.
 *
 * Our own rather than i18next (issue 20, item 10): every public page downloads this before its
 * first interaction, and i18next with its React bindings weighed ~17 KB (gzip) of the 100 KB a
 * page may load, for the few features the catalogues use. Those are kept as i18next defines them,
 * so the messages did not change: keys nested with dots, `namespace:key`, `{{name}}` replaced
 * unescaped (React escapes) and left as written when no value is given, plurals as `key_one`,
 * `key_other`… chosen by Intl.PluralRules with `count`, `defaultValue`, `returnObjects`, and the
 * key itself shown when a message is missing (no fallback language). The React side (hooks,
 * provider, <Trans>) is in translation.tsx.
 */
import { defaultLanguage, type Language, languages, splitLanguage } from '../../../domain/routes.ts';
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
  'floor',
  'host',
  'timeline',
  'adminMenu',
  'privacy',
] as const;
export type Namespace = (typeof namespaces)[number];

type Catalogue = { readonly [key: string]: unknown };
type Values = Readonly<Record<string, unknown>>;
export interface TranslateOptions extends Values {
  count?: number;
  defaultValue?: string;
  lng?: Language;
  returnObjects?: boolean;
}

/** Messages by language and namespace, shared by every language's translator. */
const store = new Map<string, Catalogue>([
  ['en/common', en],
  ['vi/common', vi],
]);
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();

const storeKey = (language: Language, namespace: string) => `${language}/${namespace}`;

export function hasNamespace(language: Language, namespace: Namespace): boolean {
  return store.has(storeKey(language, namespace));
}

/** Notifies `listener` whenever a namespace arrives; returns the unsubscribe. */
export function onNamespaceLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function loadOne(language: Language, namespace: Namespace): Promise<void> {
  const key = storeKey(language, namespace);
  if (store.has(key)) return Promise.resolve();
  let pending = loading.get(key);
  if (!pending) {
    pending = import(`../locales/${language}/${namespace}.json`).then(
      (module: { default: Catalogue }) => {
        store.set(key, module.default);
        loading.delete(key);
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        // A failed load is tried again by the next caller.
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

function lookUp(catalogue: Catalogue | undefined, key: string): unknown {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Catalogue)[part];
  }
  return node;
}

const placeholder = /\{\{\s*([^{}\s]+)\s*\}\}/g;

function interpolate(message: string, values: Values): string {
  return message.replace(placeholder, (match, name: string) => {
    const value = lookUp(values, name);
    return value === undefined || value === null ? match : String(value);
  });
}

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralOf(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

export interface Translate {
  (key: string, options?: TranslateOptions & { returnObjects?: false }): string;
  (key: string, options: TranslateOptions & { returnObjects: true }): unknown;
}

/** A language's translator: `namespace` is where keys without a `namespace:` prefix are looked up. */
function translator(language: Language, namespace: string): Translate {
  return ((key: string, options: TranslateOptions = {}) => {
    const lng = options.lng ?? language;
    const split = key.indexOf(':');
    const ns = split > 0 ? key.slice(0, split) : namespace;
    const path = split > 0 ? key.slice(split + 1) : key;
    const catalogue = store.get(storeKey(lng, ns));
    let found: unknown;
    if (typeof options.count === 'number') found = lookUp(catalogue, `${path}_${pluralOf(lng, options.count)}`);
    found ??= lookUp(catalogue, path);
    if (typeof found === 'string') return interpolate(found, options);
    if (found !== undefined && found !== null && options.returnObjects) return found;
    return options.defaultValue === undefined ? path : interpolate(options.defaultValue, options);
  }) as Translate;
}

/** What a screen knows of its language: its code, a translator, and the same for another one. */
export interface I18n {
  language: Language;
  t: Translate;
  getFixedT(language: Language, namespace?: Namespace): Translate;
  loadNamespaces(list: readonly Namespace[]): Promise<void>;
}

function instance(language: Language): I18n {
  return {
    language,
    t: translator(language, 'common'),
    getFixedT: (other, namespace = 'common') => translator(other, namespace),
    loadNamespaces: (list) => Promise.all(list.map((namespace) => loadOne(language, namespace))).then(() => undefined),
  };
}

/**
 * One instance per language, sharing one store of messages: the page's language comes from its URL
 * (the layout provides the instance for it), so switching language is a navigation like any
 * other, and no screen ever renders with another page's language.
 */
const instances = Object.fromEntries(languages.map((language) => [language, instance(language)])) as Record<
  Language,
  I18n
>;

export function i18nFor(language: Language): I18n {
  return instances[language];
}

/** A translator for `namespace` in `language`. */
export function translate(language: Language, namespace: string): Translate {
  return translator(language, namespace);
}

/** The language being prerendered (set by entry-server); in the browser the URL says. */
let renderingLanguage: Language = defaultLanguage;
export function setRenderingLanguage(language: Language): void {
  renderingLanguage = language;
}

/** The language of the page being shown (or prerendered). */
export function currentLanguage(): Language {
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
