/**
 * Availability at scale, on the embedded database and on PostgreSQL, with 100,000 stored
 * reservations (three years of four busy branches):
 * 1. the availability call for one branch and day, as the forms make it (GET
 *    /rest/v1/rpc/booking_availability as a guest): the database's own time for the function, and
 *    the whole HTTP round trip on loopback; median and p95. Goal: under 10 ms of server time.
 * 2. insert throughput with the capacity checks against the same run without them: 32 guests
 *    booking at once through /rest/v1 for a branch with a capacity (the trigger locks the slot and
 *    sums its covers) and for a branch without settings (the trigger returns at once). Each
 *    connection books its own slot, as guests spread over an evening do. Goal: ratio ≥ 0.8.
 * The server runs as its own process (`src/server/main.ts`), rate limits off.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/open.ts';
import { freePort } from '../tests/e2e/support/free-port.ts';
import { guestBooking, restaurantDate } from '../tests/support/builders.ts';
import { createTestPostgres, provideTestPostgres } from '../tests/support/postgres.ts';
import { drive, percentile } from './support/load-driver.ts';

const rows = Number(process.env.AVAILABILITY_ROWS ?? 100_000);
const calls = Number(process.env.AVAILABILITY_CALLS ?? 300);
const seconds = Number(process.env.AVAILABILITY_SECONDS ?? 10);
const connections = 32;
/** Without and with alternate in short rounds, so a change in the machine's load hits both alike. */
const rounds = 5;
const root = join(import.meta.dirname, '..');
const day = restaurantDate(14);

// History loaded as an operator loads it: `session_replication_role = replica` skips the triggers,
// whose rules look at "now" (past bookings would be refused).
const seedSql = `
  set local session_replication_role = replica;
  insert into public.reservations (name, mobile, email, date, guests, branch, time, period, created_at)
  select 'Guest ' || i, '+84 9' || lpad(i::text, 8, '0'), 'guest' || i || '@example.vn',
         (now() at time zone 'Asia/Ho_Chi_Minh')::date - 900 + (i % 1100), 1 + i % 8,
         (array['Hanoi (main branch)','Ninh Binh','Sa Pa','Da Nang'])[1 + i % 4],
         (array['11:30','12:00','12:30','06:00','07:00','07:30','08:00'])[1 + i % 7],
         (array['AM','PM','PM','PM','PM','PM','PM'])[1 + i % 7],
         now() - make_interval(secs => i)
    from generate_series(1, ${rows}) as i;
  update public.branch_settings set covers_per_slot = 10000 where branch = 'Sa Pa';`;

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'src', 'server', 'main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMITS: 'off', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if ((await fetch(`${url}/health`).catch(() => undefined))?.ok) break;
    if (i > 600) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, stop };
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0 };
};

async function measure(backend: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'saffron-bench-'));
  const pg = backend === 'postgres' ? await createTestPostgres() : undefined;
  await pg?.db.close();
  const db = await openDatabase({ databaseUrl: pg?.url, dataDir, timeoutMs: 0 });
  await db.transaction((tx) => tx.exec(seedSql), { timeoutMs: 0 });
  if (backend === 'postgres') await db.query('analyze public.reservations');
  // The function alone, as a guest calls it (the database's time, without HTTP).
  const dbTimes: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await db.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'anon', true)`);
      await tx.query('select * from public.booking_availability($1, $2, $3)', ['Sa Pa', day, 2]);
    });
    dbTimes.push(performance.now() - started);
  }
  await db.close();

  const server = await startServer({ DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.url } : {}) });
  try {
    const { supabaseAnonKey: key } = (await (await fetch(`${server.url}/config.json`)).json()) as {
      supabaseAnonKey: string;
    };
    const httpTimes: number[] = [];
    const url = `${server.url}/rest/v1/rpc/booking_availability?p_branch=Sa%20Pa&p_date=${day}&p_guests=2`;
    for (let i = 0; i < calls; i++) {
      const started = performance.now();
      const response = await fetch(url, { headers: { apikey: key } });
      const body = (await response.json()) as unknown[];
      if (response.status !== 200 || body.length !== 48) throw new Error(`availability answered ${response.status}`);
      httpTimes.push(performance.now() - started);
    }

    // Each connection books its own slot: one of 16 evening and lunch times on one of two days.
    const slotFor = (connection: number) => {
      const minutes = 11 * 60 + (connection % 16) * 30;
      const hours24 = Math.floor(minutes / 60);
      return {
        date: restaurantDate(20 + Math.floor(connection / 16)),
        time: `${String(hours24 % 12 || 12).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
        period: hours24 < 12 ? 'AM' : 'PM',
      };
    };
    const insertFor = (branch: string) => (connection: number) => ({
      url: `${server.url}/rest/v1/reservations`,
      headers: { apikey: key, 'content-type': 'application/json' },
      body: JSON.stringify(guestBooking({ branch, guests: 2, ...slotFor(connection) })),
    });
    const options = { seconds: seconds / rounds, connections };
    const without: DriveResult[] = [];
    const withChecks: DriveResult[] = [];
    for (let round = 0; round < rounds; round++) {
      without.push(await drive(insertFor('Suburb'), options));
      withChecks.push(await drive(insertFor('Sa Pa'), options));
    }
    return { backend, dbTimes, httpTimes, without: combined(without), withChecks: combined(withChecks) };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
}

