/**
 * The prerendered HTML marks its #root with the route it was rendered for (data-prerendered), so
 * the browser hydrates only matching markup: "/", "/menu" and "/reservation" for themselves, "404"
 * for any path the server answered with its 404 page.
 */
export const notFoundMarker = '404';

export function isPrerenderedFor(root: HTMLElement, pathname: string): boolean {
  const marker = root.dataset.prerendered;
  if (!marker || !root.hasChildNodes()) return false;
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return marker === normalized || marker === notFoundMarker;
}
