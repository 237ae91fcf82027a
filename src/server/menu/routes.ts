/**
 * The menu's data files, from the database: /data/menu.json (call 7's shape), its Vietnamese
 * translation /data/menu.vi.json, and /data/today.json (specials and each branch's sold-out and
 * hidden dishes). Revalidated on every use (ETag, 304), so a change shows at once. When the
 * database does not answer, the files the build shipped are served instead (the app's own copy).
 */
import { createHash } from 'node:crypto';
import type { Context, Env, MiddlewareHandler } from 'hono';
import { menuDataPath, menuTranslationPath } from '../../domain/menu.ts';
import { menuTodayPath } from '../../domain/menu-today.ts';
import type { Logger } from '../logger.ts';
import type { MenuSnapshot } from './menu-snapshot.ts';
import type { MenuSource } from './menu-source.ts';

const files: Record<string, (snapshot: MenuSnapshot) => unknown> = {
  [menuDataPath]: (snapshot) => snapshot.menu,
  [menuTranslationPath('vi')]: (snapshot) => snapshot.translations.vi,
  [menuTodayPath]: (snapshot) => snapshot.today,
};

function sendJson(c: Context, value: unknown): Response {
  const body = JSON.stringify(value);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache', ETag: etag };
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(c.req.method === 'HEAD' ? null : body, { status: 200, headers });
}

export function menuDataFiles<E extends Env>(source: MenuSource, logger: Logger): MiddlewareHandler<E> {
  return async (c, next) => {
    const file = files[c.req.path];
    if (!file || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    let snapshot: MenuSnapshot;
    try {
      snapshot = await source.current();
    } catch (error) {
      logger.error({
        msg: 'menu from the database failed; serving the built files',
        err: { name: (error as Error).name },
      });
      return next();
    }
    return sendJson(c, file(snapshot));
  };
}
