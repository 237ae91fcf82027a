/** Pure helpers of the prerender step: put a rendered page and its head tags into the built shell. */

export interface HeadValues {
  title: string;
  description: string;
  url: string;
}

/** One language's version of a page: its <html lang>, Open Graph locale and the other versions. */
export interface LanguageValues {
  /** BCP 47, for <html lang> and hreflang. */
  lang: string;
  /** Open Graph form (vi_VN) of this page's locale, and of the other languages'. */
  ogLocale: string;
  ogLocaleAlternates: readonly string[];
  /** The sharing image's description in this language. */
  imageAlt: string;
  /** Every language's version of the page (this one included) and the x-default. */
  alternates: readonly { hreflang: string; href: string }[];
}

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

function replaceOnce(html: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(html)) throw new Error(`The HTML shell has nothing matching ${pattern}`);
  return html.replace(pattern, () => replacement);
}

function setMeta(html: string, attribute: 'name' | 'property', key: string, content: string): string {
  return replaceOnce(
    html,
    new RegExp(`<meta ${attribute}="${key}" content="[^"]*"\\s*/?>`),
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`,
  );
}

/** The head of a page in one language: <html lang>, Open Graph locale, hreflang alternates, canonical. */
export function languageHead(
  language: LanguageValues,
  url: string,
): { html: (shell: string) => string; tags: string[] } {
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...language.alternates.map(
      (alternate) =>
        `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}" />`,
    ),
    ...language.ogLocaleAlternates.map(
      (locale) => `<meta property="og:locale:alternate" content="${escapeHtml(locale)}" />`,
    ),
  ];
  const html = (shell: string) => {
    let out = replaceOnce(shell, /<html lang="[^"]*">/, `<html lang="${escapeHtml(language.lang)}">`);
    out = setMeta(out, 'property', 'og:locale', language.ogLocale);
    return setMeta(out, 'property', 'og:image:alt', language.imageAlt);
  };
  return { html, tags };
}

/** The shell's title, description and sharing tags, its language when given, and extra head tags. */
export function injectHead(
  shell: string,
  page: { head: HeadValues; language?: LanguageValues; extraHead?: readonly string[] },
): string {
  let html = replaceOnce(shell, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.head.title)}</title>`);
  html = setMeta(html, 'name', 'description', page.head.description);
  html = setMeta(html, 'property', 'og:title', page.head.title);
  html = setMeta(html, 'property', 'og:description', page.head.description);
  html = setMeta(html, 'property', 'og:url', page.head.url);
  const extra = [...(page.extraHead ?? [])];
  if (page.language) {
    const language = languageHead(page.language, page.head.url);
    html = language.html(html);
    extra.unshift(...language.tags);
  }
  if (extra.length) html = replaceOnce(html, /<\/head>/, `${extra.join('\n    ')}\n  </head>`);
  return html;
}

export function injectPage(
  shell: string,
  page: { route: string; body: string; head: HeadValues; language?: LanguageValues; extraHead?: readonly string[] },
): string {
  const html = injectHead(shell, page);
  return replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<div id="root" data-prerendered="${escapeHtml(page.route)}">${page.body}</div>`,
  );
}

/**
 * The sitemap: each URL, and (Google's form of hreflang in a sitemap) every language's version of
 * it, itself included, plus the x-default.
 */
export function sitemapXml(
  entries: readonly (string | { url: string; alternates: readonly { hreflang: string; href: string }[] })[],
): string {
  const lines = entries.map((entry) => {
    if (typeof entry === 'string') return `  <url><loc>${escapeHtml(entry)}</loc></url>`;
    const links = entry.alternates.map(
      (alternate) =>
        `\n    <xhtml:link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}" />`,
    );
    return `  <url>\n    <loc>${escapeHtml(entry.url)}</loc>${links.join('')}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${lines.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(sitemapUrl: string, disallow: readonly string[]): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallow.map((path) => `Disallow: ${path}`),
    `Sitemap: ${sitemapUrl}`,
    '',
  ].join('\n');
}
