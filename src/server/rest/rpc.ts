/**
 * `/rest/v1/rpc/<function>`: what supabase-js `.rpc()` sends, with PostgREST's semantics. POST
 * takes the arguments as a JSON object of named values; GET and HEAD take them from the query
 * string (and run in a read-only transaction, so a function that writes is refused). The result
 * is the function's value, or its rows, which take `select`, filters, `order`, paging and counts
 * like a table's. Only functions of schema public exist here; the role runs them with its own
 * EXECUTE grants, and Postgres refuses the ones it may not call.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { type Plan, planRead } from './plan.ts';
import type { Preferences, Shape } from './preferences.ts';
import { type ParsedQuery, parseQuery } from './query-parser.ts';
import { RestError } from './rest-error.ts';
import type { FunctionInfo, TableInfo } from './schema-cache.ts';
import { buildCall, buildScalarCall, buildVoidCall, callSource } from './sql-builder.ts';

const argsSchema = z.record(z.string(), z.unknown(), { error: 'The arguments must be a JSON object' });

function notFound(schema: string, name: string, argNames: string[]): RestError {
  const sorted = [...argNames].sort();
  const shown = name.slice(0, 100);
  return new RestError(404, {
    code: 'PGRST202',
    message:
      sorted.length === 0
        ? `Could not find the function ${schema}.${shown} without parameters in the schema cache`
        : `Could not find the function ${schema}.${shown}(${sorted.join(', ')}) in the schema cache`,
    details: `Searched for the function ${schema}.${shown} with ${
      sorted.length === 0 ? 'no parameters' : `parameters ${sorted.join(', ')}`
    }, but no matches were found in the schema cache.`,
  });
}

/** The overload whose parameters take exactly these names (the others must have defaults). */
export function chooseFunction(
  name: string,
  overloads: FunctionInfo[],
  argNames: string[],
  schema = 'public',
): FunctionInfo {
  const fits = overloads.filter(
    (fn) =>
      argNames.every((arg) => fn.params.some((param) => param.name === arg)) &&
      fn.params.every((param) => param.hasDefault || argNames.includes(param.name)),
  );
  const [only, ...others] = fits;
  if (!only) throw notFound(schema, name, argNames);
  if (others.length > 0) {
    throw new RestError(300, {
      code: 'PGRST203',
      message: `Could not choose the best candidate function between: ${fits
        .map((fn) => `${fn.schema}.${fn.name}(${fn.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`)
        .join(', ')}`,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  }
  return only;
}

/**
 * The call's arguments: the JSON body of a POST, or, for GET and HEAD, the query parameters that
 * name a parameter of the function (the rest are filters, select, order and paging).
 */
export function splitArguments(
  method: string,
  overloads: FunctionInfo[],
  searchParams: URLSearchParams,
  body: unknown,
): { args: Record<string, unknown>; query: ParsedQuery } {
  const paramNames = new Set(overloads.flatMap((fn) => fn.params.map((param) => param.name)));
  if (method === 'POST') {
    const parsed = argsSchema.safeParse(body ?? {});
    if (!parsed.success) {
      throw new RestError(400, { code: 'PGRST102', message: 'The arguments must be a JSON object' });
    }
    return { args: parsed.data, query: parseQuery(searchParams) };
  }
  const args: Record<string, unknown> = {};
  const rest: [string, string][] = [];
  for (const [key, value] of searchParams) {
    if (paramNames.has(key)) args[key] = value;
    else rest.push([key, value]);
  }
  return { args, query: parseQuery(rest) };
}

function touchesRows(query: ParsedQuery): boolean {
  return (
    query.select !== undefined ||
    query.where.length > 0 ||
    query.order.length > 0 ||
    query.limit !== undefined ||
    query.offset !== undefined
  );
}

export function planRpc(
  c: Context,
  fn: FunctionInfo,
  args: Record<string, unknown>,
  query: ParsedQuery,
  prefs: Preferences,
  shape: Shape,
): Plan {
  const call = buildCall(fn, args);
  if (fn.returns === 'rows') {
    // The function's rows read like a table named after the call.
    const rows: TableInfo = {
      schema: fn.schema,
      name: '_pgrst_call',
      kind: 'table',
      columns: fn.columns,
      primaryKey: [],
    };
    // Embedding from a function's rows is not supported: an embed in its select is PGRST200.
    const read = planRead(c, rows, query, prefs, shape, {
      embeds: new Map(),
      aggregates: false,
      source: callSource(call),
    });
    if (fn.returnsSet) return read;
    // One composite value: an object, as PostgREST answers.
    return { statement: read.statement, respond: (row) => singleValue(row.body, c.req.method) };
  }
  if (touchesRows(query)) {
    throw new RestError(400, {
      code: 'PGRST100',
      message: `${fn.schema}.${fn.name} returns ${fn.returns === 'void' ? 'nothing' : 'a value, not rows'}: select, filters, order and paging do not apply`,
    });
  }
  if (fn.returns === 'void') {
    return { statement: buildVoidCall(call), respond: () => ({ status: 204, headers: {}, body: null }) };
  }
  return {
    statement: buildScalarCall(call, fn.returnsSet),
    respond: (row) => ({
      status: 200,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        ...(fn.returnsSet ? { 'Content-Range': row.n === 0 ? '*/*' : `0-${row.n - 1}/*` } : {}),
      },
      body: c.req.method === 'HEAD' ? null : row.body,
    }),
  };
}

/** The one row of a function returning a single composite, as an object. */
function singleValue(body: string, method: string) {
  const inner = body.trim().slice(1, -1).trim();
  return {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: method === 'HEAD' ? null : inner === '' ? 'null' : inner,
  };
}
