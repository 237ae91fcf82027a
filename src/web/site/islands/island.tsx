/**
 * An island: a part of a site page that the guest interacts with. The page around it is HTML and
 * CSS only; the island's own code arrives when it is needed (`HydrateWhen`) and takes over the
 * markup the server rendered for it (`hydrateRoot`), or renders itself when it has none
 * (`clientOnly`: a page whose content depends on a secret in its address).
 *
 * On the server every island renders as a React root of its own (site/entry-server.tsx), exactly as
 * the browser will hydrate it: the same wrapper (`IslandRoot`) and its own `useId` prefix, so the
 * markup matches whatever else is on the page.
 */
import {
  type ComponentType,
  createContext,
  type ReactElement,
  type ReactNode,
  StrictMode,
  useContext,
  useEffect,
} from 'react';
import type { Language } from '../../../domain/routes.ts';
import { i18nFor, type Namespace } from '../../shared/i18n/i18n.ts';
import { I18nProvider } from '../../shared/i18n/translation.tsx';

/**
 * When an island's code loads: at once (`load`), when the browser is idle (`idle`), when it comes
 * near the screen (`visible`), or at the guest's first touch, click, key or edit inside it (`interaction`).
 */
export type HydrateWhen = 'load' | 'idle' | 'visible' | 'interaction';

/** Every island of the site, by the name its markup carries (data-island). */
export type IslandName =
  | 'booking-form'
  | 'reservation-form'
  | 'menu'
  | 'manage-booking'
  | 'data-link'
  | 'language-offer';

/** What the browser needs of an island: its name, its messages, and its element from its markup's props. */
export interface MountableIsland {
  name: IslandName;
  /** The messages it renders with, loaded before it hydrates. */
  namespaces: readonly Namespace[];
  /** Anything else it must have before hydrating (the calendar's words in the page's language). */
  prepare?: (language: Language) => Promise<unknown>;
  element(props: unknown): ReactElement;
}

export interface IslandDefinition<P extends object> extends MountableIsland {
  Component: ComponentType<P>;
}

/**
 * `props` reads the props back from the markup (data-props, JSON written by the server): input
 * like any other, checked by hand (zod would weigh more than most islands).
 */
export function defineIsland<P extends object>(island: {
  name: IslandName;
  Component: ComponentType<P>;
  namespaces: readonly Namespace[];
  prepare?: (language: Language) => Promise<unknown>;
  props: (value: unknown) => P;
}): IslandDefinition<P> {
  const { Component } = island;
  return {
    name: island.name,
    Component,
    namespaces: island.namespaces,
    prepare: island.prepare,
    element: (value) => <Component {...island.props(value)} />,
  };
}

/** For an island without props. */
export const noProps = (): Record<string, never> => ({});

/** The same identifiers on both sides: an island's useId values are its own, not the page's. */
export const identifierPrefix = (name: IslandName) => `${name}-`;

/** What surrounds an island's component on the server and in the browser alike. */
export function IslandRoot(props: { language: Language; children: ReactNode; onMounted?: () => void }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18nFor(props.language)}>
        <Mounted onMounted={props.onMounted}>{props.children}</Mounted>
      </I18nProvider>
    </StrictMode>
  );
}

function Mounted(props: { onMounted: (() => void) | undefined; children: ReactNode }) {
  const { onMounted } = props;
  useEffect(() => onMounted?.(), [onMounted]);
  return props.children;
}

/** Server only: the islands of the page being rendered, each rendered afterwards as its own root. */
export interface IslandSlot {
  name: IslandName;
  element: ReactElement;
}
export const IslandSlots = createContext<IslandSlot[] | null>(null);
export const islandSlotMarker = (index: number) => `<!--island:${index}-->`;

export function Island<P extends object>(props: {
  island: IslandDefinition<P>;
  props: P;
  when: HydrateWhen;
  /** Rendered by the browser alone: the server sends the container empty. */
  clientOnly?: boolean;
  className?: string;
}) {
  const slots = useContext(IslandSlots);
  if (!slots) throw new Error(`The island ${props.island.name} was rendered outside the site's renderer`);
  const { Component } = props.island;
  let inner = '';
  if (!props.clientOnly) {
    slots.push({ name: props.island.name, element: <Component {...props.props} /> });
    inner = islandSlotMarker(slots.length - 1);
  }
  return (
    <div
      className={props.className}
      data-island={props.island.name}
      data-when={props.when}
      data-props={JSON.stringify(props.props)}
      data-client-only={props.clientOnly ? 'true' : undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a marker of our own, replaced by the island's server-rendered HTML
      dangerouslySetInnerHTML={{ __html: inner }}
    />
  );
}
