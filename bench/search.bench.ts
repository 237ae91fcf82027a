/**
 * The dashboard's search at 100,000 reservations, on PGlite and on PostgreSQL, before and after
 * issue 15 — in the same run, on the same rows:
 * - before: the `or=(name.ilike.*q*,mobile.ilike.*q*,email.ilike.*q*)` filter on /rest/v1/reservations,
 *   which row-level security keeps from using an index (every row is read), and which does not
 *   ignore accents;
 * - after: `POST /rest/v1/rpc/search_reservations` (supabase-js `.rpc()`), accent-blind through the
 *   trigram index.
 * Both ask what the dashboard asks: the first page of 50, newest first, with an exact count, as a
 * staff member. The time is the HTTP round trip on loopback, which is the server's time plus a
 * fraction of a millisecond. Goal: under 50 ms. Results go to bench/results/search.md.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { provideTestPostgres } from '../tests/support/postgres.ts';
import { signUserToken } from '../tests/support/rest-clients.ts';
import { type Backend, startTestServer, type TestServer } from '../tests/support/test-server.ts';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);
const columns = 'id,name,mobile,email,date,time,period,guests,branch,notes,arrived,allocated';

// Names as the restaurant's guests have them: Vietnamese with diacritics, Indian, and others.
const families = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Đặng',
  'Vũ',
  'Mehta',
  'Sharma',
  'Smith',
  'Müller',
  'Tanaka',
];
const given = ['Thu Hà', 'Văn Đức', 'Minh Anh', 'Quỳnh', 'Priya', 'Arjun', 'Emma', 'Lukas', 'Yuki', 'Hương', 'Tuấn'];

const seedSql = `
  set local session_replication_role = replica;
  insert into public.reservations (name, mobile, email, date, guests, branch, time, period, created_at)
  select f.v || ' ' || g.v || ' ' || i, '+84 9' || lpad(i::text, 8, '0'), 'guest' || i || '@example.vn',
         date '2026-01-01' + (i % 365), 1 + i % 8,
         (array['Hanoi (main branch)','Ninh Binh','Sa Pa','Da Nang'])[1 + i % 4], '19:00', 'PM',
         timestamptz '2026-01-01' + make_interval(secs => i * 60)
    from generate_series(1, ${rows}) i,
         lateral (select (${sqlArray(families)})[1 + i % ${families.length}] as v) f,
         lateral (select (${sqlArray(given)})[1 + (i / ${families.length}) % ${given.length}] as v) g`;

function sqlArray(values: string[]): string {
  return `array[${values.map((v) => `'${v}'`).join(',')}]`;
}

/** What a host types, and how many rows the text search must find. */
const searches = [
  { label: 'a family name typed without accents: "nguyen"', text: 'nguyen' },
  { label: 'a full name without accents: "nguyen thu ha 4224"', text: 'nguyen thu ha 4224' },
  { label: 'one guest by email: "guest4242@"', text: 'guest4242@' },
  { label: 'a name that matches nothing: "zzyzx"', text: 'zzyzx' },
];

interface Timing {
  median: number;
  p95: number;
  total: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function time(request: () => Promise<Response>): Promise<Timing> {
  const times: number[] = [];
  let total = '';
  for (let i = 0; i < runs + 3; i += 1) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 200 && response.status !== 206) throw new Error(`HTTP ${response.status}`);
    if (i >= 3) times.push(ms); // the first few warm the caches
    total = response.headers.get('content-range')?.split('/')[1] ?? '';
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95), total };
}

/** The old search: PostgREST's ilike filters, as the dashboard sent them before. */
function before(server: TestServer, token: string, text: string) {
  const pattern = `"*${text}*"`;
  const or = `(name.ilike.${pattern},mobile.ilike.${pattern},email.ilike.${pattern})`;
  const url = `${server.url}/rest/v1/reservations?select=${columns}&or=${encodeURIComponent(or)}&order=created_at.desc,id.desc&offset=0&limit=50`;
  return () => fetch(url, { headers: headers(server, token) });
}

function after(server: TestServer, token: string, text: string) {
  const url = `${server.url}/rest/v1/rpc/search_reservations?select=${columns}&order=created_at.desc,id.desc&offset=0&limit=50`;
  const body = JSON.stringify({ p_query: text });
  return () =>
    fetch(url, {
      method: 'POST',
      headers: { ...headers(server, token), 'content-type': 'application/json' },
      body,
    });
}

function headers(server: TestServer, token: string) {
  return { apikey: server.anonKey, authorization: `Bearer ${token}`, prefer: 'count=exact' };
}

async function benchBackend(backend: Backend) {
  const server = await startTestServer(backend, { RATE_LIMITS: 'off' });
  try {
    const seeding = performance.now();
    await server.deps.db.transaction((tx) => tx.exec(seedSql), { timeoutMs: 0 });
    await server.deps.db.exec('vacuum analyze public.reservations');
    console.log(`${backend}: seeded ${rows} rows in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const token = await signUserToken(server, { staff: true });
    const results = [];
    for (const search of searches) {
      // Alternating, so a change in the machine's load hits both alike.
      const old = await time(before(server, token, search.text));
      const now = await time(after(server, token, search.text));
      results.push({ ...search, before: old, after: now });
      console.log(
        `${backend}: ${search.label}: before ${old.median.toFixed(1)} ms (${old.total}), after ${now.median.toFixed(1)} ms (${now.total})`,
      );
    }
    return results;
  } finally {
    await server.close();
  }
}

const loadBefore = loadavg()[0]?.toFixed(1);
const postgres = await provideTestPostgres();
const results = new Map<Backend, Awaited<ReturnType<typeof benchBackend>>>();
try {
  for (const backend of ['pglite', 'postgres'] as const) results.set(backend, await benchBackend(backend));
} finally {
  await postgres.stop();
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const lines = [
  '# Dashboard search at 100,000 reservations',
  '',
  `Run ${new Date().toISOString()} with \`node bench/run.ts search\` — Node ${process.version}, ${cpus().length} CPU(s), shared with other work: load average ${loadBefore} at the start, ${loadavg()[0]?.toFixed(1)} at the end; ${postgres.label}. ${rows.toLocaleString('en')} reservations with Vietnamese, Indian and other names. Each search as a staff member asks it: the first page of 50, newest first, with an exact count; HTTP round trip on loopback, ${runs} runs each after 3 to warm up, before and after alternating.`,
  '',
  'Before: `or=(name.ilike…,mobile.ilike…,email.ilike…)` on /rest/v1/reservations (row-level security keeps it from any index; accents must match). After: `POST /rest/v1/rpc/search_reservations` (accent-blind, trigram index). Goal: under 50 ms. The "matches" columns are the exact counts each returned: before, "nguyen" finds only the rows spelt without accents.',
  '',
  '| database | search | before: median / p95 | matches | after: median / p95 | matches |',
  '|---|---|---:|---:|---:|---:|',
  ...[...results].flatMap(([backend, list]) =>
    list.map(
      (r) =>
        `| ${backend} | ${r.label} | ${ms(r.before.median)} / ${ms(r.before.p95)} | ${r.before.total} | ${ms(r.after.median)} / ${ms(r.after.p95)} | ${r.after.total} |`,
    ),
  ),
  '',
];
writeFileSync(join(import.meta.dirname, 'results', 'search.md'), lines.join('\n'));
console.log('wrote bench/results/search.md');
