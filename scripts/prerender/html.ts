/** Pure helpers of the prerender step: put a rendered page and its head tags into the built shell. */

export interface HeadValues {
  title: string;
  description: string;
  url: string;
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

export function injectPage(
  shell: string,
  page: { route: string; body: string; head: HeadValues; extraHead?: readonly string[] },
): string {
  let html = replaceOnce(shell, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.head.title)}</title>`);
  html = setMeta(html, 'name', 'description', page.head.description);
  html = setMeta(html, 'property', 'og:title', page.head.title);
  html = setMeta(html, 'property', 'og:description', page.head.description);
  html = setMeta(html, 'property', 'og:url', page.head.url);
  if (page.extraHead?.length) html = replaceOnce(html, /<\/head>/, `${page.extraHead.join('\n    ')}\n  </head>`);
  return replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<div id="root" data-prerendered="${escapeHtml(page.route)}">${page.body}</div>`,
  );
}

export function sitemapXml(urls: readonly string[]): string {
  const entries = urls.map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
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
