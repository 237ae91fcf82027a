/**
 * The build's last step (a Vite plugin, so `vite build` does it all): render the public pages to
 * HTML with the app's own components, write robots.txt and sitemap.xml, then write .br/.gz twins
 * of every text file for the server to send as they are.
 *
 * Output in dist/web: index.html (home, prerendered), menu/index.html, 404.html, and the plain
 * shell for every other app route (reservation/, admin/login/, admin/dashboard/, admin/settings/),
 * which the browser renders itself. Each prerendered page names its route on #root so the browser
 * hydrates only matching markup (src/web/app/prerender-marker.ts).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Manifest, type Plugin } from 'vite';
import { restaurantProfile } from '../../src/domain/restaurant-profile.ts';
import { appPaths, paths } from '../../src/domain/routes.ts';
import type { RenderedPage } from '../../src/web/app/entry-server.tsx';
import { injectPage, robotsTxt, sitemapXml } from './html.ts';

type Namespace = 'home' | 'menu';

interface PrerenderedRoute {
  /** The URL rendered, and the marker the browser compares with its path. */
  route: string;
  url: string;
  file: string;
  /** The screen module, whose chunks are preloaded with the page. */
  screen: string;
  namespaces: Namespace[];
  extraHead?: string[];
}

const prerendered: PrerenderedRoute[] = [
  {
    route: paths.home,
    url: paths.home,
    file: 'index.html',
    screen: 'src/web/features/home/home-page.tsx',
    namespaces: ['home'],
  },
  {
    route: paths.menu,
    url: paths.menu,
    file: 'menu/index.html',
    screen: 'src/web/features/menu/menu-page.tsx',
    namespaces: ['menu'],
    // Call 7 starts with the page, not after the scripts.
    extraHead: ['<link rel="preload" href="/data/menu.json" as="fetch" crossorigin="anonymous" />'],
  },
  {
    route: '404',
    url: '/404',
    file: '404.html',
    screen: 'src/web/features/not-found/not-found-page.tsx',
    namespaces: [],
  },
];

/** Public pages search engines should list; staff pages are kept out. */
const sitemapPaths = [paths.home, paths.menu, paths.reservation];

const compressible = /\.(js|css|html|json|svg|txt|xml|webmanifest)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/**
 * What a screen needs beyond the entry: its chunks (its code, its messages, their imports) for
 * modulepreload, and their stylesheets, which must be in the page before it paints — loaded
 * later with the chunk, they would restyle (and shift) the prerendered content.
 */
function assetsOf(manifest: Manifest, entries: readonly string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, eager: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(`${key}:${eager}`)) return;
    seen.add(`${key}:${eager}`);
    if (eager && !chunk.isEntry) scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported, eager);
  };
  for (const entry of entries) {
    visit(entry, true);
    // Parts the screen itself loads later (the booking form) are prerendered too: their styles are needed now.
    for (const later of manifest[entry]?.dynamicImports ?? []) visit(later, false);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * A stylesheet written into the page: the CSS is small (about 4 KB compressed per page), and a
 * prerendered page that needs no stylesheet request paints a round trip sooner. (When a screen's
 * chunk loads, Vite fetches its stylesheet again; the same rules change nothing.)
 */
function inlineStyle(outDir: string, file: string): string {
  const css = readFileSync(join(outDir, file), 'utf8');
  if (css.includes('</style')) throw new Error(`${file} cannot be inlined`);
  return `<style>${css}</style>`;
}

function inlineStylesheets(html: string, outDir: string): string {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (_, file: string) =>
    inlineStyle(outDir, file),
  );
}

function writeFile(path: string, body: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, body);
}

function precompress(outDir: string): void {
  for (const file of walk(outDir)) {
    if (!compressible.test(file)) continue;
    const body = readFileSync(file);
    if (body.length < 512) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

async function prerender(root: string, outDir: string): Promise<void> {
  const ssrDir = join(root, 'dist', 'ssr');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    // Stylesheets that screens import from packages are for the browser only.
    ssr: { noExternal: [/\.css$/] },
    build: { ssr: 'src/web/app/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, target: 'node22' },
  });
  const { renderPage } = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as {
    renderPage: (url: string, namespaces: readonly Namespace[]) => Promise<RenderedPage>;
  };

  const manifestPath = join(outDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  // The manifest is a build input, not something to serve.
  rmSync(join(outDir, '.vite'), { recursive: true, force: true });
  const shell = readFileSync(join(outDir, 'index.html'), 'utf8');

  // Every other app route gets the plain shell, so none of them is served the home page's markup.
  for (const path of appPaths) {
    if (prerendered.some((page) => page.route === path)) continue;
    writeFile(join(outDir, path.slice(1), 'index.html'), shell);
  }

  for (const page of prerendered) {
    const { html, meta } = await renderPage(page.url, page.namespaces);
    if (!meta) throw new Error(`${page.url} rendered without page meta (usePageMeta)`);
    const assets = assetsOf(manifest, [
      page.screen,
      ...page.namespaces.map((namespace) => `src/web/locales/en/${namespace}.json`),
    ]);
    const links = [
      ...assets.styles.filter((file) => !shell.includes(`href="/${file}"`)).map((file) => inlineStyle(outDir, file)),
      ...assets.scripts
        .filter((file) => !shell.includes(`href="/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
    ];
    writeFile(
      join(outDir, page.file),
      injectPage(inlineStylesheets(shell, outDir), {
        route: page.route,
        body: html,
        head: {
          title: meta.title,
          description: meta.description,
          url: new URL(meta.path, restaurantProfile.website).href,
        },
        extraHead: [...links, ...(page.extraHead ?? [])],
      }),
    );
  }

  const site = restaurantProfile.website;
  writeFile(join(outDir, 'sitemap.xml'), sitemapXml(sitemapPaths.map((path) => new URL(path, site).href)));
  writeFile(join(outDir, 'robots.txt'), robotsTxt(new URL('/sitemap.xml', site).href, ['/admin/']));
}

export function prerenderPublicPages(options: { outDir: string }): Plugin {
  let root = process.cwd();
  return {
    name: 'prerender-public-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = join(root, options.outDir);
        await prerender(root, outDir);
        precompress(outDir);
      },
    },
  };
}
