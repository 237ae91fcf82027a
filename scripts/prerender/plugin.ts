/**
 * The build's last step (a Vite plugin, so `vite build` does it all): render the public pages to
 * HTML with the app's own components, write robots.txt and sitemap.xml, then write .br/.gz twins
 * of every text file for the server to send as they are.
 *
 * Output in dist/web, for every language (English at the root, Vietnamese under vi/): index.html
 * (home), menu/index.html, reservation/index.html, branches/<slug>/index.html and 404.html
 * prerendered, and the shell for every
 * other app route (admin/login/, admin/dashboard/, admin/settings/, admin/account/), in its
 * language, which the browser renders itself. Each prerendered page names its route on #root so the browser
 * hydrates only matching markup (src/web/site/prerender-marker.ts).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Manifest, type Plugin } from 'vite';
import { menuDataPath, menuTranslationPath } from '../../src/domain/menu.ts';
import { restaurantProfile } from '../../src/domain/restaurant-profile.ts';
import {
  branchPaths,
  defaultLanguage,
  type Language,
  languagePrefix,
  languages,
  languageTags,
  localizePath,
  paths,
} from '../../src/domain/routes.ts';
import type { RenderedPage } from '../../src/web/app/entry-server.tsx';
import type { Namespace } from '../../src/web/shared/i18n/i18n.ts';
import { notFoundMarker } from '../../src/web/site/prerender-marker.ts';
import { injectHead, injectPage, type LanguageValues, robotsTxt, sitemapXml } from './html.ts';

/**
 * The public pages, by their English path (src/domain/routes.ts). Each is built in every language
 * (/menu and /vi/menu …) with its <html lang>, hreflang alternates and sitemap entries: a new
 * public page is one entry here (and its path in routes.ts).
 */
interface PublicPage {
  path: string;
  /** The screen module, whose chunks are preloaded with the page; absent: the app shell, rendered by the browser. */
  screen?: string;
  namespaces: Namespace[];
  extraHead?: (language: Language) => string[];
}

const publicPages: PublicPage[] = [
  { path: paths.home, screen: 'src/web/site/features/home/home-page.tsx', namespaces: ['home'] },
  {
    path: paths.menu,
    screen: 'src/web/site/features/menu/menu-page.tsx',
    namespaces: ['menu'],
    // Call 7 (and the menu's translation) start with the page, not after the scripts.
    extraHead: (language) =>
      [menuDataPath, ...(language === defaultLanguage ? [] : [menuTranslationPath(language)])].map(
        (href) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous" />`,
      ),
  },
  // With its form: a form that arrived with the code would push the footer down (CLS 0.21).
  {
    path: paths.reservation,
    screen: 'src/web/site/features/reservation/reservation-page.tsx',
    namespaces: ['reservation'],
  },
  // The privacy notice (issue 25), linked from both booking forms.
  { path: paths.privacy, screen: 'src/web/site/features/privacy/privacy-page.tsx', namespaces: ['privacy'] },
  // Each branch's page, with its own title, description and schema.org JSON-LD in the HTML.
  ...branchPaths.map(
    (path): PublicPage => ({
      path,
      screen: 'src/web/site/features/branches/branch-page.tsx',
      namespaces: ['branches'],
    }),
  ),
];

const notFoundPage = { screen: 'src/web/site/features/not-found/not-found-page.tsx', namespaces: [] as Namespace[] };

/** Robots keep out of the staff screens, the booking-manage links and the APIs. */
const disallowed = [
  ...languages.map((language) => `${localizePath('/admin', language)}/`),
  ...languages.map((language) => `${localizePath('/booking', language)}/`),
  '/auth/',
  '/rest/',
  '/realtime/',
  '/sheets/',
];

/** The built file of a URL path: '/' → index.html, '/vi/menu' → vi/menu/index.html. */
function fileOf(url: string): string {
  return url === '/' ? 'index.html' : `${url.slice(1)}/index.html`;
}

type Common = { site: { title: string; description: string; imageAlt: string } };

