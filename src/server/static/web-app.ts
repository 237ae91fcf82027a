/**
 * Serves the built web app from memory: hashed assets cached forever, everything else
 * revalidated, each with its brotli or gzip twin (written at build time) when the browser takes it.
 * App routes (in every language: /menu and /vi/menu) get their prerendered HTML when the build has
 * it, otherwise the app shell; any other path gets the 404 page of its language with a 404 status.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import type { Context, Env, Hono } from 'hono';
import { appPaths, defaultLanguage, type Language, languagePrefix, splitLanguage } from '../../domain/routes.ts';

export interface StaticFile {
  body: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  type: string;
  etag: string;
  immutable: boolean;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

export function loadWebApp(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(root)) return files;
  const paths = walk(root);
  const present = new Set(paths);
  for (const path of paths) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const body = readFileSync(path);
    const url = `/${relative(root, path).split('\\').join('/')}`;
    files.set(url, {
      body,
      br: present.has(`${path}.br`) ? readFileSync(`${path}.br`) : undefined,
      gzip: present.has(`${path}.gz`) ? readFileSync(`${path}.gz`) : undefined,
      type: contentTypes[extname(path)] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      immutable: url.startsWith('/assets/'),
    });
  }
  return files;
}

const notBuilt =
  '<!doctype html><title>Not built</title><p>The web app is not built yet: run <code>npm run build</code>.</p>';

function send(c: Context, file: StaticFile, status: 200 | 404, cacheControl: string): Response {
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    'Cache-Control': cacheControl,
    ETag: file.etag,
    Vary: 'Accept-Encoding',
  };
  if (status === 200 && c.req.header('if-none-match') === file.etag) {
    return new Response(null, { status: 304, headers });
  }
  const accepted = c.req.header('accept-encoding') ?? '';
  let body = file.body;
  if (file.br && /\bbr\b/.test(accepted)) {
    body = file.br;
    headers['Content-Encoding'] = 'br';
  } else if (file.gzip && /\bgzip\b/.test(accepted)) {
    body = file.gzip;
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = String(body.length);
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
}

/**
 * A page behind a secret in its path (the manage link's /booking/<token>, in every language): its
 * page with 200 when `exists` says the secret opens something, with 404 otherwise (the page then
 * explains); the not-found page with 404 for a path with no secret in it; the page with 429 when
 * the client has asked too often (the secret is then not looked up); in the path's language, never cached or indexed, and its address never sent on as a Referer.
 */
export interface PrivatePage {
  /** The built page served for it, in each language's folder (the page renders what the secret opens). */
  page: string;
  /** Whether a path is one of this page's, in which language, and its secret (undefined: none). */
  match(path: string): { language: Language; key: string | undefined } | undefined;
  /** Seconds this client must wait before its next look-up (0: go ahead). */
  throttle(c: Context): Promise<number>;
  exists(key: string): Promise<boolean>;
}

/** The headers of every answer on a private page's path, whatever its method or status. */
export const privateHeaders = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
} as const;

const privateHead = '<meta name="robots" content="noindex, nofollow" /><meta name="referrer" content="no-referrer" />';

function privateHtml(
  c: Context,
  file: StaticFile | undefined,
  status: 200 | 404 | 429 | 503,
  headers: Record<string, string> = {},
): Response {
  if (!file) return c.html(notBuilt, status, { ...privateHeaders, ...headers });
  const html = file.body.toString('utf8').replace(/<head(\s[^>]*)?>/i, (head) => `${head}${privateHead}`);
  return c.html(c.req.method === 'HEAD' ? '' : html, status, { ...privateHeaders, ...headers });
}

/**
 * Renders an app route's page anew (the pages showing the menu, src/server/menu), or answers
 * undefined to have the built file served.
 */
export type LivePage = (path: string, query: URLSearchParams, built: StaticFile) => Promise<StaticFile | undefined>;

export function mountWebApp<E extends Env>(
  app: Hono<E>,
  root: string,
  privatePages: readonly PrivatePage[] = [],
  livePage?: LivePage,
): void {
  const files = loadWebApp(root);
  const routes = new Set<string>(appPaths);
  const shell = files.get('/index.html');

  const page = (path: string): StaticFile | undefined =>
    files.get(path === '/' ? '/index.html' : `${path}/index.html`) ?? shell;
  // The 404 page of a language: /vi/… gets the Vietnamese one.
  const notFoundPage = (language: Language): StaticFile | undefined =>
    (language === defaultLanguage ? undefined : files.get(`${languagePrefix(language)}/404.html`)) ??
    files.get('/404.html') ??
    shell;

  async function servePrivate(
    c: Context,
    privatePage: PrivatePage,
    language: Language,
    key: string | undefined,
  ): Promise<Response> {
    // The page in the path's language (its <html lang>), which then shows what the secret opens.
    const appPage = files.get(`${languagePrefix(language)}/${privatePage.page}`) ?? shell;
    if (key === undefined) return privateHtml(c, notFoundPage(language), 404);
    const wait = await privatePage.throttle(c);
    // The app still loads: the page's own call may answer, or the page says it could not load.
    if (wait > 0) return privateHtml(c, appPage, 429, { 'Retry-After': String(wait) });
    let found: boolean;
    try {
      found = await privatePage.exists(key);
    } catch {
      // The database did not answer: the app loads and says the booking could not be loaded.
      return privateHtml(c, appPage, 503);
    }
    // A secret that opens nothing: 404, with the page, which says so and what to do instead.
    return privateHtml(c, appPage, found ? 200 : 404);
  }

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const path = c.req.path;
    for (const privatePage of privatePages) {
      const match = privatePage.match(path);
      if (match) return servePrivate(c, privatePage, match.language, match.key);
    }
    const file = files.get(path);
    if (file && !path.endsWith('.html')) {
      return send(c, file, 200, file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (routes.has(normalized)) {
      const html = page(normalized);
      if (!html) return c.html(notBuilt, 200);
      const live = livePage && (await livePage(normalized, new URL(c.req.url).searchParams, html));
      return send(c, live || html, 200, 'no-cache');
    }
    const notFound = notFoundPage(splitLanguage(normalized).language);
    return notFound ? send(c, notFound, 404, 'no-cache') : c.html(notBuilt, 404);
  });
}
