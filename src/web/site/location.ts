/**
 * Where the page is, without a router: the guest's site is pages, not an app, so a link is an
 * ordinary page load and the only changes of address within a page are the query changes a page
 * makes itself (the menu's branch, a manage link's one-time parameter), through `useSearchParams`.
 * While a page renders on the server (build time, or a live menu page) the address is the one being
 * rendered (`setRenderingUrl`); in the browser it is the window's.
 */
import { useCallback, useSyncExternalStore } from 'react';

let renderingUrl = new URL('http://localhost/');

/** Server only: the address of the page about to be rendered. */
export function setRenderingUrl(url: string): void {
  renderingUrl = new URL(url, 'http://localhost/');
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const browserHref = () => `${window.location.pathname}${window.location.search}`;
/**
 * The address the HTML was rendered for: on the server, the one being rendered; in the browser,
 * while an island hydrates, the window's (a live page, /menu?branch=sa-pa, was rendered for its
 * query). Were it the bare path, the island's first render would not match its HTML and React
 * would render it anew, dropping what the guest did meanwhile (islands/early-edits.ts).
 */
const renderedHref = () =>
  typeof window === 'undefined' ? `${renderingUrl.pathname}${renderingUrl.search}` : browserHref();

function useHref(): string {
  return useSyncExternalStore(subscribe, browserHref, renderedHref);
}

export function usePathname(): string {
  return new URL(useHref(), 'http://localhost/').pathname;
}

type SetSearchParams = (
  next: URLSearchParams | Record<string, string> | ((current: URLSearchParams) => URLSearchParams),
  options?: { replace?: boolean },
) => void;

/** The page's query, and a way to change it (a new history entry unless `replace`). */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const href = useHref();
  const params = new URL(href, 'http://localhost/').searchParams;
  const set = useCallback<SetSearchParams>((next, options = {}) => {
    const current = new URLSearchParams(window.location.search);
    const value = typeof next === 'function' ? next(current) : new URLSearchParams(next);
    const query = value.toString();
    const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
    if (options.replace) window.history.replaceState(window.history.state, '', url);
    else window.history.pushState(window.history.state, '', url);
    for (const listener of listeners) listener();
  }, []);
  return [params, set];
}
