/**
 * Tables and turns at scale, on the embedded database and on PostgreSQL: 100,000 stored bookings
 * (25 a day at each of four branches over 1,000 days), three branches with a floor of 60 tables
 * and 10 combinations, every stored booking holding a table; Ninh Binh keeps covers only.
 * 1. The database time of one guest's booking at a branch with tables (the insert and its
 *    automatic assignment, in its own transaction as the REST layer runs it), beside the same
 *    booking at the covers-only branch; median and p95. Goal: under 10 ms.
 * 2. The availability call from tables (one branch and day, as a guest). Goal: under 10 ms.
 * 3. Insert throughput through /rest/v1 with assignment against covers-only, in the same run
 *    (alternating short rounds); each request books its own day and time, as guests spread over
 *    the weeks do. Goal: ratio ≥ 0.7.
 * The server runs as its own process (`src/server/main.ts`), rate limits off.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Floor, floorSchema } from '../src/domain/floor.ts';
import { importFloor } from '../src/server/cli/floor.ts';
import type { Database } from '../src/server/db/database.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { freePort } from '../tests/e2e/support/free-port.ts';
import { guestBooking, restaurantDate } from '../tests/support/builders.ts';
import { createTestPostgres, provideTestPostgres } from '../tests/support/postgres.ts';
import { percentile } from './support/load-driver.ts';

const rows = Number(process.env.TABLES_ROWS ?? 100_000);
const calls = Number(process.env.TABLES_CALLS ?? 200);
const seconds = Number(process.env.TABLES_SECONDS ?? 10);
const connections = 16;
const rounds = 5;
const root = join(import.meta.dirname, '..');
const floorBranches = ['Hanoi (main branch)', 'Sa Pa', 'Da Nang'];
const times = [
  '11:30',
  '12:00',
  '12:30',
  '13:00',
  '17:30',
  '18:00',
  '18:30',
  '19:00',
  '19:30',
  '20:00',
  '20:30',
  '21:00',
];

/** 60 tables: 20 two-tops, 25 four-tops, 10 six-tops, 5 eight-tops; pairs of four-tops join for 5–8. */
function benchFloor(): Floor {
  const table = (name: string, min: number, max: number, i: number) => ({
    name,
    min_seats: min,
    max_seats: max,
    x: (i % 10) * 100,
    y: Math.floor(i / 10) * 100,
  });
  const tables = [
    ...Array.from({ length: 20 }, (_, i) => table(`A${i + 1}`, 1, 2, i)),
    ...Array.from({ length: 25 }, (_, i) => table(`B${i + 1}`, 2, 4, 20 + i)),
    ...Array.from({ length: 10 }, (_, i) => table(`C${i + 1}`, 3, 6, 45 + i)),
    ...Array.from({ length: 5 }, (_, i) => table(`D${i + 1}`, 5, 8, 55 + i)),
  ];
  const combinations = Array.from({ length: 10 }, (_, i) => ({
    name: `B${2 * i + 1}+B${2 * i + 2}`,
    tables: [`B${2 * i + 1}`, `B${2 * i + 2}`],
    min_seats: 5,
    max_seats: 8,
  }));
  return floorSchema.parse({ areas: [{ name: 'Main room', tables }], combinations });
}

// Loaded as an operator loads history: `session_replication_role = replica` skips the triggers
// (the rules refuse past bookings). Booking i is at branch i % 4 on day (i / 4) % 1000 (500 days
// back to 500 ahead), and its day's k-th booking (k = i / 4000) holds the branch's k-th table.
const seedSql = `
  set local session_replication_role = replica;
  insert into public.reservations (name, mobile, email, date, guests, branch, time, period, created_at, allocated)
  select 'Guest ' || i, '+84 9' || lpad(i::text, 8, '0'), 'guest' || i || '@example.vn',
         (now() at time zone 'Asia/Ho_Chi_Minh')::date - 500 + (i / 4) % 1000, 2,
         (array['Hanoi (main branch)','Ninh Binh','Sa Pa','Da Nang'])[1 + i % 4],
         (array['${times.join("','")}'])[1 + (i / 4000) % ${times.length}], 'Dinner',
         now() - make_interval(secs => i), true
    from generate_series(1, ${rows}) as i;
  insert into public.reservation_tables (reservation_id, table_id, branch, during)
  select r.id, t.id, r.branch,
         -- What private.hold_range gives a party of 2 (90 minutes and 10 to reset), in one expression.
         tstzrange((r.date + r.time::time) at time zone 'Asia/Ho_Chi_Minh',
                   (r.date + r.time::time) at time zone 'Asia/Ho_Chi_Minh' + interval '100 minutes')
    from public.reservations r
    join (select id, branch, row_number() over (partition by branch order by min_seats, name) - 1 as k
            from public.dining_tables) t on t.branch = r.branch and t.k = (r.id / 4000) % 25
   where r.branch <> 'Ninh Binh';
  update public.branch_settings set covers_per_slot = 10000 where branch in ('Sa Pa', 'Ninh Binh');`;

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

