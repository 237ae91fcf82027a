/** The private page of mountWebApp (the manage link) against a small built app of its own. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { matchManageLink } from '../../domain/routes.ts';
import { mountWebApp, type PrivatePage } from './web-app.ts';

const root = mkdtempSync(join(tmpdir(), 'saffron-web-app-'));
const page = (lang: string, title: string) =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title></head></html>`;
mkdirSync(join(root, 'vi'));
writeFileSync(join(root, 'index.html'), page('en', 'Home'));
writeFileSync(join(root, '404.html'), page('en', 'Not found'));
writeFileSync(join(root, 'vi', 'index.html'), page('vi', 'Trang chủ'));
writeFileSync(join(root, 'vi', '404.html'), page('vi', 'Không tìm thấy'));
writeFileSync(join(root, 'booking.html'), page('en', 'Your booking'));
writeFileSync(join(root, 'vi', 'booking.html'), page('vi', 'Đặt bàn của bạn'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function appWith(options: { wait?: number; fails?: boolean } = {}) {
  const lookedUp: string[] = [];
  const privatePage: PrivatePage = {
    page: 'booking.html',
    match(path) {
      const link = matchManageLink(path);
      return link && { language: link.language, key: link.token };
    },
    throttle: async () => options.wait ?? 0,
    async exists(key) {
      lookedUp.push(key);
      if (options.fails) throw new Error('database down');
      return key === 'open-sesame';
    },
  };
  const app = new Hono();
  mountWebApp(app, root, [privatePage]);
  return { app, lookedUp };
}

async function read(app: Hono, path: string) {
  const response = await app.request(path);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

describe('a private page', () => {
  it('answers in the language of its path, with and without a trailing slash', async () => {
    const { app } = appWith();
    for (const [path, status, lang, title] of [
      ['/booking/open-sesame', 200, 'en', 'Your booking'],
      ['/booking/open-sesame/', 200, 'en', 'Your booking'],
      ['/vi/booking/open-sesame', 200, 'vi', 'Đặt bàn của bạn'],
      ['/vi/booking/open-sesame/', 200, 'vi', 'Đặt bàn của bạn'],
      ['/booking/wrong', 404, 'en', 'Your booking'],
      ['/vi/booking/wrong/', 404, 'vi', 'Đặt bàn của bạn'],
      ['/vi/booking/open-sesame/more', 404, 'vi', 'Không tìm thấy'],
      ['/vi/booking/', 404, 'vi', 'Không tìm thấy'],
    ] as const) {
      const answer = await read(app, path);
      expect(answer.status, path).toBe(status);
      expect(answer.html, path).toContain(`<html lang="${lang}">`);
      expect(answer.html, path).toContain(`<title>${title}</title>`);
      expect(answer.html, path).toContain('<meta name="referrer" content="no-referrer" />');
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
      expect(answer.headers.get('x-robots-tag'), path).toBe('noindex, nofollow');
      expect(answer.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });

  it('over its limit answers 429 with Retry-After and the app, and looks nothing up', async () => {
    const { app, lookedUp } = appWith({ wait: 17 });
    const answer = await read(app, '/vi/booking/open-sesame');
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('17');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.html).toContain('<html lang="vi">');
    expect(lookedUp).toEqual([]);
  });

  it('answers 503 with the app when the look-up fails', async () => {
    const { app } = appWith({ fails: true });
    const answer = await read(app, '/vi/booking/open-sesame');
    expect(answer.status).toBe(503);
    expect(answer.html).toContain('<html lang="vi">');
  });
});
