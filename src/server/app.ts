/**
 * createApp(): the whole HTTP server as one Hono app — middleware, the Supabase-compatible
 * surfaces, the spreadsheet receiver and the web app. main.ts serves it; tests call it in-process.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { matchManageLink } from '../domain/routes.ts';
import type { AppDeps } from './app-deps.ts';
import type { ServerKeys } from './auth/keys.ts';
import { authRoutes } from './auth/routes.ts';
import { dataLinkPage, manageBookingPage } from './booking/manage-page.ts';
import type { Config } from './config.ts';
import { sqlState } from './db/database.ts';
import { supabaseCors } from './http/cors.ts';
import { loggedPath } from './http/log-path.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createMenuSource } from './menu/menu-source.ts';
import { menuDataFiles } from './menu/routes.ts';
import { restRoutes } from './rest/routes.ts';
import { sheetsConnectOrigins, sheetsReceiverPath, sheetsRoutes } from './sheets/routes.ts';
import { createLivePages } from './static/live-pages.ts';
import { mountWebApp, privateHeaders } from './static/web-app.ts';
import { storagePath, storageRoutes } from './storage/routes.ts';
import { teamRoutes } from './team/routes.ts';

export type AppEnv = { Variables: { requestId: string } };

/** Bodies larger than this are refused with 413 before they are read. */
export const maxBodyBytes = 64 * 1024;

function origin(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : [];
}

/**
 * The public client configuration the browser reads from /config.json. It names this server by
 * SITE_URL when set: the request's own origin comes from its Host header, which the client
 * chooses (a poisoned cache or a misrouted request could otherwise hand out another backend).
 */
export function publicClientConfig(config: Config, keys: ServerKeys, requestOrigin: string) {
  const site = config.siteUrl ?? requestOrigin;
  return {
    supabaseUrl: config.publicBackend?.url ?? site,
    supabaseAnonKey: config.publicBackend?.anonKey ?? keys.anonKey,
    sheetsEndpoint: config.sheetsEndpoint ?? `${site}${sheetsReceiverPath}`,
  };
}

/**
 * The WebSocket origin of an http(s) URL: the live dashboard's realtime socket. CSP 3 lets 'self'
 * and an https: source cover ws: and wss: too; browsers from before it need them named.
 */
function websocketOrigin(url: string | undefined): string[] {
  if (!url) return [];
  const { protocol, host } = new URL(url);
  return [`${protocol === 'https:' ? 'wss' : 'ws'}://${host}`];
}

/** Origins the page may connect to besides its own (CSP connect-src). */
export function connectOrigins(config: Config): string[] {
  return [
    ...origin(config.siteUrl),
    ...origin(config.publicBackend?.url),
    ...websocketOrigin(config.siteUrl),
    ...websocketOrigin(config.publicBackend?.url),
    ...sheetsConnectOrigins(config.sheetsEndpoint),
  ];
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config, db, logger } = deps;
  const app = new Hono<AppEnv>();

  // Operations first: the metrics time every request, and /ready, /metrics answer before the rest.
  if (deps.ops) {
    app.use(deps.ops.metrics.middleware());
    app.route('/', deps.ops.routes(db));
  }
  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info({
      requestId: c.get('requestId'),
      method: c.req.method,
      path: loggedPath(c.req.path),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });
  // Registered before the security headers, so it runs after them: on a manage link's path (any
  // language, method or answer, the 404s included) the stricter Referrer-Policy replaces the
  // site's default (its token must not leave in a Referer), and nothing is cached or indexed.
  app.use(async (c, next) => {
    await next();
    if (matchManageLink(c.req.path)) for (const [name, value] of Object.entries(privateHeaders)) c.header(name, value);
  });
  app.use(securityHeaders(connectOrigins(config)));
  // Before the body limit, so a browser can read even a 413.
  app.use('/auth/v1/*', supabaseCors());
  app.use('/rest/v1/*', supabaseCors());
  app.use('/functions/v1/*', supabaseCors());
  const limitBody = bodyLimit({
    maxSize: maxBodyBytes,
    // One body that both clients read: auth-js takes code and message, postgrest-js the whole
    // PostgREST shape (details and hint included). The rest of the body may still be arriving:
    // the connection closes after this answer, so the client does not send its next request
    // on a socket that is about to be shut.
    onError: (c) =>
      c.json({ code: 'request_too_large', message: 'Request body is too large', details: null, hint: null }, 413, {
        Connection: 'close',
      }),
  });
  // Storage takes photos, larger than any other body: it sets its own limit (src/server/storage).
  app.use((c, next) => (c.req.path.startsWith(`${storagePath}/`) ? next() : limitBody(c, next)));

  app.get('/health', async (c) => {
    // Never waits on the database's queue: a database busy with heavy queries but still making
    // progress is healthy, and says so at once.
    const health = await db.health(2000);
    const status = health === 'unavailable' ? 'unavailable' : 'ok';
    return c.json(
      { status, database: db.kind, ...(health === 'busy' ? { busy: true } : {}) },
      health === 'unavailable' ? 503 : 200,
      { 'Cache-Control': 'no-store' },
    );
  });

  app.get('/config.json', (c) =>
    c.json(publicClientConfig(config, deps.keys, new URL(c.req.url).origin), 200, { 'Cache-Control': 'no-store' }),
  );

  app.route('/auth/v1', authRoutes(deps));
  app.route('/rest/v1', restRoutes(deps));
  // Where hosted Supabase serves Edge Functions: the team screen's endpoint (src/server/team).
  app.route('/functions/v1', teamRoutes(deps));
  app.route(storagePath, storageRoutes(deps));
  app.route('/', sheetsRoutes(deps));

  // The menu's data files and pages come from the database (src/server/menu), ahead of the build's copies.
  const menu = createMenuSource(db);
  app.use('/data/*', menuDataFiles(menu, logger));
  const livePages = createLivePages(deps.webRoot, menu, logger);
  mountWebApp(app, deps.webRoot, [dataLinkPage(deps), manageBookingPage(deps)], livePages?.page);

  app.notFound((c) => c.json({ code: 'not_found', message: 'Not found' }, 404));
  app.onError((error, c) => {
    const code = sqlState(error);
    if (code) {
      // A database error no surface mapped: its SQLSTATE only, as its message can quote a guest's data.
      logger.error({ requestId: c.get('requestId'), err: { name: error.name, sqlState: code } });
      if (code === '57014') return c.json({ code, message: 'The database did not answer in time' }, 504);
      if (code.startsWith('08') || code.startsWith('53')) {
        return c.json({ code, message: 'The database is not available' }, 503, { 'Retry-After': '5' });
      }
      return c.json({ code: 'unexpected_failure', message: 'Internal server error' }, 500);
    }
    logger.error({
      requestId: c.get('requestId'),
      err: { name: error.name, message: error.message, stack: error.stack },
    });
    return c.json({ code: 'unexpected_failure', message: 'Internal server error' }, 500);
  });
  return app;
}
