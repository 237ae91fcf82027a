/**
 * Renders a site page to HTML: at build time (scripts/prerender) and again on the server when the
 * menu changes (src/server/static/live-pages.ts). The page renders whole; each island in it is then
 * rendered as a root of its own, as the browser will hydrate it (islands/island.tsx). Not part of
 * the browser's code.
 */
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { type Language, splitLanguage } from '../../domain/routes.ts';
import { HeadContext, type PageMeta } from '../shared/frame/page-meta.tsx';
import { i18nFor, loadNamespace, type Namespace, setRenderingLanguage } from '../shared/i18n/i18n.ts';
import { I18nProvider } from '../shared/i18n/translation.tsx';
import { SiteFrame } from './frame.tsx';
import { IslandRoot, type IslandSlot, IslandSlots, identifierPrefix, islandSlotMarker } from './islands/island.tsx';
import { setRenderingUrl } from './location.ts';
import { setRenderingPageData } from './page-data.ts';
import { pageAt } from './pages.tsx';

export interface RenderedPage {
  html: string;
  meta: PageMeta | undefined;
}

/** Every message a site page may show: loaded before rendering, so nothing suspends. */
const siteNamespaces: readonly Namespace[] = [
  'home',
  'menu',
  'reservation',
  'availability',
  'booking',
  'branches',
  'privacy',
];

/**
 * The first pass waits for the lazy parts to load (a form's calendar); the second renders them in
 * one piece: streamed output would reveal suspended parts with inline scripts, which the CSP forbids.
 */
async function renderWhole(
  tree: ReactNode,
  options: { identifierPrefix?: string } = {},
  beforeFinalPass: () => void = () => undefined,
): Promise<string> {
  await (await prerender(tree, options)).prelude.cancel();
  beforeFinalPass();
  return renderToString(tree, options);
}

export async function renderPage(
  url: string,
  language: Language,
  /** The live menu's data (the server, src/server/menu); none at build time. */
  data?: Record<string, unknown>,
): Promise<RenderedPage> {
  // Pages render one at a time: the address, language and data are the page's until the next.
  setRenderingUrl(url);
  setRenderingLanguage(language);
  setRenderingPageData(data);
  await loadNamespace(siteNamespaces, language);
  const pathname = new URL(url, 'http://localhost/').pathname;
  const Page = pageAt(splitLanguage(pathname).path);
  const head: { meta?: PageMeta } = {};
  const slots: IslandSlot[] = [];
  let html = await renderWhole(
    <StrictMode>
      <HeadContext value={head}>
        <IslandSlots value={slots}>
          <I18nProvider i18n={i18nFor(language)}>
            <SiteFrame pathname={pathname}>
              <Page />
            </SiteFrame>
          </I18nProvider>
        </IslandSlots>
      </HeadContext>
    </StrictMode>,
    {},
    // The islands are those the final pass renders.
    () => {
      slots.length = 0;
    },
  );
  for (const [index, slot] of slots.entries()) {
    const island = await renderWhole(<IslandRoot language={language}>{slot.element}</IslandRoot>, {
      identifierPrefix: identifierPrefix(slot.name),
    });
    html = html.replace(islandSlotMarker(index), island);
  }
  return { html, meta: head.meta };
}
