/**
 * Hands an island's markup to React (loaded with the first island a page starts): hydrates what
 * the server rendered, or renders a client-only island into its empty container, then replays what
 * the guest did in it meanwhile. The container is marked data-hydrated once React has taken it
 * over, for tests and anyone measuring.
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Language } from '../../../domain/routes.ts';
import { loadNamespace } from '../../shared/i18n/i18n.ts';
import { IslandRoot, identifierPrefix, type MountableIsland } from './island.tsx';

function propsOf(element: HTMLElement): unknown {
  try {
    return JSON.parse(element.dataset.props ?? '{}');
  } catch {
    return {};
  }
}

export async function mountIsland(
  element: HTMLElement,
  island: MountableIsland,
  language: Language,
  /** Replays what the guest did in the island's HTML meanwhile (early-edits.ts). */
  replayEdits: () => void = () => undefined,
) {
  await Promise.all([loadNamespace(island.namespaces, language), island.prepare?.(language)]);
  const clientOnly = element.dataset.clientOnly === 'true';
  const done = new Promise<void>((resolve) => {
    const onMounted = () => {
      // After React's commit, not inside its effect (where the replayed events' updates would wait
      // and the controlled fields be put back first).
      window.setTimeout(() => {
        replayEdits();
        element.dataset.hydrated = 'true';
        resolve();
      }, 0);
    };
    const tree = (
      <IslandRoot language={language} onMounted={onMounted}>
        {island.element(propsOf(element))}
      </IslandRoot>
    );
    if (clientOnly) createRoot(element).render(tree);
    else hydrateRoot(element, tree, { identifierPrefix: identifierPrefix(island.name) });
  });
  await done;
}
