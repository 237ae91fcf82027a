/**
 * The React side of the translation layer (i18n.ts): the page's language instance in context,
 * `useTranslation(namespace)` for a screen's messages, and <Trans> for a message with markup.
 * Same contract as react-i18next's, which it replaces on every page (see i18n.ts for why):
 * a screen whose namespace has not arrived suspends until it has, unless it asks not to.
 */
import {
  cloneElement,
  createContext,
  isValidElement,
  type ReactElement,
  type ReactNode,
  use,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { defaultLanguage } from '../../../domain/routes.ts';
import {
  hasNamespace,
  type I18n,
  i18nFor,
  type Namespace,
  onNamespaceLoaded,
  type Translate,
  type TranslateOptions,
  translate,
} from './i18n.ts';

const I18nContext = createContext<I18n>(i18nFor(defaultLanguage));

/** The page's language instance (the one its provider was given). */
export function useI18n(): I18n {
  return useContext(I18nContext);
}

export function I18nProvider(props: { i18n: I18n; children: ReactNode }) {
  return <I18nContext value={props.i18n}>{props.children}</I18nContext>;
}

/** The namespace's messages in the page's language, loading once per namespace and language. */
const pending = new Map<string, Promise<void>>();
function loaded(i18n: I18n, namespace: Namespace): Promise<void> {
  const key = `${i18n.language}/${namespace}`;
  let promise = pending.get(key);
  if (!promise) {
    promise = i18n.loadNamespaces([namespace]);
    pending.set(key, promise);
    // A failed load is tried again by the next render that needs it.
    promise.catch(() => pending.delete(key));
  }
  return promise;
}

const noop = () => undefined;
const noSubscription = () => noop;

export function useTranslation(
  namespace: Namespace = 'common',
  options: { useSuspense?: boolean } = {},
): { t: Translate; i18n: I18n; ready: boolean } {
  const i18n = useContext(I18nContext);
  const suspend = options.useSuspense ?? true;
  const ready = useSyncExternalStore(
    suspend ? noSubscription : onNamespaceLoaded,
    () => hasNamespace(i18n.language, namespace),
    () => hasNamespace(i18n.language, namespace),
  );
  if (!ready && suspend) use(loaded(i18n, namespace));
  useEffect(() => {
    if (!ready) loaded(i18n, namespace).catch(() => undefined);
  }, [i18n, namespace, ready]);
  const t = useMemo(() => translate(i18n.language, namespace), [i18n, namespace]);
  return { t, i18n, ready };
}

/** `<name>text</name>` (or `<0>text</0>`) in a message: the named component, holding the text. */
const tag = /<(\w+)>(.*?)<\/\1>/gs;

/**
 * A message with markup: each `<name>…</name>` becomes `components[name]` holding that text (the
 * values already in it), as react-i18next's <Trans> renders its simple tags.
 */
export function Trans(props: {
  t: Translate;
  i18nKey: string;
  values?: TranslateOptions & { returnObjects?: false };
  components: readonly ReactElement[] | Readonly<Record<string, ReactElement>>;
}) {
  const message = props.t(props.i18nKey, props.values);
  // An array's entries are named by their index, as `<0>` calls them.
  const components = new Map<string, ReactElement>(Object.entries(props.components));
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(tag)) {
    const [whole, name = '', text = ''] = match;
    const component = components.get(name);
    if (match.index > last) parts.push(message.slice(last, match.index));
    parts.push(isValidElement(component) ? cloneElement(component, { key: parts.length }, text) : whole);
    last = match.index + whole.length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return <>{parts}</>;
}
