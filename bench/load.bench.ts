/**
 * Load: concurrent anonymous bookings for 15 s at 32 connections (rate limits off) through
 * /rest/v1 and through the spreadsheet receiver, on PGlite and on PostgreSQL. Passes only with
 * zero errors and exactly one stored row per acknowledged request: nothing lost, nothing doubled.
 * The client is our own: each of the 32 loops stops starting requests at the deadline but waits
 * for the one in flight, so every request sent is counted (a generator that abandons in-flight
 * requests at the end would make stored rows exceed acknowledged ones).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite } from '../src/server/db/pglite.ts';
import { startTestServer } from '../tests/e2e/support/server.ts';
import { guestBooking, sheetsPayload } from '../tests/support/builders.ts';
import { adminUrl, provideTestPostgres } from '../tests/support/postgres.ts';
import { drive, percentile } from './support/load-driver.ts';

const seconds = Number(process.env.LOAD_SECONDS ?? 15);
const connections = 32;

const guest = { name: 'Load Test Guest', mobile: '+84 90 555 0101', email: 'load@example.com' };
const booking = guestBooking(guest);
const sheetsBooking = sheetsPayload(guest);

interface Row {
  backend: string;
  target: string;
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  stored: number;
  rps: number;
  p50: number;
  p99: number;
}

async function countRows(backend: 'pglite' | 'postgres', where: { dataDir?: string; url?: string }): Promise<number> {
  if (backend === 'pglite') {
    const db = await openPglite(join(where.dataDir ?? '', 'pgdata'));
    try {
      return Number((await db.query<{ n: number }>('select count(*)::int as n from public.reservations')).rows[0]?.n);
    } finally {
      await db.close();
    }
  }
  const client = new pg.Client({ connectionString: where.url });
  await client.connect();
  try {
    return Number((await client.query('select count(*)::int as n from public.reservations')).rows[0].n);
  } finally {
    await client.end();
  }
}

async function runOne(backend: 'pglite' | 'postgres', target: 'rest' | 'sheets'): Promise<Row> {
  let dbUrl: string | undefined;
  let dbName: string | undefined;
  if (backend === 'postgres') {
    dbName = `saffron_load_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(adminUrl());
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
  }
  // Our own data folder, so it outlives the server and the stored rows can be counted.
  const dataDir = mkdtempSync(join(tmpdir(), 'saffron-load-'));
  const server = await startTestServer({ RATE_LIMITS: 'off', ...(dbUrl ? { DATABASE_URL: dbUrl } : {}) }, dataDir);
  const config = (await (await fetch(`${server.url}/config.json`)).json()) as { supabaseAnonKey: string };
  const key = config.supabaseAnonKey;
  const request: { url: string; headers: Record<string, string>; body: string } =
    target === 'rest'
      ? {
          url: `${server.url}/rest/v1/reservations`,
          headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(booking),
        }
      : {
          url: `${server.url}/sheets/exec`,
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
          body: JSON.stringify(sheetsBooking),
        };
  const result = await drive(() => request, { seconds, connections });
  await server.stop('SIGTERM');
  const stored = await countRows(backend, { dataDir, url: dbUrl });
  rmSync(dataDir, { recursive: true, force: true });
  if (dbName) {
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  return {
    backend,
    target,
    requests: result.requests,
    ok: result.ok,
    non2xx: result.non2xx,
    errors: result.errors,
    stored,
    rps: Math.round(result.requests / result.seconds),
    p50: percentile(result.latencies, 0.5),
    p99: percentile(result.latencies, 0.99),
  };
}

const postgres = await provideTestPostgres();
const rows: Row[] = [];
try {
  for (const backend of ['pglite', 'postgres'] as const) {
    for (const target of ['rest', 'sheets'] as const) {
      const row = await runOne(backend, target);
      console.log(row);
      rows.push(row);
    }
  }
} finally {
  await postgres.stop();
}

const failures = rows.filter((r) => r.errors > 0 || r.non2xx > 0 || r.stored !== r.ok);
const table = [
  '| backend | surface | requests | 2xx | non-2xx | errors | rows stored | req/s | p50 ms | p99 ms |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.backend} | ${r.target === 'rest' ? 'POST /rest/v1/reservations' : 'POST /sheets/exec'} | ${r.requests} | ${r.ok} | ${r.non2xx} | ${r.errors} | ${r.stored} | ${r.rps} | ${r.p50} | ${r.p99} |`,
  ),
].join('\n');
writeFileSync(
  join(import.meta.dirname, 'results', 'load.md'),
  `# Load: concurrent anonymous bookings\n\n${new Date().toISOString().slice(0, 10)}, ${connections} connections for ${seconds} s per row, rate limits off, server in its own process (Node ${process.versions.node}), ${postgres.label}, on this 2-core machine shared with other work.\n\n${table}\n\nVerdict: ${failures.length === 0 ? 'zero errors, and rows stored = 2xx answers on every row (nothing lost, nothing doubled).' : `FAILED on ${failures.map((f) => `${f.backend}/${f.target}`).join(', ')}`}\n`,
);
console.log(table);
if (failures.length > 0) process.exit(1);
