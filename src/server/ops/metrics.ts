/**
 * The server's metrics, in Prometheus' text format (prom-client), one registry per server (tests
 * run several in one process). Requests are labelled by the route's pattern, never the path a
 * client sent: a manage link's path carries the token that opens a guest's booking, and raw
 * paths would make an unbounded number of series.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, Queryable } from '../db/database.ts';

export interface MetricSources {
  /** Open realtime sockets and joined channels. */
  realtime?: () => { sockets: number; channels: number };
  /** The mail outbox, read from the database at scrape time. */
  db?: Database;
}

export interface Metrics {
  readonly registry: Registry;
  /** Times every request, labelled by route pattern and status. */
  middleware(): MiddlewareHandler;
  /** Wraps a database so its work is timed and its waiting requests counted. */
  instrument(db: Database): Database;
  /** Where the scrape-time gauges read from (set once the server is up). */
  setSources(sources: MetricSources): void;
  backupFinished(result: 'ok' | 'failed', at: Date): void;
  /** The exposition text. */
  render(): Promise<string>;
}

const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The pattern of the route that answered ("/rest/v1/:table", "/manage/:token", "/*" for the web
 * app): after next(), the route index is the last handler that ran. Sub-apps mounted with
 * app.route() report their full pattern.
 */
function routeLabel(c: Context): string {
  return routePath(c) || 'unmatched';
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'saffron_' });
  let sources: MetricSources = {};

  const requests = new Counter({
    name: 'saffron_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'saffron_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: latencyBuckets,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'saffron_rate_limit_refusals_total',
    help: 'HTTP requests refused by a rate limit (429), by route pattern',
    labelNames: ['route'],
    registers: [registry],
  });
  const dbTime = new Histogram({
    name: 'saffron_db_duration_seconds',
    help: 'Time the server waited for the database (queueing included), by operation',
    labelNames: ['operation'],
    buckets: latencyBuckets,
    registers: [registry],
  });
  let dbWaiting = 0;
  new Gauge({
    name: 'saffron_db_queue_depth',
    help: 'Database operations waiting or running',
    registers: [registry],
    collect() {
      this.set(dbWaiting);
    },
  });
  new Gauge({
    name: 'saffron_realtime_sockets',
    help: 'Open realtime WebSockets',
    registers: [registry],
    collect() {
      this.set(sources.realtime?.().sockets ?? 0);
    },
  });
  new Gauge({
    name: 'saffron_realtime_channels',
    help: 'Joined realtime channels',
    registers: [registry],
    collect() {
      this.set(sources.realtime?.().channels ?? 0);
    },
  });

  // The outbox, read once per scrape for all four gauges.
  let outbox: Promise<{ backlog: number; oldest: number; retrying: number; failed: number }> | undefined;
  const readOutbox = () => {
    outbox ??= (async () => {
      const empty = { backlog: 0, oldest: 0, retrying: 0, failed: 0 };
      if (!sources.db) return empty;
      const { rows } = await sources.db
        .query<{ backlog: number; oldest: number | null; retrying: number; failed: number }>(
          `select count(*) filter (where sent_at is null and failed_at is null)::int as backlog,
                  extract(epoch from now() - min(created_at) filter (where sent_at is null and failed_at is null))::float8 as oldest,
                  count(*) filter (where sent_at is null and failed_at is null and last_error is not null)::int as retrying,
                  count(*) filter (where failed_at is not null)::int as failed
             from private.outbox`,
        )
        .catch(() => ({ rows: [] }));
      const row = rows[0];
      return row ? { ...row, oldest: row.oldest ?? 0 } : empty;
    })().finally(() => setTimeout(() => (outbox = undefined), 0));
    return outbox;
  };
  const outboxGauge = (name: string, help: string, pick: (o: Awaited<ReturnType<typeof readOutbox>>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(pick(await readOutbox()));
      },
    });
  outboxGauge('saffron_mail_outbox_backlog', 'Booking emails waiting to be sent', (o) => o.backlog);
  outboxGauge('saffron_mail_oldest_unsent_seconds', 'Age of the oldest email not yet sent', (o) => o.oldest);
  outboxGauge('saffron_mail_retrying', 'Emails whose last attempt failed and will be retried', (o) => o.retrying);
  outboxGauge(
    'saffron_mail_failed',
    'Emails refused for good by the SMTP server (kept until retention)',
    (o) => o.failed,
  );

  let lastBackup: { result: 'ok' | 'failed'; at: Date } | undefined;
  let lastGoodBackup: Date | undefined;
  const backups = new Counter({
    name: 'saffron_backups_total',
    help: 'Backups taken by this process, by result',
    labelNames: ['result'],
    registers: [registry],
  });
  new Gauge({
    name: 'saffron_backup_age_seconds',
    help: 'Time since the last successful backup by this process (absent: none yet)',
    registers: [registry],
    collect() {
      this.reset();
      if (lastGoodBackup) this.set((Date.now() - lastGoodBackup.getTime()) / 1000);
    },
  });
  new Gauge({
    name: 'saffron_backup_last_success',
    help: '1 when the last backup succeeded, 0 when it failed (absent: none yet)',
    registers: [registry],
    collect() {
      this.reset();
      if (lastBackup) this.set(lastBackup.result === 'ok' ? 1 : 0);
    },
  });

  function timed<T>(operation: string, work: () => Promise<T>): Promise<T> {
    const stop = dbTime.startTimer({ operation });
    dbWaiting++;
    return work().finally(() => {
      dbWaiting--;
      stop();
    });
  }

  return {
    registry,
    middleware() {
      return async (c, next) => {
        const started = performance.now();
        try {
          await next();
        } finally {
          const route = routeLabel(c);
          const status = c.res.status;
          requests.inc({ method: c.req.method, route, status: String(status) });
          latency.observe({ method: c.req.method, route }, (performance.now() - started) / 1000);
          if (status === 429) refusals.inc({ route });
        }
      };
    },
    instrument(db) {
      const wrapQueryable = (q: Queryable, operation: string): Queryable => ({
        query: (sql, params) => timed(operation, () => q.query(sql, params)),
        exec: (sql) => timed(operation, () => q.exec(sql)),
      });
      const plain = wrapQueryable(db, 'query');
      // Statements inside a transaction are timed as part of it, not twice.
      return {
        kind: db.kind,
        query: plain.query,
        exec: plain.exec,
        transaction: (fn, options) => timed('transaction', () => db.transaction(fn, options)),
        listen: (channel, handlers) => db.listen(channel, handlers),
        health: (ms) => db.health(ms),
        close: () => db.close(),
        ...(db.snapshot ? { snapshot: db.snapshot.bind(db) } : {}),
      };
    },
    setSources(next) {
      sources = next;
    },
    backupFinished(result, at) {
      lastBackup = { result, at };
      if (result === 'ok') lastGoodBackup = at;
      backups.inc({ result });
    },
    render() {
      return registry.metrics();
    },
  };
}
