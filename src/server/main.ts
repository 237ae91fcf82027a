/**
 * The server program: reads the environment once, opens the database, and serves createApp().
 * SIGTERM/SIGINT stop taking connections, let requests in flight finish, close the database
 * and exit 0.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { serve } from '@hono/node-server';
import { connectOrigins, createApp } from './app.ts';
import type { AppDeps } from './app-deps.ts';
import { ensureStaffAccount } from './auth/accounts.ts';
import { loadKeys } from './auth/keys.ts';
import { createSessionLiveness, type SessionLiveness } from './auth/session-liveness.ts';
import { createTokenService } from './auth/tokens.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { secureDataDir } from './db/data-dir.ts';
import { openDatabase } from './db/open.ts';
import { clientErrorHandler } from './http/client-error.ts';
import { securityHeaderList } from './http/security-headers.ts';
import { createLogger } from './logger.ts';
import { type MailWorker, type MailWorkerOptions, startMailWorker } from './mail/mail-worker.ts';
import { createMemoryRateLimiter, unlimited } from './rate-limit/rate-limiter.ts';
import { createRedisRateLimiter } from './rate-limit/redis-rate-limiter.ts';
import { type RealtimeLimits, type RealtimeServer, startRealtime } from './realtime/realtime-server.ts';

export const projectRoot = join(import.meta.dirname, '..', '..');
export const defaultWebRoot = join(projectRoot, 'dist', 'web');

export interface RunningServer {
  url: string;
  port: number;
  /** What the app was built from (tests use the database and token service directly). */
  deps: AppDeps;
  /** The realtime endpoint (tests read how many sockets are open). */
  realtime: RealtimeServer;
  /** The booking-email worker (tests drain it). */
  mail: MailWorker;
  close(): Promise<void>;
}

export interface StartOptions {
  webRoot?: string;
  /** Replaces real waiting (tests record the sign-in delays instead of sitting through them). */
  sleep?: (ms: number) => Promise<void>;
  /** Other limits for the realtime sockets (tests shorten the idle timeout). */
  realtimeLimits?: Partial<RealtimeLimits>;
  /** Other timings for the mail worker (tests shorten the retry backoff). */
  mail?: Pick<MailWorkerOptions, 'retryBaseMs' | 'pollMs' | 'leaseMs'>;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  const tightened = secureDataDir(config.dataDir);
  if (tightened > 0) {
    logger.warn(
      { dataDir: config.dataDir, entries: tightened },
      'DATA_DIR was readable by other accounts of this machine: made it private (folders 0700, files 0600)',
    );
  }
  // The database first: it refuses a data folder whose keys survived but whose database did not.
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeoutMs: config.databaseTimeoutMs,
  });
  const keys = await loadKeys({
    dataDir: config.dataDir,
    privateKeyJwk: config.auth.privateKeyJwk,
    anonKey: config.auth.anonKey,
  }).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  if (config.admin) {
    await ensureStaffAccount(db, config.admin).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
  }
  const rateLimiter = !config.rateLimits
    ? unlimited
    : config.redisUrl
      ? createRedisRateLimiter(config.redisUrl, { logger })
      : createMemoryRateLimiter();
  const publicUrl = config.siteUrl ?? `http://localhost:${config.port}`;
  const tokens = await createTokenService(keys, { issuer: `${publicUrl}/auth/v1`, expiresIn: config.auth.jwtExpiry });
  // A session ended here (sign-out, refresh-token reuse) also ends its realtime channels at once.
  const liveness = createSessionLiveness(db);
  let realtime: RealtimeServer | undefined;
  const sessions: SessionLiveness = {
    isLive: (sessionId, userId) => liveness.isLive(sessionId, userId),
    ended(userId) {
      liveness.ended(userId);
      realtime?.sessionsEnded(userId);
    },
  };
  const deps: AppDeps = {
    config,
    db,
    keys,
    tokens,
    sessions,
    logger,
    rateLimiter,
    sleep: options.sleep ?? ((ms) => delay(ms)),
    webRoot: options.webRoot ?? defaultWebRoot,
  };
  const app = createApp(deps);
  const live = await startRealtime({
    db,
    tokens,
    sessions,
    anonKey: keys.anonKey,
    logger,
    rateLimiter,
    rateLimits: config.rateLimits,
    trustProxy: config.trustedProxies,
    limits: options.realtimeLimits,
  }).catch(async (error: unknown) => {
    await rateLimiter.close();
    await db.close();
    throw error;
  });
  realtime = live;

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    s.once('error', reject);
  });
  // WebSocket upgrades at /realtime/v1/websocket (Supabase Realtime's postgres_changes).
  live.attach(server as Server);
  const port = (server.address() as AddressInfo).port;
  const mail = startMailWorker({
    db,
    logger,
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    retentionDays: config.mail.retentionDays,
    siteUrl: () => config.siteUrl ?? `http://localhost:${port}`,
    ...options.mail,
  });
  server.on('clientError', clientErrorHandler(securityHeaderList(connectOrigins(config))));
  // Keep idle connections longer than clients and proxies do (Node's default is 5 s): a client
  // sending on a connection the server is just closing gets ECONNRESET, and a POST is not retried.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }

  let closing: Promise<void> | undefined;
  return {
    url: `http://localhost:${port}`,
    port,
    deps,
    realtime: live,
    mail,
    close() {
      closing ??= (async () => {
        await mail.close();
        // Realtime sockets first: an open socket would hold the HTTP server's close.
        await live.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Idle keep-alive sockets would hold close() open; requests in flight still finish.
          if ('closeIdleConnections' in server) server.closeIdleConnections();
        });
        await rateLimiter.close();
        await db.close();
      })();
      return closing;
    },
  };
}

export async function runMain(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await runMainWith(config);
}

/**
 * Starts the server for a validated configuration, prints where it is, and stops it on a signal.
 * `siteUrl` is where people open the site when that is not this server (the dev server's proxy).
 */
export async function runMainWith(config: Config, siteUrl?: string): Promise<RunningServer> {
  let running: RunningServer;
  try {
    running = await startServer(config);
  } catch (error) {
    console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log(
    `Saffron Lotus is running at ${siteUrl ?? running.url} (database: ${config.databaseUrl ? 'PostgreSQL' : `embedded, in ${config.dataDir}`})`,
  );
  if (!config.siteUrl) {
    console.log(
      "SITE_URL is not set: /config.json and links name this server by each request's Host header. Set SITE_URL to the public origin in production.",
    );
  }
  console.log(
    config.admin
      ? `Staff sign in at ${siteUrl ?? running.url}/admin/login as ${config.admin.email}.`
      : `Staff sign in at ${siteUrl ?? running.url}/admin/login. Create an account first: npm run admin -- create --email you@example.com --password 'a long password' (or set ADMIN_EMAIL and ADMIN_PASSWORD).`,
  );
  const stop = (signal: string) => {
    console.log(`${signal}: finishing requests in flight, then stopping.`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Could not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  console.log(
    config.mail.smtpUrl
      ? `Booking emails go out through ${new URL(config.mail.smtpUrl).host} from ${config.mail.from}.`
      : "Email is off (SMTP_URL is not set): confirmation and cancellation emails wait in the outbox until it is set; the confirmation panel after booking is the guest's confirmation.",
  );
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return running;
}

if (import.meta.main) await runMain();
