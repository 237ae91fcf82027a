/**
 * The menu island's HTML holds as long as call 7 answers with the menu the server rendered it
 * from: the island then waits for the guest's first touch (menu-page.tsx). Made as the page
 * opens, call 7 settles it: another menu, a failure (the list must empty, spec §8) or a page
 * rendered without the menu (a build without the server's renderer) hydrates it at once.
 */
import type { Language } from '../../../../domain/routes.ts';
import { callMenu, renderedSource, sameSource } from './menu-call.ts';

export function menuStale(language: Language): Promise<void> {
  const rendered = renderedSource(language);
  if (!rendered) return Promise.resolve();
  return callMenu(language).then(
    (answer) => (sameSource(rendered, answer) ? new Promise<void>(() => undefined) : undefined),
    () => undefined,
  );
}
