/**
 * The server's configuration, read once from the environment at start and validated. Nothing
 * else in the program reads process.env: main.ts passes the result down.
 */
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { loadStaffPasswordRule } from '../domain/password-policy.ts';
import { restaurantProfile } from '../domain/restaurant-profile.ts';

const checkStaffPassword = await loadStaffPasswordRule();

const flag = (defaultValue: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
    .optional()
    .transform((value) => (value === undefined ? defaultValue : ['true', '1', 'on', 'yes'].includes(value)));

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const envSchema = z
  .object({
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    /** Where uploaded files (the menu's photos) are kept; default DATA_DIR/storage. Back it up with the database. */
    STORAGE_DIR: z.string().min(1).optional(),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
    /** How long a request may wait for the database, queued and running, before it answers 504. */
    DATABASE_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int()
      .min(100, 'must be at least 100 (milliseconds)')
      .max(600_000, 'must be at most 600000 (ten minutes)')
      .default(8000),
    /** The public origin of the site (https://saffronlotus.vn); links and /config.json use it. */
    SITE_URL: httpUrl
      .refine(
        (url) => ['', '/'].includes(new URL(url).pathname),
        'must be an origin like https://example.com (no path)',
      )
      .optional(),
    ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    /** Checked against the staff password rule in superRefine below (it needs ADMIN_EMAIL too). */
    ADMIN_PASSWORD: z.string().optional(),
    /** The role ADMIN_EMAIL is given: staff (every branch, as before roles) or owner (also the team screen). */
    ADMIN_ROLE: z.enum(['owner', 'staff'], { error: 'must be owner or staff' }).default('staff'),
    SHEETS_ENDPOINT: httpUrl.optional(),
    PUBLIC_SUPABASE_URL: httpUrl.optional(),
    PUBLIC_SUPABASE_ANON_KEY: z.string().min(1).optional(),
    AUTH_ENABLE_SIGNUP: flag(false),
    AUTH_JWT_EXPIRY: z.coerce.number({ error: 'must be a number of seconds' }).int().min(30).max(604800).default(3600),
    /** How long a rotated refresh token may still be presented (a second tab refreshing at once). */
    AUTH_REFRESH_TOKEN_REUSE_INTERVAL: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int()
      .min(0)
      .max(3600)
      .default(10),
    /** An ES256 private key as a JWK (JSON); generated into DATA_DIR when unset. */
    AUTH_JWT_PRIVATE_KEY: z.string().min(1).optional(),
    /** The publishable (anon) key; generated into DATA_DIR when unset. */
    AUTH_ANON_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
    /** Where booking emails go out (smtp:// or smtps://, user and password in the URL); unset: email off. */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    /** The From of booking emails: an address, or "Name <address>". */
    MAIL_FROM: z
      .string()
      .regex(
        /^(?:[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/,
        'must be an email address or "Name <address>"',
      )
      .optional(),
    /** How long sent emails stay in the outbox (without their manage link) before they are deleted. */
    MAIL_RETENTION_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(0).max(3650).default(30),
    /** Days after a booking's date when its guest's personal data is erased by the daily retention job (docs/security.md). */
    PERSONAL_DATA_RETENTION_DAYS: z.coerce
      .number({ error: 'must be a number of days' })
      .int()
      .min(1)
      .max(36_500)
      .default(730),
    /** Booking emails one address may receive per hour and per day; more are dropped (one booking mailing many). */
    MAIL_PER_RECIPIENT_HOUR: z.coerce.number({ error: 'must be a number of emails' }).int().min(1).max(1000).default(3),
    MAIL_PER_RECIPIENT_DAY: z.coerce
      .number({ error: 'must be a number of emails' })
      .int()
      .min(1)
      .max(10000)
      .default(10),
    /** How many hours before a booking its reminder email goes (issue 26). */
    REMINDER_HOURS: z.coerce.number({ error: 'must be a number of hours' }).int().min(7).max(336).default(24),
    /** How long a table that came free is held for the waitlist guest it is offered to. */
    WAITLIST_HOLD_MINUTES: z.coerce.number({ error: 'must be a number of minutes' }).int().min(1).max(1440).default(15),
    RATE_LIMITS: z.enum(['on', 'off']).default('on'),
    /** Reverse proxies (IP addresses, comma-separated) whose X-Forwarded-For names the client. */
    TRUST_PROXY: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .refine((list) => list.every((address) => isIP(address) !== 0), 'must be IP addresses, comma-separated')
      .default([]),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * The tables whose REST inserts by guests are held to one row per request and the per-address
     * rate limit (the booking tables); other tables anon may write to behave as on PostgREST.
     */
    REST_GUEST_INSERT_TABLES: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .refine(
        (list) => list.every((name) => /^[a-z_][a-z0-9_]{0,62}$/.test(name)),
        'must be table names, comma-separated',
      )
      .default(['reservations', 'waitlist_entries']),
    /**
     * The schemas /rest/v1 exposes, comma-separated; the first is the default and the others are
     * chosen with Accept-Profile / Content-Profile (PostgREST's db-schemas).
     */
    REST_SCHEMAS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .refine(
        (list) => list.length > 0 && list.every((name) => /^[a-z_][a-z0-9_]{0,62}$/.test(name)),
        'must be schema names, comma-separated',
      )
      .refine((list) => !list.some((name) => ['auth', 'pg_catalog', 'information_schema'].includes(name)), {
        message: 'must not expose auth, pg_catalog or information_schema',
      })
      .default(['public']),
    /** Aggregate functions in REST selects (`count()`, `guests.sum()`): PostgREST's db-aggregates-enabled. */
    REST_AGGREGATES: flag(false),
    /** On SIGTERM/SIGINT, how long requests in flight may take before their connections are cut. */
    SHUTDOWN_GRACE_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int()
      .min(0)
      .max(600_000, 'must be at most 600000 (ten minutes)')
      .default(10_000),
    /** A separate listener for /metrics (off unless set). */
    METRICS_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** Serves /metrics on the main port too, to requests bearing this token. */
    METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters (a random secret)').optional(),
    /** Where the embedded database is backed up (off unless set). */
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_INTERVAL_HOURS: z.coerce
      .number({ error: 'must be a number of hours' })
      .positive('must be more than 0')
      .max(24 * 366)
      .default(24),
    BACKUP_KEEP: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(10_000).default(14),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
      });
    }
    const verdict = env.ADMIN_PASSWORD ? checkStaffPassword(env.ADMIN_PASSWORD, { email: env.ADMIN_EMAIL }) : undefined;
    if (verdict && !verdict.ok) ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: verdict.message });
    if (Boolean(env.PUBLIC_SUPABASE_URL) !== Boolean(env.PUBLIC_SUPABASE_ANON_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.PUBLIC_SUPABASE_URL ? 'PUBLIC_SUPABASE_ANON_KEY' : 'PUBLIC_SUPABASE_URL'],
        message: 'PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY go together',
      });
    }
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The folder of Storage's file bytes (src/server/storage). */
  storageDir: string;
  databaseUrl: string | undefined;
  databaseTimeoutMs: number;
  /** The public origin, without a trailing slash; unset: each request's own origin. */
  siteUrl: string | undefined;
  admin: { email: string; password: string; role: 'owner' | 'staff' } | undefined;
  sheetsEndpoint: string | undefined;
  publicBackend: { url: string; anonKey: string } | undefined;
  auth: {
    enableSignup: boolean;
    jwtExpiry: number;
    refreshTokenReuseInterval: number;
    privateKeyJwk: string | undefined;
    anonKey: string | undefined;
  };
  redisUrl: string | undefined;
  mail: {
    smtpUrl: string | undefined;
    from: string;
    retentionDays: number;
    /** At most this many booking emails to one address in an hour, and in a day. */
    perRecipient: { hour: number; day: number };
  };
  /** Reminders and the waitlist (src/server/booking/booking-jobs.ts). */
  bookingJobs: { reminderHours: number; holdMinutes: number };
  /** Days after a booking's date when its personal data is erased (PERSONAL_DATA_RETENTION_DAYS). */
  personalDataRetentionDays: number;
  rateLimits: boolean;
  /** Proxies trusted to report the client's address; empty: the socket's address is the client. */
  trustedProxies: string[];
  rest: {
    /** Tables whose guest inserts are limited (one row per request, rows per address). */
    guestInsertTables: string[];
    /** Aggregate functions allowed in select. */
    aggregates: boolean;
    /** Exposed schemas; the first is the default. */
    schemas: string[];
  };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Operations (src/server/ops): shutdown, metrics, backups. */
  ops: {
    shutdownGraceMs: number;
    metrics: { host: string; port: number | undefined; token: string | undefined };
    backup: { dir: string | undefined; intervalHours: number; keep: number };
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    storageDir: resolve(e.STORAGE_DIR ?? join(e.DATA_DIR, 'storage')),
    databaseUrl: e.DATABASE_URL,
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    siteUrl: e.SITE_URL ? new URL(e.SITE_URL).origin : undefined,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, role: e.ADMIN_ROLE }
        : undefined,
    sheetsEndpoint: e.SHEETS_ENDPOINT,
    publicBackend:
      e.PUBLIC_SUPABASE_URL && e.PUBLIC_SUPABASE_ANON_KEY
        ? { url: e.PUBLIC_SUPABASE_URL.replace(/\/+$/, ''), anonKey: e.PUBLIC_SUPABASE_ANON_KEY }
        : undefined,
    auth: {
      enableSignup: e.AUTH_ENABLE_SIGNUP,
      jwtExpiry: e.AUTH_JWT_EXPIRY,
      refreshTokenReuseInterval: e.AUTH_REFRESH_TOKEN_REUSE_INTERVAL,
      privateKeyJwk: e.AUTH_JWT_PRIVATE_KEY,
      anonKey: e.AUTH_ANON_KEY,
    },
    redisUrl: e.REDIS_URL,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `"${restaurantProfile.name}" <${restaurantProfile.email}>`,
      retentionDays: e.MAIL_RETENTION_DAYS,
      perRecipient: { hour: e.MAIL_PER_RECIPIENT_HOUR, day: e.MAIL_PER_RECIPIENT_DAY },
    },
    bookingJobs: { reminderHours: e.REMINDER_HOURS, holdMinutes: e.WAITLIST_HOLD_MINUTES },
    personalDataRetentionDays: e.PERSONAL_DATA_RETENTION_DAYS,
    rateLimits: e.RATE_LIMITS === 'on',
    trustedProxies: e.TRUST_PROXY,
    rest: {
      guestInsertTables: e.REST_GUEST_INSERT_TABLES,
      aggregates: e.REST_AGGREGATES,
      schemas: e.REST_SCHEMAS,
    },
    logLevel: e.LOG_LEVEL,
    ops: {
      shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
      metrics: { host: e.METRICS_HOST, port: e.METRICS_PORT, token: e.METRICS_TOKEN },
      backup: {
        dir: e.BACKUP_DIR ? resolve(e.BACKUP_DIR) : undefined,
        intervalHours: e.BACKUP_INTERVAL_HOURS,
        keep: e.BACKUP_KEEP,
      },
    },
  };
}