function languageValues(path: string, language: Language, common: Record<Language, Common>): LanguageValues {
  const site = restaurantProfile.website;
  return {
    lang: languageTags[language].bcp47,
    ogLocale: languageTags[language].openGraph,
    ogLocaleAlternates: languages.filter((other) => other !== language).map((other) => languageTags[other].openGraph),
    imageAlt: common[language].site.imageAlt,
    alternates: alternatesOf(path, site),
  };
}

function alternatesOf(path: string, site: string): { hreflang: string; href: string }[] {
  return [
    ...languages.map((other) => ({
      hreflang: languageTags[other].bcp47,
      href: new URL(localizePath(path, other), site).href,
    })),
    { hreflang: 'x-default', href: new URL(localizePath(path, defaultLanguage), site).href },
  ];
}

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
    renderPage: (url: string, namespaces: readonly Namespace[], language: Language) => Promise<RenderedPage>;
  };

  const manifestPath = join(outDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  // The manifest is a build input, not something to serve.
  rmSync(join(outDir, '.vite'), { recursive: true, force: true });
  const shell = readFileSync(join(outDir, 'index.html'), 'utf8');

  const common = Object.fromEntries(
    languages.map((language) => [
      language,
      JSON.parse(readFileSync(join(root, 'src/web/shared/locales', language, 'common.json'), 'utf8')) as Common,
    ]),
  ) as Record<Language, Common>;
  const site = restaurantProfile.website;
  const base = inlineStylesheets(shell, outDir);

  // Every app route gets a shell in its language (the staff screens without alternates: they are not
  // for search engines), so none of them is served the home page's markup.
  const publicPaths = new Set(publicPages.map((page) => page.path));
  for (const language of languages) {
    for (const path of Object.values(paths)) {
      if (publicPages.some((page) => page.path === path && page.screen)) continue;
      const url = localizePath(path, language);
      const values = languageValues(path, language, common);
      writeFile(
        join(outDir, fileOf(url)),
        injectHead(shell, {
          head: { ...common[language].site, url: new URL(url, site).href },
          language: publicPaths.has(path) ? values : { ...values, alternates: [] },
        }),
      );
    }
  }

  const render = async (
    page: { screen: string; namespaces: Namespace[]; extraHead?: (language: Language) => string[] },
    url: string,
    route: string,
    language: Language,
    values: LanguageValues,
  ): Promise<string> => {
    const { html, meta } = await renderPage(url, page.namespaces, language);
    if (!meta) throw new Error(`${url} rendered without page meta (usePageMeta)`);
    const assets = assetsOf(manifest, [
      page.screen,
      ...page.namespaces.map((namespace) => `src/web/shared/locales/${language}/${namespace}.json`),
    ]);
    const links = [
      ...assets.styles.filter((file) => !shell.includes(`href="/${file}"`)).map((file) => inlineStyle(outDir, file)),
      ...assets.scripts
        .filter((file) => !shell.includes(`href="/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
    ];
    return injectPage(base, {
      route,
      body: html,
      head: { title: meta.title, description: meta.description, url: new URL(meta.path, site).href },
      language: values,
      extraHead: [...links, ...(page.extraHead?.(language) ?? [])],
    });
  };

  for (const language of languages) {
    for (const page of publicPages) {
      if (!page.screen) continue;
      const url = localizePath(page.path, language);
      const values = languageValues(page.path, language, common);
      writeFile(join(outDir, fileOf(url)), await render({ ...page, screen: page.screen }, url, url, language, values));
    }
    // The 404 page: one per language, with no alternates (it is no page of its own).
    const notFoundUrl = localizePath('/404', language);
    const values = { ...languageValues('/404', language, common), alternates: [] };
    const file = language === defaultLanguage ? '404.html' : `${languagePrefix(language).slice(1)}/404.html`;
    writeFile(join(outDir, file), await render(notFoundPage, notFoundUrl, notFoundMarker, language, values));
  }

  const sitemapEntries = publicPages.flatMap((page) =>
    languages.map((language) => ({
      url: new URL(localizePath(page.path, language), site).href,
      alternates: alternatesOf(page.path, site),
    })),
  );
  writeFile(join(outDir, 'sitemap.xml'), sitemapXml(sitemapEntries));
  writeFile(join(outDir, 'robots.txt'), robotsTxt(new URL('/sitemap.xml', site).href, disallowed));
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