type DriveResult = Awaited<ReturnType<typeof drive>>;

/** The rounds of one kind as if they were one run. */
function combined(runs: DriveResult[]): DriveResult {
  const sum = (pick: (run: DriveResult) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return {
    requests: sum((run) => run.requests),
    ok: sum((run) => run.ok),
    non2xx: sum((run) => run.non2xx),
    errors: sum((run) => run.errors),
    latencies: runs.flatMap((run) => run.latencies).sort((a, b) => a - b),
    seconds: sum((run) => run.seconds),
  };
}

const postgres = await provideTestPostgres();
const report = [
  '# Availability at 100,000 reservations',
  '',
  `Run by \`node bench/run.ts availability\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} CPU cores (shared with other work), Node ${process.version}, PostgreSQL: ${postgres.label}. ${rows.toLocaleString('en')} reservations over three years and four branches; Sa Pa has a capacity. The server runs as its own process, rate limits off.`,
  '',
  `## The availability call (Sa Pa, one day, 2 guests; ${calls} calls each)`,
  '',
  'The database time is the function run as a guest (`anon`) in its own transaction, as the REST layer runs it, without HTTP; the round trip is `GET /rest/v1/rpc/booking_availability` on loopback, which includes it. Goal: under 10 ms of server time.',
  '',
  '| database | database time, median | p95 | HTTP round trip, median | p95 |',
  '|---|---:|---:|---:|---:|',
];
const inserts: string[] = [
  '',
  `## Inserts with and without the capacity checks (${connections} connections, ${seconds} s each, in ${rounds} alternating rounds; load average ${loadavg()[0]?.toFixed(1)} at the start)`,
  '',
  'Without: a branch without settings (the trigger returns at once). With: Sa Pa, whose capacity makes the trigger lock the slot and sum its covers (the capacity is high enough that nothing is refused). Goal: ratio ≥ 0.8.',
  '',
  '| database | without checks: req/s (p50 / p99) | with checks: req/s (p50 / p99) | non-2xx | ratio |',
  '|---|---:|---:|---:|---:|',
];
try {
  for (const backend of ['pglite', 'postgres'] as const) {
    const r = await measure(backend);
    const db = stats(r.dbTimes);
    const http = stats(r.httpTimes);
    report.push(
      `| ${backend} | ${db.median.toFixed(2)} ms | ${db.p95.toFixed(2)} ms | ${http.median.toFixed(2)} ms | ${http.p95.toFixed(2)} ms |`,
    );
    const rate = (run: typeof r.without) => run.ok / run.seconds;
    const cell = (run: typeof r.without) =>
      `${rate(run).toFixed(0)} (${percentile(run.latencies, 0.5)} / ${percentile(run.latencies, 0.99)} ms)`;
    inserts.push(
      `| ${backend} | ${cell(r.without)} | ${cell(r.withChecks)} | ${r.without.non2xx + r.withChecks.non2xx + r.without.errors + r.withChecks.errors} | ${(rate(r.withChecks) / rate(r.without)).toFixed(2)} |`,
    );
    console.log(report.at(-1), inserts.at(-1));
  }
} finally {
  await postgres.stop();
}
const out = join(import.meta.dirname, 'results', 'availability.md');
writeFileSync(out, `${[...report, ...inserts].join('\n')}\n`);
console.log(`wrote ${out}`);
