/**
 * How long do writers wait while a backup is taken? Eight writers book through supabase-js
 * without pause on the embedded database (20,000 reservations already in it); their latency is
 * measured for a few seconds without a backup, then while backups are taken. The copy itself
 * (Database.snapshot: row counts, a checkpoint, PGlite's dumpDataDir) holds the database; the
 * compression and the file happen off it. Goal: writers never wait more than a few hundred ms.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { guestBooking, restaurantDate } from '../tests/support/builders.ts';
import { anonClient } from '../tests/support/rest-clients.ts';
import { startTestServer } from '../tests/support/test-server.ts';

const seedRows = Number(process.env.BACKUP_BENCH_ROWS ?? 20_000);
const backups = 3;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;

const server = await startTestServer('pglite', { RATE_LIMITS: 'off' });
try {
  await server.deps.db.transaction(
    (tx) =>
      tx.exec(`
        set local session_replication_role = replica;
        insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
        select 'Guest ' || i, '+84 9' || lpad(i::text, 8, '0'), 'guest' || i || '@example.vn',
               date '2024-01-01' + (i % 700), 1 + i % 10,
               (array['Hanoi (main branch)','Ninh Binh','Sa Pa','Da Nang'])[1 + i % 4], '19:00', 'PM'
          from generate_series(1, ${seedRows}) as i`),
    { timeoutMs: 0 },
  );

  const samples: { at: number; ms: number }[] = [];
  let stop = false;
  const writers = Array.from({ length: 8 }, async (_, writer) => {
    const client = anonClient(server);
    for (let n = 0; !stop; n++) {
      const started = performance.now();
      await client
        .from('reservations')
        .insert(guestBooking({ name: `Bench ${writer}-${n}`, date: restaurantDate(5 + (n % 60)), guests: 2 }));
      samples.push({ at: started, ms: performance.now() - started });
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 1000)); // warm-up
  const baselineFrom = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const baselineTo = performance.now();

  const runs: { snapshotMs: number; totalMs: number; bytes: number; from: number; to: number }[] = [];
  for (let i = 0; i < backups; i++) {
    const from = performance.now();
    const snapshotStarted = performance.now();
    await server.deps.db.snapshot?.();
    const snapshotMs = performance.now() - snapshotStarted;
    const bytes = (await server.ops.backup()).length;
    const to = performance.now();
    runs.push({ snapshotMs, totalMs: to - from - snapshotMs, bytes, from, to });
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  stop = true;
  await Promise.all(writers);

  const baseline = samples.filter((s) => s.at >= baselineFrom && s.at < baselineTo).map((s) => s.ms);
  const during = samples.filter((s) => runs.some((r) => s.at + s.ms >= r.from && s.at <= r.to)).map((s) => s.ms);
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
  const report = `# Writers during a backup (embedded database)

Run by \`node bench/run.ts backup\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} CPU cores (shared with other work; load average ${load} at the end), Node ${process.version}. The server runs in-process on PGlite with ${seedRows.toLocaleString('en')} reservations; 8 writers book through supabase-js without pause. Each backup run takes the database's copy alone first (to time it), then a whole backup (copy, gzip off the database's thread, keys, manifest).

Goal: writers never wait more than a few hundred milliseconds because of a backup.

| | inserts | p50 | p95 | max |
|---|---:|---:|---:|---:|
| no backup (5 s) | ${baseline.length} | ${ms(percentile(baseline, 50))} | ${ms(percentile(baseline, 95))} | ${ms(Math.max(...baseline))} |
| while backing up | ${during.length} | ${ms(percentile(during, 50))} | ${ms(percentile(during, 95))} | ${ms(Math.max(...during))} |

| run | the copy (holds the database) | rest of the backup (database free) | backup size |
|---:|---:|---:|---:|
${runs.map((r, i) => `| ${i + 1} | ${ms(r.snapshotMs)} | ${ms(r.totalMs)} | ${(r.bytes / 1_048_576).toFixed(1)} MB |`).join('\n')}

The copy is taken in the database's worker between two pieces of work, so no transaction is half in it; writers queue behind it for its duration and no longer. The tar is gzipped on libuv's thread pool while writers go on.
`;
  writeFileSync(join(import.meta.dirname, 'results', 'backup.md'), report);
  console.log(report);
} finally {
  await server.close();
}
