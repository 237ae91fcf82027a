/**
 * Loading many bookings (issue 31, item 10): the cost per row of inserting bookings with every
 * trigger and rule running, on PostgreSQL and on the embedded database.
 *   - one statement of N rows (each rolled back, so every size starts from the same table);
 *   - 100,000 rows in committed batches of 1,000 (the table grows: the first and last batches
 *     compare a slot, a guest and a table that are empty and full);
 *   - `admin import bookings` of a 100,000-row file of past bookings with their statuses.
 * The bookings come from 500 returning guests over four branches, 120 days and seven times, so the
 * rows per guest and per slot grow with N, which is what made the per-row cost grow. (A statement
 * takes one lock per slot it books: PostgreSQL's default lock table holds about 12,000 for the
 * whole server, so one statement cannot book many more distinct future slots.)
 * `node bench/run.ts bulk-bookings`; sizes with BULK_SIZES (default 1000,10000,100000), the rows in
 * batches with BULK_BATCH_ROWS and imported with BULK_IMPORT_ROWS (default 100,000 each); the
 * embedded database's with BULK_PGLITE_SIZES, BULK_PGLITE_BATCH_ROWS and BULK_PGLITE_IMPORT_ROWS
 * (default the same). Results in bench/results/bulk-bookings.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { importBookings, parseBookingsCsv } from '../src/server/cli/import-bookings.ts';
import type { Database } from '../src/server/db/database.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { restaurantDate } from '../tests/support/builders.ts';
import { createTestPostgres, provideTestPostgres } from '../tests/support/postgres.ts';

const sizes = (value: string | undefined) => (value ?? '1000,10000,100000').split(',').map(Number);
const count = (value: string | undefined) => Number(value ?? 100_000);
interface Plan {
  statementSizes: number[];
  batchRows: number;
  importRows: number;
}
const postgresPlan: Plan = {
  statementSizes: sizes(process.env.BULK_SIZES),
  batchRows: count(process.env.BULK_BATCH_ROWS),
  importRows: count(process.env.BULK_IMPORT_ROWS),
};
const pglitePlan: Plan = {
  statementSizes: sizes(process.env.BULK_PGLITE_SIZES ?? process.env.BULK_SIZES),
  batchRows: count(process.env.BULK_PGLITE_BATCH_ROWS ?? process.env.BULK_BATCH_ROWS),
  importRows: count(process.env.BULK_PGLITE_IMPORT_ROWS ?? process.env.BULK_IMPORT_ROWS),
};
const batchSize = 1000;
const guests = 500;
const branches = ['Hanoi (main branch)', 'Ninh Binh', 'Sa Pa', 'Da Nang'];
const times = ['11:30', '12:00', '12:30', '18:00', '19:00', '19:30', '20:00'];

/** Rows `from`..`from + n - 1` of the bookings above, future dates, as one insert. */
const insertSql = (from: number, n: number) => `
  insert into public.reservations (name, mobile, email, date, guests, branch, time, period, notes)
  select 'Guest ' || (i % ${guests}), '+84 90' || lpad((i % ${guests})::text, 7, '0'),
         'guest' || (i % ${guests}) || '@example.vn', current_date + 2 + (i / 28) % 120, 1 + i % 6,
         (array['${branches.join("','")}'])[1 + i % 4],
         (array['${times.join("','")}'])[1 + i % 7],
         case when i % 7 < 3 then 'Lunch' else 'Dinner' end,
         case when i % 5 = 0 then 'Window seat please' end
    from generate_series(${from}, ${from + n - 1}) as i`;

