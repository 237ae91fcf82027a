/**
 * The build's last step (a Vite plugin, so `vite build` does it all): render the site's pages to
 * HTML with their own components (src/web/site/entry-server.tsx), write robots.txt and
 * sitemap.xml, then write .br/.gz twins of every text file for the server to send as they are.
 *
 * Output in dist/web, for every language (English at the root, Vietnamese under vi/): the site's
 * pages (index.html for home, menu/, reservation/, privacy/, branches/<slug>/, 404.html, and the
 * manage link's two templates booking.html and booking-data.html), each with its page's CSS
 * written in and one script, the site's boot script (its islands load their own code when needed);
 * and the staff app's shell (staff.html) at every staff route (admin/login/, admin/dashboard/ …),
 * which the browser renders itself.
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
import type { RenderedPage } from '../../src/web/site/entry-server.tsx';
import { notFoundRoute, templatePaths } from '../../src/web/site/page-kinds.ts';
import { injectHead, injectPage, type LanguageValues, robotsTxt, sitemapXml } from './html.ts';

/**
 * The public pages, by their English path (src/domain/routes.ts). Each is built in every language
 * (/menu and /vi/menu …) with its <html lang>, hreflang alternates and sitemap entries: a new
 * public page is one entry here (and its path in routes.ts).
 */
interface PublicPage {
  path: string;
  /** The page's module: its stylesheets (and its islands') are written into the page. */
  screen: string;
  extraHead?: (language: Language) => string[];
}

const frameModule = 'src/web/site/frame.tsx';

const publicPages: PublicPage[] = [
  { path: paths.home, screen: 'src/web/site/features/home/home-page.tsx' },
  {
    path: paths.menu,
    screen: 'src/web/site/features/menu/menu-page.tsx',
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
  },
  // The privacy notice (issue 25), linked from both booking forms.
  { path: paths.privacy, screen: 'src/web/site/features/privacy/privacy-page.tsx' },
  // Each branch's page, with its own title, description and schema.org JSON-LD in the HTML.
  ...branchPaths.map(
    (path): PublicPage => ({
      path,
      screen: 'src/web/site/features/branches/branch-page.tsx',
    }),
  ),
];

const notFoundPage = { screen: 'src/web/site/features/not-found/not-found-page.tsx' };
/** The manage link's pages, rendered once each (src/web/site/pages.tsx), served by the server for any secret. */
const templates = [
  {
    path: templatePaths.manageBooking,
    file: 'booking.html',
    screen: 'src/web/site/features/booking/manage-booking-island.tsx',
  },
  {
    path: templatePaths.dataLink,
    file: 'booking-data.html',
    screen: 'src/web/site/features/booking/data-link-island.tsx',
  },
];
/** Every module whose stylesheets a site page needs: the client build makes each an entry (vite.config.ts). */
export const siteStyleEntries = [
  frameModule,
  ...new Set([...publicPages, notFoundPage, ...templates].map((page) => page.screen)),
];

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

/** The stylesheets a module needs, its imports' included, in order: written into the page before it paints. */
function stylesOf(manifest: Manifest, entries: readonly string[]): string[] {
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) styles.add(css);
  };
  for (const entry of entries) visit(entry);
  return [...styles];
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
    // Stylesheets that pages import from packages are for the browser only.
    ssr: { noExternal: [/\.css$/] },
    build: { ssr: 'src/web/site/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, target: 'node22' },
  });
  const { renderPage } = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as {
    renderPage: (url: string, language: Language) => Promise<RenderedPage>;
  };

  const manifestPath = join(outDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  // The manifest is a build input, not something to serve.
  rmSync(join(outDir, '.vite'), { recursive: true, force: true });
  const siteShell = inlineStylesheets(readFileSync(join(outDir, 'index.html'), 'utf8'), outDir);
  const staffShell = readFileSync(join(outDir, 'staff.html'), 'utf8');
  rmSync(join(outDir, 'staff.html'));

  const common = Object.fromEntries(
    languages.map((language) => [
      language,
      JSON.parse(readFileSync(join(root, 'src/web/shared/locales', language, 'common.json'), 'utf8')) as Common,
    ]),
  ) as Record<Language, Common>;
  const site = restaurantProfile.website;

  // Every staff route gets the staff app's shell in its language, without alternates (not for search engines).
  for (const language of languages) {
    for (const path of Object.values(paths)) {
      if (!path.startsWith('/admin')) continue;
      const url = localizePath(path, language);
      writeFile(
        join(outDir, fileOf(url)),
        injectHead(staffShell, {
          head: { ...common[language].site, url: new URL(url, site).href },
          language: { ...languageValues(path, language, common), alternates: [] },
        }),
      );
    }
  }

  const render = async (
    page: { screen: string; extraHead?: (language: Language) => string[] },
    url: string,
    route: string,
    language: Language,
    values: LanguageValues,
  ): Promise<string> => {
    const { html, meta } = await renderPage(url, language);
    if (!meta) throw new Error(`${url} rendered without page meta (usePageMeta)`);
    const styles = stylesOf(manifest, [frameModule, page.screen])
      .filter((file) => !siteShell.includes(`href="/${file}"`))
      .map((file) => inlineStyle(outDir, file));
    return injectPage(siteShell, {
      route,
      body: html,
      head: { title: meta.title, description: meta.description, url: new URL(meta.path, site).href },
      language: values,
      extraHead: [...styles, ...(page.extraHead?.(language) ?? [])],
    });
  };

  for (const language of languages) {
    for (const page of publicPages) {
      const url = localizePath(page.path, language);
      const values = languageValues(page.path, language, common);
      writeFile(join(outDir, fileOf(url)), await render(page, url, url, language, values));
    }
    const prefix = language === defaultLanguage ? '' : `${languagePrefix(language).slice(1)}/`;
    // The 404 page and the manage link's templates: one per language, with no alternates (no pages of their own).
    const notFoundUrl = localizePath('/404', language);
    const notFoundValues = { ...languageValues('/404', language, common), alternates: [] };
    writeFile(
      join(outDir, `${prefix}404.html`),
      await render(notFoundPage, notFoundUrl, notFoundRoute, language, notFoundValues),
    );
    for (const template of templates) {
      const url = localizePath(template.path, language);
      const values = { ...languageValues(template.path, language, common), alternates: [] };
      writeFile(join(outDir, `${prefix}${template.file}`), await render(template, url, url, language, values));
    }
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
