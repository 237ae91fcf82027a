/**
 * What every REST request becomes: one SQL statement returning one row (`n` rows, the JSON `body`,
 * the `total` when counted), and how that row turns into the HTTP answer. Reads of tables and of
 * functions' rows share the read plan.
 */
import type { Context } from 'hono';
import type { Preferences, Shape } from './preferences.ts';
import type { ParsedQuery } from './query-parser.ts';
import { RestError } from './rest-error.ts';
import type { TableInfo } from './schema-cache.ts';
import { buildPlannedCount, buildRead, type ReadOptions, type Statement } from './sql-builder.ts';

/**
 * PostgREST's db-max-rows: a read returns at most this many rows, whatever `limit` asks for
 * (Content-Range and the count still tell the whole truth). 1,000 is Supabase's default; the
 * dashboard reads 50 at a time.
 */
export const maxRows = 1000;

export interface QueryRow {
  n: number;
  body: string;
  total: number | null;
}

export interface Outcome {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export interface Plan {
  statement: Statement;
  /**
   * EXPLAIN of the rows counted (count=planned, and count=estimated past the row cap): run after
   * the statement, in the same transaction; its estimate becomes the total.
   */
  plannedCount?: { statement: Statement; when: (total: number | null) => boolean };
  /** Turns the statement's one row into the response. */
  respond(row: QueryRow): Outcome;
}

export function contentType(shape: Shape): string {
  if (shape === 'csv') return 'text/csv; charset=utf-8';
  return shape === 'object' ? 'application/vnd.pgrst.object+json; charset=utf-8' : 'application/json; charset=utf-8';
}

/** The statement's body in the shape asked for (PGRST116 unless a single object is there to give). */
export function shapedBody(row: QueryRow, shape: Shape): string {
  if (shape === 'object') return singleObject(row);
  // CSV is written by the statement itself (rowsBody in sql-builder.ts).
  return row.body;
}

export function contentRange(lower: number, rows: number, total: number | null): string {
  const totalText = total === null ? '*' : String(total);
  return rows === 0 ? `*/${totalText}` : `${lower}-${lower + rows - 1}/${totalText}`;
}

/** json_agg's text of exactly one row is `[{…}]`: the object is what lies between the brackets. */
export function singleObject(row: QueryRow): string {
  if (row.n !== 1) {
    throw new RestError(406, {
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: `The result contains ${row.n} rows`,
    });
  }
  return row.body.slice(1, -1).trim();
}

export function planRead(
  c: Context,
  table: TableInfo,
  query: ParsedQuery,
  prefs: Preferences,
  shape: Shape,
  options: Pick<ReadOptions, 'embeds' | 'aggregates' | 'source'>,
): Plan {
  const head = c.req.method === 'HEAD';
  const read: ReadOptions = {
    ...options,
    select: query.select,
    where: query.where,
    order: query.order,
    limit: Math.min(query.limit ?? maxRows, maxRows),
    offset: query.offset,
    // planned: the planner alone; estimated: exact up to the row cap, the planner beyond, as PostgREST.
    count: prefs.count === 'exact' ? true : prefs.count === 'estimated' ? { cap: maxRows } : false,
    bodyless: head,
    csv: shape === 'csv',
  };
  const statement = buildRead(table, read);
  const plannedCount =
    prefs.count === 'planned' || prefs.count === 'estimated'
      ? {
          statement: buildPlannedCount(table, read),
          when: (total: number | null) => prefs.count === 'planned' || (total ?? 0) > maxRows,
        }
      : undefined;
  return {
    statement,
    plannedCount,
    respond(row) {
      const lower = query.offset ?? 0;
      const total = row.total;
      if (total !== null && lower > total) {
        throw new RestError(416, {
          code: 'PGRST103',
          message: 'Requested range not satisfiable',
          details: `An offset of ${lower} was requested, but there are only ${total} rows.`,
        });
      }
      const body = head ? null : shapedBody(row, shape);
      // PostgREST: 206 when the page holds fewer rows than the (known) total.
      const status = total !== null && row.n < total ? 206 : 200;
      return {
        status,
        headers: { 'Content-Type': contentType(shape), 'Content-Range': contentRange(lower, row.n, total) },
        body,
      };
    },
  };
}
