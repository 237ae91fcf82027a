/**
 * The public pages whose HTML depends on what is true now, rendered again on the server with the
 * app's own components (the build's server bundle, dist/ssr/entry-server.js) whenever that
 * changes: the pages that show the menu — home (today's specials), /menu and each branch's page —
 * when the menu does (no rebuild for a new price), and /reservation each day in the restaurant
 * (its calendar opens on today, disabled before). In every language. Still complete HTML on
 * arrival, never a spinner. Each render is kept until what it came from changes; the data it used
 * travels in the page (#page-data), so the browser hydrates exactly the same markup.
 *
 * Without the server bundle (a build without it, the API tests) the built pages are served as
 * they are; so are the menu's when the database does not answer.
 */

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { branchSlugs } from '../../domain/restaurant-profile.ts';
import { restaurantDayOf } from '../../domain/restaurant-time.ts';
import { type Language, localizePath, paths, splitLanguage } from '../../domain/routes.ts';
import { pageDataElementId } from '../../web/site/page-data-id.ts';
import type { Logger } from '../logger.ts';
import type { MenuSnapshot } from '../menu/menu-snapshot.ts';
import type { MenuSource } from '../menu/menu-source.ts';
import type { StaticFile } from './web-app.ts';

type RenderPage = (url: string, language: Language, data: Record<string, unknown>) => Promise<{ html: string }>;

export interface LivePages {
  /** The page at `path` rendered with the current menu, or undefined: serve the built file. */
  page(path: string, query: URLSearchParams, built: StaticFile): Promise<StaticFile | undefined>;
}

/** What a live page is rendered from now; `version` changes whenever that does. */
interface LiveState {
  version: string;
  data: Record<string, unknown>;
}

/** How the page at an English path is rendered live, or undefined: it is served as built. */
function pageOf(path: string): ((source: MenuSource, language: Language) => Promise<LiveState>) | undefined {
  const fromMenu =
    (data: (s: MenuSnapshot, language: Language) => Record<string, unknown>) =>
    async (source: MenuSource, language: Language) => {
      const snapshot = await source.current();
      return { version: snapshot.version, data: data(snapshot, language) };
    };
  if (path === paths.home || path.startsWith('/branches/')) return fromMenu((s) => ({ today: s.today }));
  if (path === paths.menu) {
    return fromMenu((s, language) => ({
      menu: s.menu,
      ...(language === 'vi' ? { translation: s.translations.vi } : {}),
      today: s.today,
    }));
  }
  if (path === paths.reservation) {
    return async () => {
      const today = restaurantDayOf(new Date());
      return { version: today.day, data: { day: today } };
    };
  }
  return undefined;
}

/** JSON inside a <script> element: nothing in it may close the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

const rootPattern = /<div id="root" data-prerendered="[^"]*">/;

/** The built page with its #root holding `body`, and the data it was rendered with before it. */
export function withBody(built: string, body: string, data: unknown): string | undefined {
  const open = rootPattern.exec(built);
  const close = built.lastIndexOf('</div>', built.lastIndexOf('</body>'));
  if (!open || close < open.index) return undefined;
  const script = `<script type="application/json" id="${pageDataElementId}">${scriptJson(data)}</script>`;
  return `${built.slice(0, open.index)}${script}${open[0]}${body}${built.slice(close)}`;
}

function staticFile(html: string, template: StaticFile): StaticFile {
  const body = Buffer.from(html);
  return {
    body,
    // Quick settings: a page is compressed once per menu change, not once per build.
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(body, { level: 6 }),
    type: template.type,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    immutable: false,
  };
}

export function createLivePages(webRoot: string, source: MenuSource, logger: Logger): LivePages | undefined {
  const entry = join(webRoot, '..', 'ssr', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  // Loaded with the first page asked for (React's server renderer is not needed before).
  let renderer: Promise<{ renderPage: RenderPage }> | undefined;
  const rendered = new Map<string, { version: string; file: StaticFile }>();
  // One render at a time: the renderer sets the language and data for the page it renders.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    async page(path, query, built) {
      const { language, path: english } = splitLanguage(path);
      const page = pageOf(english);
      if (!page) return undefined;
      // The menu with a branch chosen (?branch=sa-pa) is a page of its own; any other query is not.
      const branch = english === paths.menu ? query.get('branch') : null;
      const chosen = branch && (branchSlugs as readonly string[]).includes(branch) ? branch : undefined;
      const url = `${localizePath(english, language)}${chosen ? `?branch=${chosen}` : ''}`;
      try {
        const { version, data } = await page(source, language);
        const held = rendered.get(url);
        if (held?.version === version) return held.file;
        return await serially(async () => {
          const again = rendered.get(url);
          if (again?.version === version) return again.file;
          renderer ??= import(pathToFileURL(entry).href) as Promise<{ renderPage: RenderPage }>;
          const { html } = await (await renderer).renderPage(url, language, data);
          const full = withBody(built.body.toString('utf8'), html, data);
          if (!full) return undefined;
          const file = staticFile(full, built);
          rendered.set(url, { version, file });
          return file;
        });
      } catch (error) {
        logger.error(
          { err: { name: (error as Error).name, message: (error as Error).message } },
          'live page render failed',
        );
        return undefined;
      }
    },
  };
}
