/**
 * What the HTTP server is built from. Its own module, so the route modules that take these
 * dependencies do not import the app that mounts them.
 */

import type { ServerKeys } from './auth/keys.ts';
import type { SessionLiveness } from './auth/session-liveness.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Logger } from './logger.ts';
import type { Ops } from './ops/ops.ts';
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
  /** Readiness, metrics and the graceful stop (src/server/ops); absent in apps built by tests. */
  ops?: Ops;
}
