/**
 * Hands an island's markup to React (loaded with the first island a page starts): hydrates what
 * the server rendered, or renders a client-only island into its empty container. The container is
 * marked data-hydrated once React has taken it over, for tests and anyone measuring.
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

export async function mountIsland(element: HTMLElement, island: MountableIsland, language: Language) {
  await Promise.all([loadNamespace(island.namespaces, language), island.prepare?.(language)]);
  const done = new Promise<void>((resolve) => {
    const onMounted = () => {
      element.dataset.hydrated = 'true';
      resolve();
    };
    const tree = (
      <IslandRoot language={language} onMounted={onMounted}>
        {island.element(propsOf(element))}
      </IslandRoot>
    );
    if (element.dataset.clientOnly === 'true') createRoot(element).render(tree);
    else hydrateRoot(element, tree, { identifierPrefix: identifierPrefix(island.name) });
  });
  await done;
}