/** The n-th booking of a run: its own day (of 300 ahead) and time, 1–6 guests. */
function spread(n: number, branch: string) {
  const time = times[n % times.length] ?? '19:00';
  return guestBooking({
    branch,
    date: restaurantDate(10 + (Math.floor(n / times.length) % 300)),
    time,
    period: 'Dinner',
    guests: 1 + (n % 6),
    name: `Bench ${n}`,
  });
}

/** As a guest (anon), as the REST layer runs a request: one transaction, its time measured. */
async function timedAsGuest(db: Database, sql: string, params: unknown[]): Promise<{ ms: number; refused: boolean }> {
  const started = performance.now();
  const refused = await db
    .transaction(async (tx) => {
      await tx.query(
        `select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`,
      );
      await tx.query(sql, params);
    })
    .then(
      () => false,
      () => true,
    );
  return { ms: performance.now() - started, refused };
}

interface Driven {
  ok: number;
  failed: number;
  latencies: number[];
  seconds: number;
}

/** `connections` loops, each booking one request after another, every request its own slot. */
async function driveSpread(
  url: string,
  key: string,
  branch: string,
  offset: number,
  runSeconds: number,
): Promise<Driven> {
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let next = offset;
  const started = performance.now();
  const deadline = started + runSeconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const body = JSON.stringify(spread(next++, branch));
        const t = performance.now();
        const response = await fetch(`${url}/rest/v1/reservations`, {
          method: 'POST',
          headers: { apikey: key, 'content-type': 'application/json' },
          body,
        }).catch(() => undefined);
        await response?.arrayBuffer();
        if (response && response.status >= 200 && response.status < 300) ok += 1;
        else failed += 1;
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { ok, failed, latencies, seconds: (performance.now() - started) / 1000 };
}

function combined(runs: Driven[]): Driven {
  return {
    ok: runs.reduce((n, r) => n + r.ok, 0),
    failed: runs.reduce((n, r) => n + r.failed, 0),
    latencies: runs.flatMap((r) => r.latencies).sort((a, b) => a - b),
    seconds: runs.reduce((n, r) => n + r.seconds, 0),
  };
}

