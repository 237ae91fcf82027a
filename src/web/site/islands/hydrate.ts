/**
 * The browser's side of the islands, without React: finds each island on the page and, when its
 * moment comes (island.tsx, `HydrateWhen`), loads its code and React and hands it its markup. The
 * page is interactive island by island; nothing else of the page waits for them.
 */
import type { Language } from '../../../domain/routes.ts';
import { keepEarlyEdits } from './early-edits.ts';
import type { HydrateWhen, IslandName, MountableIsland } from './island.tsx';

export interface IslandEntry {
  /** The island's code (a chunk of its own). */
  load: () => Promise<MountableIsland>;
  /**
   * React-free and small (a page with the island loads it as it opens): resolves once the HTML the
   * server sent for the island no longer holds — the data it shows has changed, the day it was rendered on has
   * passed. The island then hydrates at once, whatever its moment, and renders what is true now.
   */
  stale?: (language: Language) => Promise<void>;
}
export type IslandLoaders = Record<IslandName, IslandEntry>;

const isIslandName = (loaders: IslandLoaders, name: string | undefined): name is IslandName =>
  name !== undefined && Object.hasOwn(loaders, name);

/** Resolves when the island's moment has come; `atStart` says whether it came with the page. */
function moment(element: HTMLElement, when: HydrateWhen): { ready: Promise<void>; atStart: Promise<boolean> } {
  if (when === 'load') return { ready: Promise.resolve(), atStart: Promise.resolve(true) };
  if (when === 'idle') {
    const ready = new Promise<void>((resolve) => {
      // Safari has no requestIdleCallback.
      const idle = window.requestIdleCallback as typeof window.requestIdleCallback | undefined;
      if (idle) idle(() => resolve(), { timeout: 3000 });
      else window.setTimeout(resolve, 300);
    });
    return { ready, atStart: Promise.resolve(false) };
  }
  if (when === 'visible') {
    let seen: (visible: boolean) => void = () => undefined;
    const atStart = new Promise<boolean>((resolve) => {
      seen = resolve;
    });
    const ready = new Promise<void>((resolve) => {
      // Near enough that the guest never meets a form that does not answer yet.
      const observer = new IntersectionObserver(
        (entries) => {
          const visible = entries.some((entry) => entry.isIntersecting);
          seen(visible);
          if (!visible) return;
          observer.disconnect();
          resolve();
        },
        { rootMargin: '300px 0px' },
      );
      // The container has no box of its own (display: contents): its children are what is seen.
      const boxes = element.children.length > 0 ? [...element.children] : [element];
      for (const box of boxes) observer.observe(box);
    });
    return { ready, atStart };
  }
  const ready = new Promise<void>((resolve) => {
    // A field changed without a touch (the browser's autofill, a script) counts too.
    const events = ['pointerdown', 'focusin', 'keydown', 'touchstart', 'input', 'change'] as const;
    const go = () => {
      for (const event of events) element.removeEventListener(event, go, true);
      resolve();
    };
    for (const event of events) element.addEventListener(event, go, { capture: true, passive: true });
  });
  return { ready, atStart: Promise.resolve(false) };
}

async function mountWith(
  element: HTMLElement,
  name: IslandName,
  loaders: IslandLoaders,
  language: Language,
  replayEdits?: () => void,
) {
  const [{ mountIsland }, island] = await Promise.all([import('./mount.tsx'), loaders[name].load()]);
  await mountIsland(element, island, language, replayEdits);
}

/** Mounts one island now (the language offer, decided by the boot script). */
export function mountNow(element: HTMLElement, name: IslandName, loaders: IslandLoaders, language: Language) {
  return mountWith(element, name, loaders, language);
}

/**
 * Starts every island on the page. Resolves once those whose moment came with the page (`load`,
 * or `visible` and on screen) are interactive; the others follow when their moment comes.
 */
export async function startIslands(loaders: IslandLoaders, language: Language): Promise<void> {
  const started: Promise<unknown>[] = [];
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island;
    if (!isIslandName(loaders, name)) continue;
    const when = (element.dataset.when ?? 'load') as HydrateWhen;
    const { ready, atStart } = moment(element, when);
    // A check that cannot be made (its chunk did not load) cannot vouch for the HTML either.
    const stale = loaders[name].stale?.(language).catch(() => undefined);
    // What the guest does in it from now on is kept for the island (early-edits.ts).
    const replayEdits = keepEarlyEdits(element);
    const mounted = (stale ? Promise.race([ready, stale]) : ready).then(() =>
      mountWith(element, name, loaders, language, replayEdits),
    );
    mounted.catch((error: unknown) => console.error(`The island ${name} could not start`, error));
    started.push(atStart.then((now) => (now ? mounted.catch(() => undefined) : undefined)));
  }
  await Promise.all(started);
}
