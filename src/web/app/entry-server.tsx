/**
 * Renders a public page to HTML at build time (scripts/prerender), and again on the server when the
 * menu changes (src/server/menu/live-pages.ts): the browser paints it at once and hydrates it.
 * Not part of the browser bundle.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Language } from '../../domain/routes.ts';
import { HeadContext, type PageMeta } from '../shared/frame/page-meta.tsx';
import { loadNamespace, type Namespace, setRenderingLanguage } from '../shared/i18n/i18n.ts';
import { setRenderingPageData } from '../site/page-data.ts';
import { AppRoutes } from './app.tsx';

export interface RenderedPage {
  html: string;
  meta: PageMeta | undefined;
}

export async function renderPage(
  url: string,
  namespaces: readonly Namespace[],
  language: Language,
  /** The live menu's data (the server, src/server/menu); none at build time. */
  data?: Record<string, unknown>,
): Promise<RenderedPage> {
  // Pages render one at a time: screens loaded while rendering load their messages in this language.
  setRenderingLanguage(language);
  setRenderingPageData(data);
  await Promise.all(namespaces.map((namespace) => loadNamespace(namespace, language)));
  const head: { meta?: PageMeta } = {};
  const app = (
    <StrictMode>
      <HeadContext value={head}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </HeadContext>
    </StrictMode>
  );
  // The first pass waits for the lazy screens to load. The second renders them in one piece:
  // streamed output would reveal suspended parts with inline scripts, which the CSP forbids.
  await (await prerender(app)).prelude.cancel();
  const html = renderToString(app);
  return { html, meta: head.meta };
}
