/**
 * Each public page's title, description and sharing (Open Graph) tags. The prerender script reads
 * them from HeadContext while rendering and writes them into the page's HTML; in the browser the
 * hook keeps <head> in step on client-side navigation.
 */
import { createContext, useContext, useEffect } from 'react';
import { restaurantProfile } from '../../../domain/restaurant-profile.ts';

export interface PageMeta {
  title: string;
  description: string;
  /** The page's path, for its absolute sharing URL. */
  path: string;
}

/** Filled while prerendering; absent in the browser. */
export const HeadContext = createContext<{ meta?: PageMeta } | null>(null);

export function absoluteUrl(path: string): string {
  return new URL(path, restaurantProfile.website).href;
}

function setMetaContent(attribute: 'name' | 'property', key: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.content = content;
}

export function usePageMeta(meta: PageMeta): void {
  const collector = useContext(HeadContext);
  if (collector) collector.meta = meta;
  const { title, description, path } = meta;
  useEffect(() => {
    document.title = title;
    setMetaContent('name', 'description', description);
    setMetaContent('property', 'og:title', title);
    setMetaContent('property', 'og:description', description);
    setMetaContent('property', 'og:url', absoluteUrl(path));
  }, [title, description, path]);
}
