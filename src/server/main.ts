/**
 * The server program: reads the environment once, opens the database, and serves createApp().
 * SIGTERM/SIGINT stop taking connections, let requests in flight finish, close the database
 * and exit 0.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { serve } from '@hono/node-server';
import { connectOrigins, createApp } from './app.ts';
import type { AppDeps } from './app-deps.ts';
import { ensureStaffAccount, hasOwnerAccount } from './auth/accounts.ts';
import { loadKeys } from './auth/keys.ts';
import { createSessionLiveness, type SessionLiveness } from './auth/session-liveness.ts';
import { createTokenService } from './auth/tokens.ts';
import { type BookingJobs, type BookingJobsOptions, startBookingJobs } from './booking/booking-jobs.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { secureDataDir } from './db/data-dir.ts';
import { openDatabase } from './db/open.ts';
import { type CompactionJob, startCompactionJob } from './guests/compaction-job.ts';
import { type RetentionJob, startRetentionJob } from './guests/retention-job.ts';
import { clientErrorHandler } from './http/client-error.ts';
import { securityHeaderList } from './http/security-headers.ts';
import { createLogger } from './logger.ts';
import { type MailWorker, type MailWorkerOptions, startMailWorker } from './mail/mail-worker.ts';
import { createOps, describeOps, type Ops } from './ops/ops.ts';
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
  /** Reminders and the waitlist's offers and holds (tests run a pass). */
  bookingJobs: BookingJobs;
  /** Operations: readiness, metrics, backups (src/server/ops). */
  ops: Ops;
  /** The daily erasure of old bookings' personal data (tests run it with their own clock). */
  retention: RetentionJob;
  compaction: CompactionJob;
  /** The separate /metrics listener's port (METRICS_PORT), when there is one. */
  metricsPort: number | undefined;
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
  /** The booking jobs' clock and period (tests move the clock). */
  bookingJobs?: Pick<BookingJobsOptions, 'clock' | 'intervalMs'>;
  /** The retention job's clock (tests stand in the future). */
  clock?: () => Date;
  /** How soon after an erasure its tables are compacted (tests need not wait the default). */
  compactionDelayMs?: number;
  /** Where log lines go besides (or instead of) stdout: tests read what the server logged. */
  logDestination?: { write(line: string): void };
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = createLogger(config.logLevel, options.logDestination);
  const tightened = secureDataDir(config.dataDir);
  if (tightened > 0) {
    logger.warn(
      { dataDir: config.dataDir, entries: tightened },
      'DATA_DIR was readable by other accounts of this machine: made it private (folders 0700, files 0600)',
    );
  }
  const ops = createOps(config, logger);
  // The database first: it refuses a data folder whose keys survived but whose database did not.
  const db = ops.metrics.instrument(
    await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      timeoutMs: config.databaseTimeoutMs,
      onChangedMigrations: (names) =>
        logger.warn(
          { migrations: names },
          'applied migrations whose files have changed since (they are not run again)',
        ),
    }),
  );
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
    ops,
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
    perRecipient: config.mail.perRecipient,
    siteUrl: () => config.siteUrl ?? `http://localhost:${port}`,
    ...options.mail,
  });
  const bookingJobs = startBookingJobs({ db, logger, ...config.bookingJobs, ...options.bookingJobs });
  const compaction = startCompactionJob({
    db,
    logger,
    ...(options.compactionDelayMs === undefined ? {} : { delayMs: options.compactionDelayMs }),
  });
  const retention = startRetentionJob({
    db,
    logger,
    days: config.personalDataRetentionDays,
    ...(options.clock ? { now: options.clock } : {}),
  });
  server.on('clientError', clientErrorHandler(securityHeaderList(connectOrigins(config))));
  // Keep idle connections longer than clients and proxies do (Node's default is 5 s): a client
  // sending on a connection the server is just closing gets ECONNRESET, and a POST is not retried.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }

  const { metricsPort } = await ops.start({
    server: server as Server,
    db,
    realtime: () => ({ sockets: live.socketCount, channels: live.channelCount }),
  });

  let closing: Promise<void> | undefined;
  return {
    url: `http://localhost:${port}`,
    port,
    metricsPort,
    deps,
    realtime: live,
    mail,
    bookingJobs,
    ops,
    retention,
    compaction,
    close() {
      closing ??= (async () => {
        // Stops accepting, lets requests finish, closes the sockets with 1001 (src/server/ops).
        await ops.shutdown([
          () => live.close(),
          () => bookingJobs.close(),
          () => retention.close(),
          () => compaction.close(),
          () => mail.close(),
        ]);
        await rateLimiter.close();
        // Last: releases the data folder's lock.
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
 * The one line a new owner needs: the command to run while this server keeps running (it reaches
 * the server through the ops socket on the embedded database; on PostgreSQL it opens it itself).
 * It names the DATA_DIR when that is not the default, and DATABASE_URL without its value (secret).
 */
export function firstOwnerInstruction(config: Config, site: string): string {
  // Quoted for the shell when the path holds more than plain characters (a space, a quote).
  const quoted = /^[\w./-]+$/.test(config.dataDir) ? config.dataDir : `'${config.dataDir.replaceAll("'", "'\\''")}'`;
  const dataDir = config.dataDir === resolve('data') ? '' : `DATA_DIR=${quoted} `;
  const where = config.databaseUrl ? ', with the same DATABASE_URL,' : '';
  return `No owner account yet. In another terminal in this folder${where} run: ${dataDir}npm run admin -- create --role owner --email you@example.com (it asks for a password), then sign in at ${site}/admin/login.`;
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
  const site = siteUrl ?? running.url;
  console.log(`Staff sign in at ${site}/admin/login${config.admin ? ` as ${config.admin.email}` : ''}.`);
  // Said while it is true only: once the team has an owner, the owner adds everyone else.
  if (!(await hasOwnerAccount(running.deps.db))) console.log(firstOwnerInstruction(config, site));
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
  console.log(describeOps(config, running.metricsPort));
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return running;
}

if (import.meta.main) await runMain();
