/** /rest/v1: the PostgREST subset supabase-js uses (built in the backend issue). */
import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';

export function restRoutes(_deps: AppDeps): Hono {
  return new Hono();
}
