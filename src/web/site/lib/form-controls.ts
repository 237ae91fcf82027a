/**
 * The booking forms keep their fields in the browser's form (uncontrolled inputs) and read them
 * from it; these helpers find a field by its name, read the form's text values, and set a field as
 * the form itself does (a reset, a prefill, a time no longer offered).
 */
export type FieldControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The form's control named `name`, or undefined (no form yet, or no such single control). */
export function controlOf(form: HTMLFormElement | null, name: string): FieldControl | undefined {
  const element = form?.elements.namedItem(name);
  return element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
    ? element
    : undefined;
}

/** The text values of the named fields, '' for any that is missing. */
export function readTexts<Name extends string>(form: HTMLFormElement, names: readonly Name[]): Record<Name, string> {
  const data = new FormData(form);
  const values = {} as Record<Name, string>;
  for (const name of names) {
    const value = data.get(name);
    values[name] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** Sets the named field's value, as typing it would (no event fires: the caller updates its own state). */
export function setControl(form: HTMLFormElement | null, name: string, value: string): void {
  const control = controlOf(form, name);
  if (control) control.value = value;
}

/** The name of the field an event came from, or undefined when it came from no named control. */
export function fieldNameOf(target: EventTarget): string | undefined {
  return target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
    ? target.name || undefined
    : undefined;
}
