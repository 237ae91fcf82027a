/**
 * Does the server keep answering while the database works hard? Four heavy staff searches
 * (a long `or=` of `ilike` filters with an exact count over every row) run at once against
 * 500,000 reservations, while /health and a static page (the prerendered home page) are asked
 * every 100 ms. The server runs as its own process, as `npm start` runs it, on the embedded
 * database and on PostgreSQL. Goal: /health and the static page under 100 ms throughout.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/open.ts';
import { defaultWebRoot } from '../src/server/main.ts';
import { freePort } from '../tests/e2e/support/free-port.ts';
import { createTestPostgres, provideTestPostgres } from '../tests/support/postgres.ts';

const rows = Number(process.env.RESPONSIVENESS_ROWS ?? 500_000);
const heavyQueries = 4;
const staff = { email: 'bench-host@saffronlotus.test', password: 'a bench password for the host' };
const root = join(import.meta.dirname, '..');
if (!existsSync(join(defaultWebRoot, 'index.html'))) throw new Error('Build the web app first: npm run build');

// History loaded as an operator loads it: `session_replication_role = replica` skips the triggers,
// whose booking rules look at "now" (past bookings would be refused).
const seedSql = `
  set local session_replication_role = replica;
  insert into public.reservations (name, mobile, email, date, guests, branch, time, period, notes, created_at)
  select 'Guest ' || i, '+84 9' || lpad(i::text, 8, '0'), 'guest' || i || '@example.vn',
         date '2024-01-01' + (i % 1100), 1 + i % 10,
         (array['Hanoi (main branch)','Ninh Binh','Sa Pa','Da Nang'])[1 + i % 4], '19:00', 'PM',
         case when i % 3 = 0 then 'Window seat please' end,
         timestamptz '2024-01-01' + make_interval(secs => i)
    from generate_series(1, ${rows}) as i`;

/** A search no index helps with: twelve substring filters over four columns, and an exact count. */
const heavyPath = (n: number) => {
  const terms = Array.from({ length: 12 }, (_, i) => `name.ilike.*zz${n}${i}*,email.ilike.*qq${n}${i}*`).join(',');
  return `/rest/v1/reservations?select=*&or=(${terms})&order=created_at.desc&limit=50`;
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

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
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function timed(url: string, init?: RequestInit) {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

async function measure(backend: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'saffron-bench-'));
  const pg = backend === 'postgres' ? await createTestPostgres() : undefined;
  await pg?.db.close();
  // Seed before the server starts (the embedded database allows one process at a time).
  const db = await openDatabase({ databaseUrl: pg?.url, dataDir });
  let started = performance.now();
  await db.transaction((tx) => tx.exec(seedSql), { timeoutMs: 0 });
  if (backend === 'postgres') await db.query('analyze public.reservations');
  const seedMs = performance.now() - started;
  await db.close();

  const server = await startServer({
    DATA_DIR: dataDir,
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    ADMIN_EMAIL: staff.email,
    ADMIN_PASSWORD: staff.password,
  });
  try {
    const { supabaseAnonKey: anonKey } = (await (await fetch(`${server.url}/config.json`)).json()) as {
      supabaseAnonKey: string;
    };
    const session = (await (
      await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(staff),
      })
    ).json()) as { access_token: string };
    const headers = { apikey: anonKey, Authorization: `Bearer ${session.access_token}`, Prefer: 'count=exact' };

    // One search alone, for scale.
    const alone = await timed(`${server.url}${heavyPath(99)}`, { headers });

    const probes = { health: [] as number[], page: [] as number[], failures: 0 };
    let heavyRunning = true;
    const prober = (async () => {
      while (heavyRunning) {
        const [health, page] = await Promise.all([timed(`${server.url}/health`), timed(`${server.url}/`)]);
        probes.health.push(health.ms);
        probes.page.push(page.ms);
        if (health.status !== 200 || page.status !== 200) probes.failures += 1;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    started = performance.now();
    const heavy = await Promise.all(
      Array.from({ length: heavyQueries }, (_, n) => timed(`${server.url}${heavyPath(n)}`, { headers })),
    );
    const heavyWallMs = performance.now() - started;
    heavyRunning = false;
    await prober;
    return { backend, seedMs, alone, heavy, heavyWallMs, probes };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
}

const report = [
  '# Responsiveness while the database works hard',
  '',
  `Run by \`node bench/run.ts responsiveness\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} CPU cores (shared with other work), Node ${process.version}. The server runs as its own process (\`src/server/main.ts\`, rate limits off, DATABASE_TIMEOUT_MS at its default of 8000). ${rows.toLocaleString('en')} reservations. ${heavyQueries} staff searches at once, each twelve \`ilike\` pairs in one \`or=\` with \`Prefer: count=exact\` (no index can help: every row is read). While they run, \`GET /health\` and \`GET /\` (the prerendered home page, from memory) are asked together every 100 ms.`,
  '',
  'Goal: /health and the static page answer in under 100 ms while the searches run.',
  '',
  '| database | one search alone | 4 searches: statuses | 4 searches: wall time | probes | /health p50 / p95 / max | static page p50 / p95 / max | probes not 200 |',
  '|---|---:|---|---:|---:|---:|---:|---:|',
];
const postgres = await provideTestPostgres();
report[2] += ` PostgreSQL: ${postgres.label}.`;
for (const backend of ['pglite', 'postgres'] as const) {
  const r = await measure(backend);
  const triple = (values: number[]) =>
    `${percentile(values, 50).toFixed(1)} / ${percentile(values, 95).toFixed(1)} / ${Math.max(...values).toFixed(1)} ms`;
  const line = `| ${backend} | ${r.alone.ms.toFixed(0)} ms (${r.alone.status}) | ${r.heavy.map((h) => `${h.status} in ${(h.ms / 1000).toFixed(1)} s`).join(', ')} | ${(r.heavyWallMs / 1000).toFixed(1)} s | ${r.probes.health.length} | ${triple(r.probes.health)} | ${triple(r.probes.page)} | ${r.probes.failures} |`;
  console.log(line, `(seeded in ${(r.seedMs / 1000).toFixed(1)} s)`);
  report.push(line);
}
await postgres.stop();
report.push(
  '',
  'On the embedded database the searches run one at a time in its worker thread; a request that has not been answered after DATABASE_TIMEOUT_MS gets 504 while the database finishes (what it had not started is skipped). The main thread only waits, so /health (which reports "busy" without queueing behind the searches) and static pages keep answering. On PostgreSQL the searches run in parallel on the pool and statement_timeout bounds each. Probes counted as not 200 are /health answering, still at once, 503 "unavailable": it says so when the embedded database has finished nothing for DATABASE_TIMEOUT_MS (here one search alone ran longer than that), so a load balancer can tell a stuck database from a busy one.',
  '',
);
const out = join(import.meta.dirname, 'results', 'responsiveness.md');
writeFileSync(out, `${report.join('\n')}\n`);
console.log(`wrote ${out}`);
