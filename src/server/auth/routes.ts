/** /auth/v1: the GoTrue subset supabase-js uses (built in the backend issue). */
import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';

export function authRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get('/.well-known/jwks.json', (c) => c.json(deps.tokens.jwks(), 200, { 'Cache-Control': 'public, max-age=600' }));
  return app;
}
