/**
 * What the guest types, chooses or presses in an island's HTML before React has taken it over (a
 * search typed, a filter pressed while the code is on its way) must reach the island: React puts
 * its controlled fields back to the values it renders as it hydrates, and a press meanwhile has no
 * handler yet. So, from the moment the page starts (no React here: the boot script runs it), they
 * are noted, and replayed once the island is React's: each edited field gets its value back and
 * sends the event its handler listens to, and each pressed button is pressed again, in order.
 */
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
    // A select with no option marked selected starts on its first.
    const initial = Math.max(
      0,
      [...control.options].findIndex((option) => option.defaultSelected),
    );
    return control.selectedIndex !== initial ? control.value : undefined;
  }
  return control.value !== control.defaultValue ? control.value : undefined;
}

/** Starts noting the island's early edits; the function it returns replays them (once React listens). */
export function keepEarlyEdits(element: HTMLElement): () => void {
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
  // A button pressed meanwhile (a menu filter) is pressed again, in order, once React listens.
  const pressed: HTMLButtonElement[] = [];
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && element.contains(button) && button.type === 'button') pressed.push(button);
  };
  element.addEventListener('input', onEdit, true);
  element.addEventListener('change', onEdit, true);
  element.addEventListener('click', onClick, true);
  return () => {
    element.removeEventListener('input', onEdit, true);
    element.removeEventListener('change', onEdit, true);
    element.removeEventListener('click', onClick, true);
    for (const [control, edit] of edits) {
      if (!control.isConnected) continue;
      if (typeof edit === 'boolean') {
        if (isToggle(control) && control.checked !== edit) control.click();
      } else if (control instanceof HTMLSelectElement) {
        control.value = edit;
        control.dispatchEvent(new Event('change', { bubbles: true }));
      } else {
        // Through React's record first (the value it rendered), then past it (what was typed).
        control.value = control.defaultValue;
        setUnrecorded(control, edit);
        control.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
    for (const button of pressed) if (button.isConnected && !button.disabled) button.click();
  };
}
