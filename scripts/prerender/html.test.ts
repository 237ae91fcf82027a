import { describe, expect, it } from 'vitest';
import { injectHead, injectPage, robotsTxt, sitemapXml } from './html.ts';

const shell = `<!doctype html><html><head>
<title>Default</title>
<meta name="description" content="default" />
<meta property="og:title" content="default" />
<meta property="og:description" content="default" />
<meta property="og:url" content="https://example.test/" />
</head><body><div id="root"></div></body></html>`;

describe('injectPage', () => {
  it('writes the page, its marker and its head tags, escaped', () => {
    const html = injectPage(shell, {
      route: '/menu',
      body: '<h1>Our Menu</h1>',
      head: { title: 'Menu & more', description: 'Say "hi"', url: 'https://example.test/menu' },
      extraHead: ['<link rel="preload" href="/data/menu.json" as="fetch" crossorigin="anonymous" />'],
    });
    expect(html).toContain('<title>Menu &amp; more</title>');
    expect(html).toContain('<meta name="description" content="Say &quot;hi&quot;" />');
    expect(html).toContain('<meta property="og:title" content="Menu &amp; more" />');
    expect(html).toContain('<meta property="og:url" content="https://example.test/menu" />');
    expect(html).toContain('<div id="root" data-prerendered="/menu"><h1>Our Menu</h1></div>');
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('refuses a shell it cannot fill', () => {
    expect(() =>
      injectPage('<html></html>', { route: '/', body: '', head: { title: 't', description: 'd', url: 'u' } }),
    ).toThrow(/nothing matching/);
  });
});

describe('sitemap and robots', () => {
  it('lists absolute URLs and points robots at the sitemap', () => {
    expect(sitemapXml(['https://example.test/', 'https://example.test/menu'])).toContain(
      '<url><loc>https://example.test/menu</loc></url>',
    );
    expect(robotsTxt('https://example.test/sitemap.xml', ['/admin/'])).toBe(
      'User-agent: *\nAllow: /\nDisallow: /admin/\nSitemap: https://example.test/sitemap.xml\n',
    );
  });
});

describe('a page in one language', () => {
  const localized = `<!doctype html><html lang="en"><head>
<title>Default</title>
<meta name="description" content="default" />
<meta property="og:locale" content="en_US" />
<meta property="og:title" content="default" />
<meta property="og:description" content="default" />
<meta property="og:url" content="https://example.test/" />
<meta property="og:image:alt" content="default" />
</head><body><div id="root"></div></body></html>`;
  const alternates = [
    { hreflang: 'en', href: 'https://example.test/menu' },
    { hreflang: 'vi', href: 'https://example.test/vi/menu' },
    { hreflang: 'x-default', href: 'https://example.test/menu' },
  ];

  it('sets <html lang>, the Open Graph locale, canonical and hreflang alternates', () => {
    const html = injectHead(localized, {
      head: { title: 'Thực đơn', description: 'Món ăn', url: 'https://example.test/vi/menu' },
      language: { lang: 'vi', ogLocale: 'vi_VN', ogLocaleAlternates: ['en_US'], imageAlt: 'Ảnh', alternates },
    });
    expect(html).toContain('<html lang="vi">');
    expect(html).toContain('<meta property="og:locale" content="vi_VN" />');
    expect(html).toContain('<meta property="og:locale:alternate" content="en_US" />');
    expect(html).toContain('<meta property="og:image:alt" content="Ảnh" />');
    expect(html).toContain('<link rel="canonical" href="https://example.test/vi/menu" />');
    for (const alternate of alternates) {
      expect(html).toContain(`<link rel="alternate" hreflang="${alternate.hreflang}" href="${alternate.href}" />`);
    }
    expect(html.indexOf('hreflang="vi"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('lists every language version of a URL in the sitemap', () => {
    const xml = sitemapXml([{ url: 'https://example.test/vi/menu', alternates }]);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain('<loc>https://example.test/vi/menu</loc>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://example.test/menu" />');
  });
});