/** A file of past bookings from another system: mostly finished, some cancelled and no-shows. */
function importFile(n: number): string {
  const statuses = ['finished', 'finished', 'finished', 'finished', 'finished', 'cancelled', 'no_show'];
  const lines = ['name,mobile,email,date,time,period,guests,branch,notes,status'];
  for (let i = 0; i < n; i++) {
    const guest = i % guests;
    lines.push(
      `Guest ${guest},+84 91${String(guest).padStart(7, '0')},old${guest}@example.vn,${restaurantDate(-2 - (Math.floor(i / 28) % 700))},${times[i % 7]},${i % 7 < 3 ? 'Lunch' : 'Dinner'},${1 + (i % 6)},${branches[i % 4]},,${statuses[i % 7]}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const rollback = new Error('rollback');

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

interface Result {
  statements: { rows: number; ms: number }[];
  batches: { firstMsPerRow: number; lastMsPerRow: number; totalMs: number; rows: number };
  import: { rows: number; ms: number };
}

async function measure(db: Database, { statementSizes, batchRows, importRows }: Plan): Promise<Result> {
  // Covers per slot on, so every booking takes the capacity check's lock and count.
  await db.query(`update public.branch_settings set covers_per_slot = 400`);
  const statements: Result['statements'] = [];
  for (const rows of statementSizes) {
    const ms = await timed(() =>
      db
        .transaction(
          async (tx) => {
            await tx.exec(insertSql(0, rows));
            throw rollback;
          },
          { timeoutMs: 0 },
        )
        .catch((error: unknown) => {
          if (error !== rollback) throw error;
        }),
    );
    statements.push({ rows, ms });
    console.log(`  one statement of ${rows}: ${(ms / rows).toFixed(3)} ms/row`);
  }
  // BULK_IMPORT_ROWS=0 leaves the import out (code from before it existed).
  const importMs = importRows > 0 ? await timed(() => importBookings(db, parseBookingsCsv(importFile(importRows)))) : 0;
  console.log(`  import of ${importRows}: ${(importMs / 1000).toFixed(1)} s`);
  const perBatch: number[] = [];
  for (let from = 0; from < batchRows; from += batchSize) {
    perBatch.push(await timed(() => db.transaction((tx) => tx.exec(insertSql(from, batchSize)), { timeoutMs: 0 })));
  }
  const tenth = Math.max(1, Math.floor(perBatch.length / 10));
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length / batchSize;
  const batches = {
    rows: batchRows,
    totalMs: perBatch.reduce((a, b) => a + b, 0),
    firstMsPerRow: mean(perBatch.slice(0, tenth)),
    lastMsPerRow: mean(perBatch.slice(-tenth)),
  };
  console.log(
    `  batches: first tenth ${batches.firstMsPerRow.toFixed(3)}, last ${batches.lastMsPerRow.toFixed(3)} ms/row`,
  );
  return { statements, batches, import: { rows: importRows, ms: importMs } };
}

const loadAtStart = loadavg()[0] ?? 0;
const postgres = await provideTestPostgres();
const results: { name: string; result: Result }[] = [];
try {
  {
    console.log('PostgreSQL');
    const pg = await createTestPostgres();
    await pg.db.close();
    const db = await openDatabase({ databaseUrl: pg.url, dataDir: mkdtempSync(join(tmpdir(), 'bulk-bench-')) });
    try {
      results.push({ name: postgres.label, result: await measure(db, postgresPlan) });
    } finally {
      await db.close();
      await pg.drop();
    }
  }
  {
    console.log('PGlite');
    const dataDir = mkdtempSync(join(tmpdir(), 'bulk-bench-'));
    const db = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      results.push({ name: 'The embedded database (PGlite, in this process)', result: await measure(db, pglitePlan) });
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await postgres.stop();
}
const loadAtEnd = loadavg()[0] ?? 0;

const perRow = (ms: number, rows: number) => (ms / rows).toFixed(3);
const lines = [
  '# Loading many bookings',
  '',
  `Run by \`node bench/run.ts bulk-bookings\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} CPU cores, shared with other work (load average ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end), Node ${process.version}. Every trigger and rule runs (covers per slot set, so each booking takes the capacity check). Bookings from ${guests} returning guests over 4 branches, 120 days and 7 times: the rows per guest and per slot grow with the statement.`,
  '',
];
for (const { name, result } of results) {
  lines.push(`## ${name}`, '', '| Rows in one statement | Total | ms per row |', '|---:|---:|---:|');
  for (const s of result.statements) {
    lines.push(`| ${s.rows.toLocaleString('en')} | ${(s.ms / 1000).toFixed(1)} s | ${perRow(s.ms, s.rows)} |`);
  }
  const b = result.batches;
  lines.push(
    '',
    `${b.rows.toLocaleString('en')} rows in committed batches of ${batchSize.toLocaleString('en')}: ${(b.totalMs / 1000).toFixed(1)} s in all, ${perRow(b.totalMs, b.rows)} ms per row; the first tenth of the batches ${b.firstMsPerRow.toFixed(3)} ms per row, the last tenth ${b.lastMsPerRow.toFixed(3)}.`,
    '',
    result.import.rows === 0
      ? '(No import.)'
      : `\`admin import bookings\` of ${result.import.rows.toLocaleString('en')} past bookings with their statuses (one transaction, statements of 1,000 rows): ${(result.import.ms / 1000).toFixed(1)} s, ${perRow(result.import.ms, result.import.rows)} ms per row.`,
    '',
  );
}
writeFileSync(join(import.meta.dirname, 'results', 'bulk-bookings.md'), `${lines.join('\n')}\n`);
console.log('Wrote bench/results/bulk-bookings.md');
