/**
 * Turns a parsed request into one SQL statement. Identifiers are only ever real column names from
 * the schema cache, quoted; every value from the request is a bind parameter. Postgres formats
 * the JSON (json_agg), so dates and timestamps come out exactly as PostgREST writes them.
 */
import type { Condition, OrderTerm, SelectItem } from './query-parser.ts';
import { RestError, unknownColumn } from './rest-error.ts';
import type { FunctionInfo, TableInfo } from './schema-cache.ts';

export interface Statement {
  sql: string;
  params: string[];
  /**
   * A plain write that returns no rows: its result is the driver's affected-row count. Cheaper
   * for Postgres to plan than the CTE that hands rows back, and the common case (a guest's insert).
   */
  plain?: true;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

class Params {
  readonly values: string[];
  constructor(initial: string[] = []) {
    this.values = [...initial];
  }
  add(value: string): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function tableRef(table: TableInfo): string {
  return `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
}

function column(table: TableInfo, name: string, qualifier: string): string {
  if (!table.columns.has(name)) throw unknownColumn(table.name, name);
  return `${qualifier}.${quoteIdent(name)}`;
}

const comparison = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
const patternMatch = { like: 'like', ilike: 'ilike', match: '~', imatch: '~*' } as const;
const isSql = { null: 'is null', not_null: 'is not null', true: 'is true', false: 'is false', unknown: 'is unknown' };

function conditionSql(table: TableInfo, condition: Condition, params: Params, qualifier: string): string {
  let sql: string;
  if (condition.kind === 'group') {
    const parts = condition.conditions.map((c) => conditionSql(table, c, params, qualifier));
    sql = `(${parts.join(condition.combinator === 'and' ? ' and ' : ' or ')})`;
  } else {
    const col = column(table, condition.column, qualifier);
    switch (condition.op) {
      case 'in':
        // PostgREST: an empty list matches nothing.
        sql =
          condition.value.length === 0
            ? 'false'
            : `${col} in (${condition.value.map((v) => params.add(v)).join(', ')})`;
        break;
      case 'is':
        sql = `${col} ${isSql[condition.value]}`;
        break;
      case 'isdistinct':
        sql = `${col} is distinct from ${params.add(condition.value)}`;
        break;
      case 'like':
      case 'ilike':
        // PostgREST lets `*` stand for `%`, which is awkward to write in a URL.
        sql = `${col} ${patternMatch[condition.op]} ${params.add(condition.value.replaceAll('*', '%'))}`;
        break;
      case 'match':
      case 'imatch':
        sql = `${col} ${patternMatch[condition.op]} ${params.add(condition.value)}`;
        break;
      default:
        sql = `${col} ${comparison[condition.op]} ${params.add(condition.value)}`;
    }
  }
  return condition.negated ? `not ${sql}` : sql;
}

function whereSql(table: TableInfo, where: Condition[], params: Params, qualifier: string): string {
  if (where.length === 0) return '';
  return ` where ${where.map((c) => conditionSql(table, c, params, qualifier)).join(' and ')}`;
}

/** The select list, or `*`; also checks every name. */
function selectListSql(table: TableInfo, select: SelectItem[] | undefined, qualifier: string): string {
  if (!select) return `${qualifier}.*`;
  return select
    .map((item) => {
      if (item.kind === 'star') return `${qualifier}.*`;
      const col = column(table, item.column, qualifier);
      return item.alias ? `${col} as ${quoteIdent(item.alias)}` : col;
    })
    .join(', ');
}

function orderSql(table: TableInfo, order: OrderTerm[], qualifier: string): string {
  if (order.length === 0) return '';
  const terms = order.map((term) => {
    let sql = column(table, term.column, qualifier);
    if (term.direction) sql += ` ${term.direction}`;
    if (term.nulls) sql += ` nulls ${term.nulls}`;
    return sql;
  });
  return ` order by ${terms.join(', ')}`;
}

export interface ReadOptions {
  select: SelectItem[] | undefined;
  where: Condition[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number | undefined;
  /** Also count every matching row (Prefer: count=exact). */
  count: boolean;
  /** HEAD: only the counts are needed. */
  bodyless: boolean;
  /**
   * Read from this query (a function's rows) instead of the table: it becomes a CTE named after
   * `table`, whose columns `table` describes; its parameters come first.
   */
  source?: { sql: string; params: string[] };
}

/** One row: `n` rows in this page, `body` (a JSON array as text) and, if asked, `total`. */
export function buildRead(table: TableInfo, options: ReadOptions): Statement {
  const params = new Params(options.source?.params);
  const self = quoteIdent(table.name);
  const from = options.source ? self : tableRef(table);
  // Materialized, so the count and the page read the function's rows once.
  const prefix = options.source ? `with ${self} as materialized (${options.source.sql}) ` : '';
  const where = whereSql(table, options.where, params, self);
  const list = selectListSql(table, options.select, self);
  let page = `select ${list} from ${from}${where}${orderSql(table, options.order, self)}`;
  if (options.limit !== undefined) page += ` limit ${params.add(String(options.limit))}`;
  if (options.offset !== undefined) page += ` offset ${params.add(String(options.offset))}`;
  const body = options.bodyless ? `'[]'` : `coalesce(json_agg(_pgrst_t), '[]')::text`;
  // The count reuses the filter's parameters: same numbers, bound once.
  const total = options.count ? `(select count(*) from ${from}${where})` : 'null::bigint';
  return {
    sql: `${prefix}select count(_pgrst_t) as n, ${body} as body, ${total} as total from (${page}) _pgrst_t`,
    params: params.values,
  };
}

/** What a write hands back: nothing (`minimal`), some columns, or the primary key (for Location). */
export type Returning = { kind: 'minimal' } | { kind: 'select'; select: SelectItem[] | undefined } | { kind: 'key' };

/**
 * `bodyCheck`, a query over the request body, is made part of the result so Postgres always
 * evaluates it: an update that matches no rows must still refuse a body of the wrong types.
 */
function mutationSql(table: TableInfo, mutation: string, returning: Returning, bodyCheck?: string): string {
  const self = quoteIdent(table.name);
  const check = bodyCheck ? `_pgrst_body as (${bodyCheck}), ` : '';
  const checked = bodyCheck ? ', (select count(*) from _pgrst_body) as checked' : '';
  if (returning.kind === 'minimal') {
    return `with ${check}_pgrst_source as (${mutation} returning 1) select count(*) as n, '[]' as body, null::bigint as total${checked} from _pgrst_source`;
  }
  const select: SelectItem[] | undefined =
    returning.kind === 'key'
      ? table.primaryKey.map((name) => ({ kind: 'column', column: name, alias: undefined }))
      : returning.select;
  // Check the names against the table, and hand back only the columns asked for: column
  // privileges then apply exactly as they would to a SELECT of those columns.
  selectListSql(table, select, self);
  const list = selectListSql(table, select, '_pgrst_source');
  const wanted =
    !select || select.some((item) => item.kind === 'star')
      ? `${self}.*`
      : [...new Set(select.flatMap((item) => (item.kind === 'column' ? [item.column] : [])))]
          .map((name) => `${self}.${quoteIdent(name)}`)
          .join(', ');
  return (
    `with ${check}_pgrst_source as (${mutation} returning ${wanted}) ` +
    `select count(*) as n, coalesce(json_agg(_pgrst_t), '[]')::text as body, null::bigint as total${checked} ` +
    `from (select ${list} from _pgrst_source) _pgrst_t`
  );
}

export interface InsertOptions {
  /** The body's rows (each a plain JSON object). */
  rows: Record<string, unknown>[];
  /** Columns to insert: from `columns=`, or the body's keys. */
  columns: string[];
  /** Prefer: missing=default — a column a row leaves out gets its default, not NULL. */
  missingDefault: boolean;
  returning: Returning;
  /** Prefer: resolution=…, with the conflict target (on_conflict, or the primary key). */
  upsert: { resolution: 'merge' | 'ignore'; target: string[] } | undefined;
}

export function buildInsert(table: TableInfo, options: InsertOptions): Statement {
  const params = new Params();
  const target = tableRef(table);
  const columns = options.columns.map((name) => column(table, name, '_pgrst_r'));
  const columnList = options.columns.map(quoteIdent).join(', ');
  const recordType = `null::${target}`;
  let insert: string;
  if (options.missingDefault && options.columns.length > 0 && options.rows.length > 0) {
    // One parameter per row, so Postgres parses each row's JSON on its own; DEFAULT where a row
    // leaves a column out.
    const values = options.rows.map((row) => {
      const record = `json_populate_record(${recordType}, ${params.add(JSON.stringify(row))}::text::json)`;
      const cells = options.columns.map((name) =>
        Object.hasOwn(row, name) ? `(${record}).${quoteIdent(name)}` : 'default',
      );
      return `(${cells.join(', ')})`;
    });
    insert = `insert into ${target} (${columnList}) values ${values.join(', ')}`;
  } else {
    const source = `json_populate_recordset(${recordType}, ${params.add(JSON.stringify(options.rows))}::text::json) _pgrst_r`;
    insert =
      options.columns.length > 0
        ? `insert into ${target} (${columnList}) select ${columns.join(', ')} from ${source}`
        : `insert into ${target} select from ${source}`;
  }
  if (options.upsert) {
    const conflictTarget = options.upsert.target.map((name) =>
      column(table, name, '_pgrst_r').slice('_pgrst_r.'.length),
    );
    if (conflictTarget.length === 0) {
      throw new RestError(400, {
        code: 'PGRST100',
        message: 'An upsert needs on_conflict or a primary key',
      });
    }
    const updates = options.columns.map((name) => `${quoteIdent(name)} = excluded.${quoteIdent(name)}`);
    insert +=
      options.upsert.resolution === 'ignore' || updates.length === 0
        ? ` on conflict (${conflictTarget.join(', ')}) do nothing`
        : ` on conflict (${conflictTarget.join(', ')}) do update set ${updates.join(', ')}`;
  }
  if (options.returning.kind === 'minimal') return { sql: insert, params: params.values, plain: true };
  return { sql: mutationSql(table, insert, options.returning), params: params.values };
}

export interface UpdateOptions {
  values: Record<string, unknown>;
  where: Condition[];
  returning: Returning;
}

export function buildUpdate(table: TableInfo, options: UpdateOptions): Statement {
  const params = new Params();
  const self = quoteIdent(table.name);
  const names = Object.keys(options.values);
  const body = params.add(JSON.stringify(options.values));
  const sets = names.map(
    (name) => `${column(table, name, '_pgrst_b').slice('_pgrst_b.'.length)} = _pgrst_b.${quoteIdent(name)}`,
  );
  const record = `select * from json_populate_record(null::${tableRef(table)}, ${body}::text::json)`;
  const update =
    `update ${tableRef(table)} set ${sets.join(', ')} from (${record}) _pgrst_b` +
    whereSql(table, options.where, params, self);
  return { sql: mutationSql(table, update, options.returning, record), params: params.values };
}

export interface DeleteOptions {
  where: Condition[];
  returning: Returning;
}

export function buildDelete(table: TableInfo, options: DeleteOptions): Statement {
  const params = new Params();
  const self = quoteIdent(table.name);
  const del = `delete from ${tableRef(table)}${whereSql(table, options.where, params, self)}`;
  if (options.returning.kind === 'minimal') return { sql: del, params: params.values, plain: true };
  return { sql: mutationSql(table, del, options.returning), params: params.values };
}

/** The call of a function with the named arguments given (the others keep their defaults). */
export interface Call {
  /** FROM items that provide the arguments (empty when there are none), to be joined laterally. */
  from: string;
  /** `public."fn"("a" => _pgrst_args."a", …)` */
  expression: string;
  params: string[];
}

/**
 * Arguments travel as one JSON parameter, turned into typed values by json_to_record with the
 * parameters' own types from the catalog, as PostgREST does: a value of the wrong type is refused
 * by Postgres (22P02 and friends), never spliced into SQL.
 */
export function buildCall(fn: FunctionInfo, args: Record<string, unknown>): Call {
  const given = fn.params.filter((param) => Object.hasOwn(args, param.name));
  const callee = `public.${quoteIdent(fn.name)}`;
  if (given.length === 0) return { from: '', expression: `${callee}()`, params: [] };
  const record = given.map((param) => `${quoteIdent(param.name)} ${param.type}`).join(', ');
  const named = given.map((param) => `${quoteIdent(param.name)} => _pgrst_args.${quoteIdent(param.name)}`);
  const values = Object.fromEntries(given.map((param) => [param.name, args[param.name]]));
  return {
    from: `json_to_record($1::json) as _pgrst_args(${record})`,
    expression: `${callee}(${named.join(', ')})`,
    params: [JSON.stringify(values)],
  };
}

/** void: the call alone. One row whatever it did. */
export function buildVoidCall(call: Call): Statement {
  const from = call.from ? ` from ${call.from}` : '';
  return {
    sql: `select 1::bigint as n, '' as body, null::bigint as total from (select ${call.expression}${from}) _pgrst_v`,
    params: call.params,
  };
}

/** A scalar (or a set of them): the value itself as JSON, or a JSON array of the values. */
export function buildScalarCall(call: Call, set: boolean): Statement {
  const lateral = call.from ? `${call.from}, lateral ` : '';
  if (!set) {
    return {
      sql: `select 1::bigint as n, coalesce(to_json(_pgrst_v.v), 'null'::json)::text as body, null::bigint as total from (select ${call.expression} as v${call.from ? ` from ${call.from}` : ''}) _pgrst_v`,
      params: call.params,
    };
  }
  return {
    sql: `select count(*) as n, coalesce(json_agg(_pgrst_f.v), '[]')::text as body, null::bigint as total from ${lateral}${call.expression} as _pgrst_f(v)`,
    params: call.params,
  };
}

/** Rows of a function, as the source of an ordinary read (select, filters, order, paging, count). */
export function callSource(call: Call): { sql: string; params: string[] } {
  const lateral = call.from ? `${call.from}, lateral ` : '';
  return { sql: `select _pgrst_f.* from ${lateral}${call.expression} as _pgrst_f`, params: call.params };
}
