/**
 * Resource embedding at 100,000 reservations (issue 21), on PGlite and on PostgreSQL: the
 * dashboard-shaped read — the first page of 50, newest first, with an exact count, as a staff
 * member — with two embedded resources (the tables a booking sits at, through a junction table,
 * and its notes), against the same page built by hand-written SQL (a function called over
 * /rest/v1/rpc) in the same run, on the same rows. Both go through HTTP, the same auth and the
 * same transaction set-up, so the ratio compares the SQL the embedding builds with SQL written by
 * hand. Goal: hand-written time / embedding time ≥ 0.7. Results go to bench/results/embedding.md.
 * The tables are the benchmark's own (bench_*), not the product's.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { provideTestPostgres } from '../tests/support/postgres.ts';
import { signUserToken } from '../tests/support/rest-clients.ts';
import { type Backend, startTestServer, type TestServer } from '../tests/support/test-server.ts';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 20);

const seedSql = `
  set local session_replication_role = replica;
  insert into public.reservations (name, mobile, email, date, guests, branch, time, period, created_at)
  select 'Guest ' || i, '+84 9' || lpad(i::text, 8, '0'), 'guest' || i || '@example.vn',
         date '2026-01-01' + (i % 365), 1 + i % 8,
         (array['Hanoi (main branch)','Ninh Binh','Sa Pa','Da Nang'])[1 + i % 4], '19:00', 'PM',
         timestamptz '2026-01-01' + make_interval(secs => i * 60)
    from generate_series(1, ${rows}) i;
  create table public.bench_dining_tables (id int primary key, name text not null, seats int not null);
  insert into public.bench_dining_tables select t, 'T' || t, 2 + t % 6 from generate_series(1, 40) t;
  create table public.bench_reservation_tables (
    reservation_id bigint references public.reservations (id),
    table_id int references public.bench_dining_tables (id),
    primary key (reservation_id, table_id)
  );
  -- One table per booking, a second for every third.
  insert into public.bench_reservation_tables
  select r.id, 1 + (row_number() over (order by r.id))::int % 40 from public.reservations r;
  insert into public.bench_reservation_tables
  select r.id, 1 + (2 + row_number() over (order by r.id))::int % 40 from public.reservations r
   where r.guests > 5;
  create table public.bench_notes (
    id serial primary key,
    reservation_id bigint not null references public.reservations (id),
    body text not null
  );
  insert into public.bench_notes (reservation_id, body)
  select r.id, 'note for ' || r.name from public.reservations r where r.guests % 2 = 0;
  create index on public.bench_notes (reservation_id);
  grant select on public.bench_dining_tables, public.bench_reservation_tables, public.bench_notes to authenticated;

  -- The same page written by hand: what the embedding's SQL is measured against.
  create function public.bench_dashboard_page() returns json language sql stable as $$
    select json_build_object(
      'total', (select count(*) from public.reservations),
      'rows', coalesce(json_agg(p), '[]'))
      from (
        select r.*,
               coalesce((select json_agg(json_build_object('name', t.name, 'seats', t.seats))
                           from public.bench_reservation_tables rt
                           join public.bench_dining_tables t on t.id = rt.table_id
                          where rt.reservation_id = r.id), '[]') as tables,
               coalesce((select json_agg(json_build_object('body', n.body))
                           from public.bench_notes n where n.reservation_id = r.id), '[]') as notes
          from public.reservations r
         order by r.created_at desc, r.id desc
         limit 50
      ) p
  $$;
  grant execute on function public.bench_dashboard_page() to authenticated;
`;

interface Timing {
  median: number;
  p95: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function once(request: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  if (response.status !== 200 && response.status !== 206) throw new Error(`HTTP ${response.status}`);
  return performance.now() - started;
}

function summary(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

async function benchBackend(backend: Backend) {
  const server: TestServer = await startTestServer(backend, { RATE_LIMITS: 'off' });
  try {
    const seeding = performance.now();
    await server.deps.db.transaction((tx) => tx.exec(seedSql), { timeoutMs: 0 });
    await server.deps.db.exec('analyze');
    await server.deps.db.query(`notify pgrst, 'reload schema'`);
    console.log(`${backend}: seeded ${rows} rows in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const token = await signUserToken(server, { staff: true });
    const headers = { apikey: server.anonKey, authorization: `Bearer ${token}`, prefer: 'count=exact' };
    const select = '*,tables:bench_dining_tables(name,seats),notes:bench_notes(body)';
    const embedUrl = `${server.url}/rest/v1/reservations?select=${encodeURIComponent(select)}&order=created_at.desc,id.desc&offset=0&limit=50`;
    const embedded = () => fetch(embedUrl, { headers });
    const byHand = () =>
      fetch(`${server.url}/rest/v1/rpc/bench_dashboard_page`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{}',
      });
    // Same rows both ways: the embedded page's first booking has the hand-written page's tables.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const page = (await (await embedded()).json()) as { id: string; tables: unknown; notes: unknown }[];
    const hand = (await (await byHand()).json()) as { rows: { id: string; tables: unknown; notes: unknown }[] };
    if (
      JSON.stringify(page.map((r) => [r.id, r.tables, r.notes])) !==
      JSON.stringify(hand.rows.map((r) => [r.id, r.tables, r.notes]))
    ) {
      throw new Error('the embedded page and the hand-written page differ');
    }
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < runs + 3; i += 1) {
      // Alternating, so a change in the machine's load hits both alike; the first few warm up.
      const ta = await once(embedded);
      const tb = await once(byHand);
      if (i >= 3) {
        a.push(ta);
        b.push(tb);
      }
    }
    const result = { embedded: summary(a), byHand: summary(b) };
    console.log(
      `${backend}: embedding ${result.embedded.median.toFixed(1)} ms, by hand ${result.byHand.median.toFixed(1)} ms, ratio ${(result.byHand.median / result.embedded.median).toFixed(2)}`,
    );
    return result;
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
  '# Resource embedding at 100,000 reservations',
  '',
  `Run ${new Date().toISOString()} with \`npm run bench -- embedding\` — Node ${process.version}, ${cpus().length} CPU(s), shared with other work: load average ${loadBefore} at the start, ${loadavg()[0]?.toFixed(1)} at the end; ${postgres.label}. ${rows.toLocaleString('en')} reservations, each at one or two of 40 tables (through a junction table), half with a note. As a staff member: the first page of 50, newest first, with an exact count; HTTP round trip on loopback, ${runs} runs each after 3 to warm up, alternating.`,
  '',
  'Embedding: `GET /rest/v1/reservations?select=*,tables:bench_dining_tables(name,seats),notes:bench_notes(body)&order=created_at.desc,id.desc&limit=50` (one statement, lateral joins). By hand: `POST /rest/v1/rpc/bench_dashboard_page`, the same page and count in hand-written SQL (correlated subqueries). Goal: by hand / embedding ≥ 0.7.',
  '',
  '| database | embedding: median / p95 | by hand: median / p95 | ratio (medians) |',
  '|---|---:|---:|---:|',
  ...[...results].map(
    ([backend, r]) =>
      `| ${backend} | ${ms(r.embedded.median)} / ${ms(r.embedded.p95)} | ${ms(r.byHand.median)} / ${ms(r.byHand.p95)} | ${(r.byHand.median / r.embedded.median).toFixed(2)} |`,
  ),
  '',
];
writeFileSync(join(import.meta.dirname, 'results', 'embedding.md'), lines.join('\n'));
console.log('wrote bench/results/embedding.md');
