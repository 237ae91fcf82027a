/**
 * createApp(): the whole HTTP server as one Hono app — middleware, the Supabase-compatible
 * surfaces, the spreadsheet receiver and the web app. main.ts serves it; tests call it in-process.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { ServerKeys } from './auth/keys.ts';
import type { TokenService } from './auth/tokens.ts';
import type { SessionLiveness } from './auth/session-liveness.ts';
import { authRoutes } from './auth/routes.ts';
import { restRoutes } from './rest/routes.ts';
import { sheetsConnectOrigins, sheetsRoutes, sheetsReceiverPath } from './sheets/routes.ts';
import { securityHeaders } from './http/security-headers.ts';
import { supabaseCors } from './http/cors.ts';
import { mountWebApp } from './static/web-app.ts';
import type { Logger } from './logger.ts';
import type { RateLimiter } from './rate-limit/rate-limiter.ts';

export interface AppDeps {
  config: Config;
  db: Database;
  keys: ServerKeys;
  tokens: TokenService;
  /** Whether an access token's session is still alive (REST, and any future realtime socket). */
  sessions: SessionLiveness;
  logger: Logger;
  rateLimiter: RateLimiter;
  /** How the server waits (the per-account sign-in delay); tests record the waits instead. */
  sleep: (ms: number) => Promise<void>;
  /** The built web app (dist/web); tests may point elsewhere. */
  webRoot: string;
}

export type AppEnv = { Variables: { requestId: string } };

/** Bodies larger than this are refused with 413 before they are read. */
export const maxBodyBytes = 64 * 1024;

function origin(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : [];
}

/** The public client configuration the browser reads from /config.json. */
export function publicClientConfig(config: Config, keys: ServerKeys, requestOrigin: string) {
  return {
    supabaseUrl: config.publicBackend?.url ?? requestOrigin,
    supabaseAnonKey: config.publicBackend?.anonKey ?? keys.anonKey,
    sheetsEndpoint: config.sheetsEndpoint ?? `${requestOrigin}${sheetsReceiverPath}`,
  };
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config, db, logger } = deps;
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info({
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });
  app.use(securityHeaders([...origin(config.publicBackend?.url), ...sheetsConnectOrigins(config.sheetsEndpoint)]));
  // Before the body limit, so a browser can read even a 413.
  app.use('/auth/v1/*', supabaseCors());
  app.use('/rest/v1/*', supabaseCors());
  app.use(
    bodyLimit({
      maxSize: maxBodyBytes,
      // One body that both clients read: auth-js takes code and message, postgrest-js the whole
      // PostgREST shape (details and hint included).
      onError: (c) =>
        c.json({ code: 'request_too_large', message: 'Request body is too large', details: null, hint: null }, 413),
    }),
  );

  app.get('/health', async (c) => {
    try {
      await Promise.race([
        db.query('select 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
      ]);
      return c.json({ status: 'ok', database: db.kind }, 200, { 'Cache-Control': 'no-store' });
    } catch {
      return c.json({ status: 'unavailable', database: db.kind }, 503, { 'Cache-Control': 'no-store' });
    }
  });

  app.get('/config.json', (c) =>
    c.json(publicClientConfig(config, deps.keys, new URL(c.req.url).origin), 200, { 'Cache-Control': 'no-store' }),
  );

  app.route('/auth/v1', authRoutes(deps));
  app.route('/rest/v1', restRoutes(deps));
  app.route('/', sheetsRoutes(deps));

  mountWebApp(app, deps.webRoot);

  app.notFound((c) => c.json({ code: 'not_found', message: 'Not found' }, 404));
  app.onError((error, c) => {
    logger.error({
      requestId: c.get('requestId'),
      err: { name: error.name, message: error.message, stack: error.stack },
    });
    return c.json({ code: 'unexpected_failure', message: 'Internal server error' }, 500);
  });
  return app;
}
