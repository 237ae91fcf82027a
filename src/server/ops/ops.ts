/**
 * Operations, mounted from one place: readiness, metrics, backups, and the graceful stop. main.ts
 * creates it before the app (the app mounts `routes` and `metrics.middleware`), starts it once the
 * HTTP server listens, and hands it the stop.
 *
 * The admin command reaches a running server through a Unix socket in DATA_DIR (ops.sock): only
 * the server's own account can open it (DATA_DIR is 0700), and it never listens on the network.
 * It takes backups and creates staff accounts (socket-accounts.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { createBackup } from './backup.ts';
import { type BackupSchedule, startBackupSchedule } from './backup-schedule.ts';
import { type HttpDrain, trackConnections } from './http-drain.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { answerAccountRequest, socketAccountsPath } from './socket-accounts.ts';

export const appVersion: string = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8'),
).version;

/** The ops socket's path; undefined where a Unix socket path would be too long. */
export function opsSocketPath(dataDir: string): string | undefined {
  const path = join(dataDir, 'ops.sock');
  return Buffer.byteLength(path) < 104 ? path : undefined;
}

export interface Ops {
  readonly metrics: Metrics;
  /** True from the stop signal on: /ready answers 503, so a proxy sends no more. */
  readonly stopping: boolean;
  /** /ready and the token-guarded /metrics, for the main app. */
  routes(db: Database): Hono;
  /** Starts what needs the listening server; returns the metrics listener's port, if any. */
  start(parts: {
    server: Server;
    db: Database;
    realtime: () => { sockets: number; channels: number };
  }): Promise<{ metricsPort: number | undefined }>;
  /** Takes a backup now (the schedule's, or on demand); one at a time. */
  backup(): Promise<Uint8Array>;
  /**
   * The graceful stop: stops accepting, closes `parallel` (realtime sockets, the mail worker)
   * while requests in flight finish, at most SHUTDOWN_GRACE_MS; then stops its own listeners.
   */
  shutdown(parallel: (() => Promise<void>)[]): Promise<void>;
}

function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function listen(server: Server, options: { port: number; host: string } | { path: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: Server | undefined): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export function createOps(config: Config, logger: Logger): Ops {
  const metrics = createMetrics();
  let stopping = false;
  let drain: HttpDrain | undefined;
  let database: Database | undefined;
  let metricsServer: Server | undefined;
  let socketServer: Server | undefined;
  let schedule: BackupSchedule | undefined;
  let backupQueue: Promise<unknown> = Promise.resolve();

  function backup(): Promise<Uint8Array> {
    const db = database;
    if (!db) return Promise.reject(new Error('the server has not started'));
    // One at a time: two copies at once would only hold the database twice as long.
    const next = backupQueue.then(() =>
      createBackup({ db, dataDir: config.dataDir, storageDir: config.storageDir, appVersion }),
    );
    backupQueue = next.catch(() => undefined);
    return next;
  }

  return {
    metrics,
    get stopping() {
      return stopping;
    },
    routes(db) {
      const routes = new Hono();
      routes.get('/ready', async (c) => {
        const headers = { 'Cache-Control': 'no-store' };
        if (stopping) return c.json({ status: 'stopping' }, 503, headers);
        // The database was opened and migrated before anything listened: answering is enough.
        const health = await db.health(2000);
        return health === 'unavailable'
          ? c.json({ status: 'unavailable', database: db.kind }, 503, headers)
          : c.json({ status: 'ready', database: db.kind }, 200, headers);
      });
      routes.get('/metrics', async (c) => {
        const token = config.ops.metrics.token;
        if (!token) return c.json({ code: 'not_found', message: 'Not found' }, 404);
        const given = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
        if (!given || !sameToken(given, token)) {
          return c.json({ code: 'unauthorized', message: 'A valid bearer token is required' }, 401, {
            'WWW-Authenticate': 'Bearer',
          });
        }
        return c.text(await metrics.render(), 200, {
          'Content-Type': metrics.registry.contentType,
          'Cache-Control': 'no-store',
        });
      });
      return routes;
    },
    async start({ server, db, realtime }) {
      database = db;
      drain = trackConnections(server);
      metrics.setSources({ db, realtime });
      let metricsPort: number | undefined;
      if (config.ops.metrics.port !== undefined) {
        metricsServer = createServer((req, res) => {
          if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
            res.writeHead(404).end();
            return;
          }
          metrics.render().then(
            (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
            () => res.writeHead(500).end(),
          );
        });
        await listen(metricsServer, { port: config.ops.metrics.port, host: config.ops.metrics.host });
        metricsPort = (metricsServer.address() as AddressInfo).port;
      }
      if (db.kind === 'pglite') {
        const path = opsSocketPath(config.dataDir);
        if (path) {
          // This process holds the data folder's lock: a socket file there is a dead server's.
          rmSync(path, { force: true });
          socketServer = createServer((req, res) => {
            if (req.method === 'POST' && req.url === socketAccountsPath) {
              void answerAccountRequest(db, req, res);
              return;
            }
            if (req.method !== 'POST' || req.url !== '/backup') {
              res.writeHead(404).end();
              return;
            }
            backup().then(
              (bytes) => res.writeHead(200, { 'Content-Type': 'application/x-tar' }).end(bytes),
              (error: unknown) =>
                res
                  .writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
                  .end(error instanceof Error ? error.message : String(error)),
            );
          });
          await listen(socketServer, { path });
        }
      }
      const backupDir = config.ops.backup.dir;
      if (backupDir && db.kind === 'pglite') {
        schedule = startBackupSchedule({
          dir: backupDir,
          intervalHours: config.ops.backup.intervalHours,
          keep: config.ops.backup.keep,
          take: backup,
          logger,
          finished: (result, at) => metrics.backupFinished(result, at),
        });
      }
      return { metricsPort };
    },
    backup,
    async shutdown(parallel) {
      stopping = true;
      const graceMs = config.ops.shutdownGraceMs;
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      try {
        await Promise.all([
          drain?.drain(graceMs),
          // The realtime sockets hear 1001 (going away) and reconnect elsewhere or after the
          // restart; the mail worker finishes the message it is sending. Neither outlasts the grace.
          ...parallel.map((close) => Promise.race([close().catch(() => undefined), grace])),
        ]);
      } finally {
        clearTimeout(timer);
      }
      await schedule?.close();
      await backupQueue;
      await Promise.all([closeServer(metricsServer), closeServer(socketServer)]);
    },
  };
}

/** The start-up lines about backups and metrics. */
export function describeOps(config: Config, metricsPort: number | undefined): string {
  const { backup, metrics } = config.ops;
  const backups = config.databaseUrl
    ? 'Backups: the database is PostgreSQL; back it up with pg_dump or your provider (docs/operations/backups.md).'
    : backup.dir
      ? `Backups: every ${backup.intervalHours} h into ${backup.dir}, keeping the newest ${backup.keep}.`
      : 'Backups are off (BACKUP_DIR is not set): nothing copies the bookings anywhere. See docs/operations/backups.md.';
  const where = [
    metricsPort !== undefined ? `http://${metrics.host}:${metricsPort}/metrics` : undefined,
    metrics.token ? '/metrics on the main port with the METRICS_TOKEN bearer token' : undefined,
  ].filter(Boolean);
  return `${backups}\nMetrics: ${where.length > 0 ? where.join('; ') : 'off (set METRICS_PORT or METRICS_TOKEN)'}.`;
}
