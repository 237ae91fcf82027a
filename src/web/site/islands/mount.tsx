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

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Sets a field's value past React's own record of it, so the event that follows reads as a change. */
function setUnrecorded(control: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = control instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
}

const isToggle = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');

/** The field as the guest left it, or undefined if it is still as the island rendered it. */
function editOf(control: Control): string | boolean | undefined {
  if (isToggle(control)) return control.checked !== control.defaultChecked ? control.checked : undefined;
  if (control instanceof HTMLSelectElement) {
    return [...control.options].some((option) => option.selected !== option.defaultSelected)
      ? control.value
      : undefined;
  }
  return control.value !== control.defaultValue ? control.value : undefined;
}

/**
 * What the guest types or chooses in an island's HTML before React has taken it over (a search
 * typed while the code is on its way) must reach the island: React puts its controlled fields back
 * to the values it renders as it hydrates. So the edits are noted until then, and replayed after:
 * each edited field gets its value back and sends the event its handler listens to.
 */
function keepEarlyEdits(element: HTMLElement): () => void {
  const edits = new Map<Control, string | boolean>();
  const note = (target: EventTarget | null) => {
    if (
      !(
        target instanceof HTMLInputElement ||
        target instanceof HTMLSelectElement ||
        target instanceof HTMLTextAreaElement
      )
    )
      return;
    const edit = editOf(target);
    if (edit === undefined) edits.delete(target);
    else edits.set(target, edit);
  };
  for (const control of element.querySelectorAll<Control>('input, select, textarea')) note(control);
  const onEdit = (event: Event) => note(event.target);
  element.addEventListener('input', onEdit, true);
  element.addEventListener('change', onEdit, true);
  return () => {
    element.removeEventListener('input', onEdit, true);
    element.removeEventListener('change', onEdit, true);
    for (const [control, edit] of edits) {
      if (!control.isConnected) continue;
      if (typeof edit === 'boolean') {
        if (isToggle(control) && control.checked !== edit) control.click();
      } else if (control instanceof HTMLSelectElement) {
        control.value = edit;
        control.dispatchEvent(new Event('change', { bubbles: true }));
      } else if (control.value !== edit || editOf(control) !== undefined) {
        setUnrecorded(control, edit);
        control.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
  };
}

export async function mountIsland(element: HTMLElement, island: MountableIsland, language: Language) {
  await Promise.all([loadNamespace(island.namespaces, language), island.prepare?.(language)]);
  const clientOnly = element.dataset.clientOnly === 'true';
  const replayEdits = clientOnly ? () => undefined : keepEarlyEdits(element);
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
