import { describe, expect, it } from 'vitest';
import { injectPage, robotsTxt, sitemapXml } from './html.ts';

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
