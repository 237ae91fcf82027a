/**
 * Serves the built web app from memory: hashed assets cached forever, everything else
 * revalidated, each with its brotli or gzip twin (written at build time) when the browser takes it.
 * App routes get their prerendered HTML when the build has it, otherwise the app shell; any other
 * path gets the app with a 404 status, and the app shows its 404 page.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import type { Context, Env, Hono } from 'hono';
import { appPaths } from '../../domain/routes.ts';

interface StaticFile {
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

export function mountWebApp<E extends Env>(app: Hono<E>, root: string): void {
  const files = loadWebApp(root);
  const routes = new Set<string>(appPaths);
  const shell = files.get('/index.html');

  const page = (path: string): StaticFile | undefined =>
    files.get(path === '/' ? '/index.html' : `${path}/index.html`) ?? shell;

  app.on(['GET', 'HEAD'], '*', (c) => {
    const path = c.req.path;
    const file = files.get(path);
    if (file && !path.endsWith('.html')) {
      return send(c, file, 200, file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (routes.has(normalized)) {
      const html = page(normalized);
      return html ? send(c, html, 200, 'no-cache') : c.html(notBuilt, 200);
    }
    const notFound = files.get('/404.html') ?? shell;
    return notFound ? send(c, notFound, 404, 'no-cache') : c.html(notBuilt, 404);
  });
}
