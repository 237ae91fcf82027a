/** The Apps-Script-compatible receiver the /reservation page posts to by default (call 8). */
import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';

export const sheetsReceiverPath = '/sheets/exec';

export function sheetsRoutes(_deps: AppDeps): Hono {
  return new Hono();
}
