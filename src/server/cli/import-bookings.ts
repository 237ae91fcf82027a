/**
 * `npm run admin -- import bookings FILE.csv`: bookings from another system, all or nothing.
 *
 * The file is CSV (RFC 4180, UTF-8, a byte order mark allowed) with a header row naming its
 * columns, in any order (docs/operations/importing-bookings.md):
 *   name, mobile, email, date (yyyy-MM-dd), time, period, guests, branch   required
 *   notes, status (booked|seated|finished|no_show|cancelled, booked when blank),
 *   created_at (ISO 8601 with an offset, now when blank)                   optional
 * Each row is checked twice: here against the shapes of a booking (the same zod schema as the
 * booking form's insert), and in the database by every booking rule, as a guest's booking is
 * (branch, opening hours, closed dates, party size, covers per slot, tables). The one difference
 * is the database's import mode (20261209400000_flat_booking_cost.sql): a booking may be for a
 * time already past, it keeps its status, and no confirmation email goes out. The first bad row
 * refuses the whole file with its line number and reason; nothing is imported.
 *
 * Rows go in 1,000 to a statement (one statement per row costs a round trip each; the triggers'
 * per-row cost is flat however many rows a statement holds). When a batch is refused, it is
 * taken again row by row to name the line.
 */
import { readFileSync } from 'node:fs';
import { CsvError, parse } from 'csv-parse/sync';
import { z } from 'zod';
import { bookingStatuses } from '../../domain/booking-lifecycle.ts';
import { limits, minGuests, reservationInsertSchema } from '../../domain/reservation.ts';
import type { Database, Queryable } from '../db/database.ts';

export const importBookingsUsage = '  npm run admin -- import bookings FILE.csv';

export class ImportUsageError extends Error {}
/** The file or the database refused the bookings; nothing was imported. */
export class ImportError extends Error {}

export const requiredColumns = ['name', 'mobile', 'email', 'date', 'time', 'period', 'guests', 'branch'] as const;
export const optionalColumns = ['notes', 'status', 'created_at'] as const;
const knownColumns: readonly string[] = [...requiredColumns, ...optionalColumns];

const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

/** One row of the file, as text, to a booking. */
export const importRowSchema = reservationInsertSchema.extend({
  guests: z
    .string()
    .trim()
    .regex(/^\d+$/, 'Not a whole number')
    .transform(Number)
    .pipe(z.number().int().min(minGuests).max(limits.guests)),
  notes: z.preprocess((value) => value ?? null, reservationInsertSchema.shape.notes),
  status: z.preprocess(blankAsMissing, z.enum(bookingStatuses).default('booked')),
  created_at: z.preprocess(blankAsMissing, z.iso.datetime({ offset: true }).optional()),
});
export type ImportRow = z.infer<typeof importRowSchema> & { line: number };

const rowsPerStatement = 1000;

/** The file's text to checked rows; the first problem refuses the file, naming its line. */
export function parseBookingsCsv(text: string): ImportRow[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => checkHeader(header),
      skip_empty_lines: true,
      info: true,
    });
  } catch (error) {
    if (error instanceof ImportError) throw error;
    if (error instanceof CsvError) throw new ImportError(`Not imported: ${error.message}`);
    throw error;
  }
  if (records.length === 0) throw new ImportError('Not imported: the file has no bookings.');
  return records.map(({ record, info }) => {
    const parsed = importRowSchema.safeParse(record);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
      throw new ImportError(`Not imported: line ${info.lines}: ${problems.join('; ')}`);
    }
    return { ...parsed.data, line: info.lines };
  });
}

function checkHeader(header: string[]): string[] {
  const columns = header.map((name) => name.trim().toLowerCase());
  const unknown = columns.filter((name) => !knownColumns.includes(name));
  if (unknown.length > 0) {
    throw new ImportError(
      `Not imported: line 1: unknown column(s) ${unknown.join(', ')} (known: ${knownColumns.join(', ')}).`,
    );
  }
  const missing = requiredColumns.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw new ImportError(`Not imported: line 1: missing column(s) ${missing.join(', ')}.`);
  return columns;
}

async function insertRows(tx: Queryable, rows: readonly ImportRow[]): Promise<void> {
  await tx.query(
    `insert into public.reservations
       (name, mobile, email, date, time, period, guests, branch, notes, status, arrived, created_at)
     select r.name, r.mobile, r.email, r.date, r.time, r.period, r.guests, r.branch, r.notes, r.status,
            r.status in ('seated', 'finished'), coalesce(r.created_at, now())
       from jsonb_to_recordset($1::jsonb) as r(name text, mobile text, email text, date date, time text,
            period text, guests integer, branch text, notes text, status text, created_at timestamptz)`,
    [JSON.stringify(rows)],
  );
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Imports the rows in one transaction; returns how many. */
export async function importBookings(db: Database, rows: readonly ImportRow[]): Promise<number> {
  await db.transaction(
    async (tx) => {
      // The database's import mode, for this transaction only (private.importing_bookings()).
      await tx.query(`select set_config('booking.import', 'on', true)`);
      for (let start = 0; start < rows.length; start += rowsPerStatement) {
        const batch = rows.slice(start, start + rowsPerStatement);
        await tx.query('savepoint import_batch');
        try {
          await insertRows(tx, batch);
          await tx.query('release savepoint import_batch');
        } catch (error) {
          await tx.query('rollback to savepoint import_batch');
          for (const row of batch) {
            try {
              await insertRows(tx, [row]);
            } catch (rowError) {
              throw new ImportError(`Not imported: line ${row.line}: ${reason(rowError)}`);
            }
          }
          throw new ImportError(`Not imported: lines ${batch[0]?.line}–${batch.at(-1)?.line}: ${reason(error)}`);
        }
      }
    },
    { timeoutMs: 0 },
  );
  return rows.length;
}

/** `import bookings FILE.csv`: the command's answer, or an ImportError saying why not. */
export async function runImportBookings(db: Database, argv: readonly string[]): Promise<string> {
  const [what, file, ...rest] = argv;
  if (what !== 'bookings' || !file || rest.length > 0) throw new ImportUsageError('import takes: bookings FILE.csv');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ImportError(`Not imported: cannot read ${file} (${reason(error)}).`);
  }
  const rows = parseBookingsCsv(text);
  const started = performance.now();
  const count = await importBookings(db, rows);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `Imported ${count.toLocaleString('en')} booking(s) from ${file} in ${seconds} s.`;
}
