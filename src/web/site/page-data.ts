/**
 * The data a page was rendered with on the server (the live menu, today's specials and sold-out
 * dishes, the restaurant's day), so the browser's first render matches the HTML it hydrates. On the server it is what
 * entry-server.tsx was given; in the browser, the JSON the server wrote into the page. Each
 * feature checks its own part: this is input like any other.
 */
import { pageDataElementId } from './page-data-id.ts';

export type PageDataKey = 'menu' | 'translation' | 'today' | 'day';

let rendering: Partial<Record<PageDataKey, unknown>> | undefined;
let fromDocument: Partial<Record<PageDataKey, unknown>> | undefined;

/** Server only: the data of the page about to be rendered. */
export function setRenderingPageData(data: Partial<Record<PageDataKey, unknown>> | undefined): void {
  rendering = data;
}

export function pageData(key: PageDataKey): unknown {
  if (typeof document === 'undefined') return rendering?.[key];
  if (!fromDocument) {
    const text = document.getElementById(pageDataElementId)?.textContent;
    try {
      fromDocument = text ? (JSON.parse(text) as Partial<Record<PageDataKey, unknown>>) : {};
    } catch {
      fromDocument = {};
    }
  }
  return fromDocument[key];
}