async function measure(backend: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'saffron-bench-'));
  const pg = backend === 'postgres' ? await createTestPostgres() : undefined;
  await pg?.db.close();
  const db = await openDatabase({ databaseUrl: pg?.url, dataDir, timeoutMs: 0 });
  const setupStarted = performance.now();
  for (const branch of floorBranches) await importFloor(db, branch, benchFloor());
  await db.transaction((tx) => tx.exec(seedSql), { timeoutMs: 0 });
  await db.query('analyze');
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  const insertSql = `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
                     values ($1, $2, $3, $4, $5, $6, $7, $8)`;
  const insertParams = (n: number, branch: string) => {
    const b = spread(n, branch);
    return [b.name, b.mobile, b.email, b.date, b.guests, b.branch, b.time, b.period];
  };
  const assign: number[] = [];
  const coversOnly: number[] = [];
  const availability: number[] = [];
  let refused = 0;
  for (let i = 0; i < calls; i++) {
    const a = await timedAsGuest(db, insertSql, insertParams(i, 'Sa Pa'));
    assign.push(a.ms);
    if (a.refused) refused += 1;
    coversOnly.push((await timedAsGuest(db, insertSql, insertParams(i, 'Ninh Binh'))).ms);
    availability.push(
      (
        await timedAsGuest(db, 'select * from public.booking_availability($1, $2, $3)', [
          'Sa Pa',
          restaurantDate(10 + (i % 300)),
          1 + (i % 8),
        ])
      ).ms,
    );
  }
  await db.close();

  const server = await startServer({ DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.url } : {}) });
  try {
    const { supabaseAnonKey: key } = (await (await fetch(`${server.url}/config.json`)).json()) as {
      supabaseAnonKey: string;
    };
    const without: Driven[] = [];
    const withTables: Driven[] = [];
    for (let round = 0; round < rounds; round++) {
      // Offsets far apart: each round books days and times the earlier rounds did not.
      without.push(await driveSpread(server.url, key, 'Ninh Binh', 100_000 + round * 20_000, seconds / rounds));
      withTables.push(await driveSpread(server.url, key, 'Sa Pa', 100_000 + round * 20_000, seconds / rounds));
    }
    return {
      setupSeconds,
      assign,
      coversOnly,
      availability,
      refused,
      without: combined(without),
      withTables: combined(withTables),
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
}

const postgres = await provideTestPostgres();
const load = loadavg()[0]?.toFixed(1);
const report = [
  '# Tables and turns at 100,000 bookings',
  '',
  `Run by \`node bench/run.ts tables\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} CPU cores (shared with other work; load average ${load} at the start), Node ${process.version}, PostgreSQL: ${postgres.label}. ${rows.toLocaleString('en')} stored bookings (25 a day per branch over 1,000 days), each at a branch with a floor holding a table; Hanoi, Sa Pa and Da Nang have 60 tables and 10 combinations each; Ninh Binh has covers only. Both Sa Pa and Ninh Binh cap covers per slot (high enough to refuse nothing), so the only difference between them is the assignment.`,
  '',
  `## Database time (${calls} calls each, as a guest, one transaction per call)`,
  '',
  'Assignment: one booking at Sa Pa (1–6 guests, its own day and time among days already holding 25 tables): the insert with its rules, its automatic assignment and the holds. Covers only: the same booking at Ninh Binh. Availability: `booking_availability` for Sa Pa, one day, 1–8 guests, answered from the tables. Goal: under 10 ms.',
  '',
  '| database | setup | assignment, median / p95 | covers only, median / p95 | availability from tables, median / p95 | refused |',
  '|---|---:|---:|---:|---:|---:|',
];
const inserts = [
  '',
  `## Inserts through /rest/v1 with assignment against covers only (${connections} connections, ${seconds} s each, in ${rounds} alternating rounds)`,
  '',
  'Each request books its own day and time (1–6 guests), as guests spread over the weeks do. Goal: ratio ≥ 0.7.',
  '',
  '| database | covers only: req/s (p50 / p99) | with assignment: req/s (p50 / p99) | failed | ratio |',
  '|---|---:|---:|---:|---:|',
];
try {
  for (const backend of ['pglite', 'postgres'] as const) {
    const r = await measure(backend);
    const cell = (values: number[]) => {
      const s = stats(values);
      return `${s.median.toFixed(2)} / ${s.p95.toFixed(2)} ms`;
    };
    report.push(
      `| ${backend} | ${r.setupSeconds.toFixed(0)} s | ${cell(r.assign)} | ${cell(r.coversOnly)} | ${cell(r.availability)} | ${r.refused} |`,
    );
    const rate = (run: Driven) => run.ok / run.seconds;
    const throughput = (run: Driven) =>
      `${rate(run).toFixed(0)} (${percentile(run.latencies, 0.5)} / ${percentile(run.latencies, 0.99)} ms)`;
    inserts.push(
      `| ${backend} | ${throughput(r.without)} | ${throughput(r.withTables)} | ${r.without.failed + r.withTables.failed} | ${(rate(r.withTables) / rate(r.without)).toFixed(2)} |`,
    );
    console.log(report.at(-1), inserts.at(-1));
  }
} finally {
  await postgres.stop();
}
const out = join(import.meta.dirname, 'results', 'tables.md');
writeFileSync(
  out,
  `${[...report, ...inserts, '', `Load average at the end: ${loadavg()[0]?.toFixed(1)}.`].join('\n')}\n`,
);
console.log(`wrote ${out}`);
