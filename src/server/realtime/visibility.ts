/**
 * Who may see a change: each subscriber's view of the changed rows, read by the database as that
 * subscriber (realtime.visible_rows, src/server/db/platform/031_realtime_set_based_filters.sql) —
 * its role, its JWT claims, the grants, column grants and row-level security of /rest/v1 — in one
 * call per change for all subscribers. Subscribers listening with the same role and claims (one
 * client's channels) are one audience, read once: one statement per audience, whatever the
 * number of its filter sets, which are tested against the rows it read as data.
 */
import type { Database } from '../db/database.ts';
import type { FilterCondition } from './filters.ts';
import type { PublishedTable } from './published-tables.ts';

/** One role and set of claims, with the filters its subscriptions ask for. */
export interface Audience {
  role: string;
  claimsJson: string;
  /** Distinct filters (each a list of conditions that must all hold; [] matches every row). */
  filterSets: FilterCondition[][];
}

/** For each audience (by position) and filter set (by position): the rows it sees, by key. */
export type Visible = Map<number, Map<number, Map<string, Record<string, unknown>>>>;

interface VisibleRow {
  subscriber: number;
  filter_set: number;
  key: string;
  record: Record<string, unknown>;
}

/** How long the database may take over one change before the statement is stopped (PostgreSQL). */
const statementTimeout = '5s';

export async function readAsSubscribers(
  db: Database,
  table: PublishedTable,
  keys: readonly string[],
  audiences: readonly Audience[],
): Promise<Visible> {
  const visible: Visible = new Map();
  if (audiences.length === 0 || keys.length === 0) return visible;
  // The claims go in as JSON text inside the JSON: Postgres parses each once, as REST does.
  const subscribers = `[${audiences
    .map(
      (audience) =>
        `{"role":${JSON.stringify(audience.role)},"claims":${audience.claimsJson},"filters":${JSON.stringify(audience.filterSets)}}`,
    )
    .join(',')}]`;
  const { rows } = await db.transaction(async (tx) => {
    await tx.query(`select set_config('statement_timeout', $1, true)`, [statementTimeout]);
    return tx.query<VisibleRow>(
      'select subscriber, filter_set, key, record from realtime.visible_rows($1, $2, $3, $4)',
      [table.schema, table.name, keys, subscribers],
    );
  });
  for (const row of rows) {
    const sets = visible.get(row.subscriber) ?? new Map<number, Map<string, Record<string, unknown>>>();
    visible.set(row.subscriber, sets);
    const records = sets.get(row.filter_set) ?? new Map<string, Record<string, unknown>>();
    sets.set(row.filter_set, records);
    records.set(row.key, row.record);
  }
  return visible;
}

/**
 * Checks filter values against their columns' types before a subscription is accepted: a value
 * the column cannot hold, or an operator its type lacks, is refused at join instead of failing
 * later. Answers undefined when all is well, else what is wrong.
 */
export async function checkFilterValues(
  db: Database,
  table: PublishedTable,
  conditions: readonly FilterCondition[],
): Promise<string | undefined> {
  const operators = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=', in: '=' } as const;
  for (const condition of conditions) {
    const column = table.columns.get(condition.column);
    if (!column) return `${table.name} has no column ${condition.column}`;
    const params = condition.op === 'in' ? condition.values : [condition.value];
    // Types come from the catalog; the values are parameters.
    const casts = params.map((_, i) => `$${i + 1}::text::${column.sqlType}`);
    const test =
      condition.op === 'in'
        ? `null::${column.sqlType} = any (array[${casts.join(', ')}])`
        : `null::${column.sqlType} ${operators[condition.op]} ${casts[0]}`;
    try {
      await db.query(`select ${test}`, params);
    } catch {
      return `the filter on ${condition.column} does not fit its type (${column.sqlType})`;
    }
  }
  return undefined;
}
