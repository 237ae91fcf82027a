/**
 * /rest/v1: the PostgREST subset supabase-js uses, for the real tables of schema public. Each
 * request runs in one transaction as the caller's role with the caller's JWT claims, so grants
 * and row-level security in Postgres decide what it may see and change.
 */
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { staffRoles } from '../../domain/team.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Queryable } from '../db/database.ts';
import { clientRateLimitKey } from '../http/client-address.ts';
import { findJsonFault, maxJsonDepth } from '../http/json-limits.ts';
import { databaseVisibleHeaders } from '../http/request-headers.ts';
import type { Limit } from '../rate-limit/rate-limiter.ts';
import { guestReadLimit } from '../rate-limit/read-limits.ts';
import { type Embeds, resolveEmbeds } from './embedding.ts';
import {
  contentRange,
  contentType,
  type Outcome,
  type Plan,
  planRead,
  type QueryRow,
  shapedBody,
  singleObject,
} from './plan.ts';
import {
  appliedPreferences,
  checkMaxAffected,
  chooseSchema,
  type Preferences,
  parsePrefer,
  responseShape,
  type Shape,
} from './preferences.ts';
import { type ParsedQuery, parseQueryString, queryStringParams } from './query-parser.ts';
import { authenticate, type RequestIdentity } from './request-auth.ts';
import { fromDatabaseError, RestError } from './rest-error.ts';
import { chooseFunction, planRpc, splitArguments } from './rpc.ts';
import { createSchemaCache, type TableInfo } from './schema-cache.ts';
import { buildDelete, buildInsert, buildUpdate, type Returning, type Statement } from './sql-builder.ts';

/**
 * Inserts by guests per client address: anonymous callers (the public booking form) and signed-in
 * accounts that are not staff share one counter. Each such request holds one row, so this counts
 * rows too. Staff are not limited: their accounts are made only by the owner, and a host taking
 * phone bookings on a busy evening must not be stopped.
 */
export const anonInsertLimit: Limit = { max: 30, windowSeconds: 60 };

const methods = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'];

const jsonObject = z.record(z.string(), z.unknown());
const insertBodySchema = z.union([jsonObject, z.array(jsonObject)]);
const updateBodySchema = jsonObject;

/** The claim the RLS policies read (`auth.jwt() -> 'app_metadata' ->> 'role'`), read the same way: any staff role. */
const staffClaims = z.object({ app_metadata: z.object({ role: z.enum(staffRoles) }) });

/**
 * Anonymous callers and signed-in accounts that are not staff: they book as guests do. This only
 * decides limits (rows per insert, the rate limit); what anyone may see or change is Postgres's call.
 */
function isGuest(identity: RequestIdentity): boolean {
  if (identity.role === 'anon') return true;
  return identity.role === 'authenticated' && !staffClaims.safeParse(identity.claims).success;
}

const explainSchema = z.object({ Plan: z.object({ 'Plan Rows': z.number() }) }).array();

/** The planner's row estimate from `explain (format json)`: its one row holds the plan as JSON (text on some drivers). */
function plannedRows(row: Record<string, unknown> | undefined): number {
  const value = row?.['QUERY PLAN'];
  const plan = explainSchema.parse(typeof value === 'string' ? JSON.parse(value) : value);
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/** Thrown inside the transaction to roll it back while still answering (Prefer: tx=rollback). */
class RollbackWith {
  readonly outcome: Outcome;
  constructor(outcome: Outcome) {
    this.outcome = outcome;
  }
}

/** The JSON body; `whenEmpty` (if given) stands for an empty one. */
async function readJson(c: Context, whenEmpty?: unknown): Promise<unknown> {
  const type = c.req.header('content-type');
  if (type && !/^application\/(json|vnd\.pgrst\.object\+json)\b/i.test(type.trim())) {
    throw new RestError(415, { code: 'PGRST107', message: `Content-Type not acceptable: ${type.slice(0, 100)}` });
  }
  const text = await c.req.text();
  if (whenEmpty !== undefined && text.trim() === '') return whenEmpty;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RestError(400, { code: 'PGRST102', message: 'Empty or invalid json', details: null });
  }
  const fault = findJsonFault(value);
  if (fault === 'too-deep') {
    throw new RestError(400, {
      code: 'PGRST102',
      message: 'The JSON body is nested too deeply',
      details: `At most ${maxJsonDepth} levels of arrays and objects are allowed`,
    });
  }
  if (fault === 'nul') {
    throw new RestError(400, {
      code: 'PGRST102',
      message: 'The JSON body holds a NUL character (\\u0000)',
      details: 'Text in Postgres cannot contain NUL',
    });
  }
  return value;
}

function invalidBody(message: string): RestError {
  return new RestError(400, { code: 'PGRST102', message });
}

function unknownBodyColumn(table: TableInfo, name: string): RestError {
  return new RestError(400, {
    code: 'PGRST204',
    message: `Could not find the '${name}' column of '${table.name}' in the schema cache`,
  });
}

function checkBodyColumns(table: TableInfo, names: string[]): void {
  for (const name of names) if (!table.columns.has(name)) throw unknownBodyColumn(table, name);
}

function sameKeys(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((key) => b.includes(key));
}

function returningFor(
  prefs: Preferences,
  query: ParsedQuery,
  table: TableInfo,
  embeds: Embeds,
  shape: Shape,
): Returning {
  if (prefs.return === 'representation') {
    return { kind: 'select', select: query.select, embeds, csv: shape === 'csv' };
  }
  if (prefs.return === 'headers-only' && table.primaryKey.length > 0) return { kind: 'key' };
  return { kind: 'minimal' };
}

function planInsert(
  table: TableInfo,
  query: ParsedQuery,
  prefs: Preferences,
  shape: Shape,
  body: unknown,
  /** A guest writing to one of the booking tables: one row per request. */
  limited: boolean,
  embeds: Embeds,
): Plan {
  const parsed = insertBodySchema.safeParse(body);
  if (!parsed.success) throw invalidBody('The body must be a JSON object or an array of JSON objects');
  const rows = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  if (limited && rows.length > 1) {
    // A guest books one table at a time; otherwise one request under the rate limit could store
    // hundreds of rows (a 64 KiB body holds about 450 bookings).
    throw new RestError(400, {
      code: 'too_many_rows',
      message: 'A guest may insert one row per request',
      details: `The body holds ${rows.length} rows`,
      hint: 'Send one object at a time.',
    });
  }
  let columns: string[];
  if (query.columns) {
    columns = [...new Set(query.columns)];
  } else {
    const first = rows[0] ? Object.keys(rows[0]) : [];
    if (!rows.every((row) => sameKeys(Object.keys(row), first))) throw invalidBody('All object keys must match');
    columns = first;
  }
  checkBodyColumns(table, columns);
  const upsert = prefs.resolution
    ? {
        resolution: prefs.resolution === 'ignore-duplicates' ? ('ignore' as const) : ('merge' as const),
        target: query.onConflict ?? table.primaryKey,
      }
    : undefined;
  const returning = returningFor(prefs, query, table, embeds, shape);
  const statement = buildInsert(table, {
    rows,
    columns,
    missingDefault: prefs.missing === 'default',
    returning,
    upsert,
  });
  return {
    statement,
    respond(row) {
      const headers: Record<string, string> = {
        'Content-Range': contentRange(0, 0, prefs.count ? row.n : null),
      };
      const applied = appliedPreferences(prefs);
      if (applied) headers['Preference-Applied'] = applied;
      if (returning.kind === 'key' && row.n > 0) {
        const first = z.array(jsonObject).parse(JSON.parse(row.body))[0] ?? {};
        const filters = table.primaryKey.map((name) => `${name}=eq.${encodeURIComponent(String(first[name]))}`);
        headers.Location = `/${table.name}?${filters.join('&')}`;
      }
      if (returning.kind !== 'select') {
        if (shape === 'object') singleObject(row);
        return { status: 201, headers, body: null };
      }
      headers['Content-Type'] = contentType(shape);
      return { status: 201, headers, body: shapedBody(row, shape) };
    },
  };
}

function planUpdateOrDelete(
  c: Context,
  table: TableInfo,
  query: ParsedQuery,
  prefs: Preferences,
  shape: Shape,
  body: unknown,
  embeds: Embeds,
): Plan {
  if (query.limit !== undefined || query.offset !== undefined) {
    // Quietly ignoring them would change more rows than the caller asked for.
    throw new RestError(400, {
      code: 'PGRST100',
      message: 'limit and offset are not supported on updates and deletes',
    });
  }
  const returning = returningFor(prefs, query, table, embeds, shape);
  let statement: Statement;
  if (c.req.method === 'PATCH') {
    const parsed = updateBodySchema.safeParse(body);
    if (!parsed.success) throw invalidBody('The body must be a JSON object');
    checkBodyColumns(table, Object.keys(parsed.data));
    if (Object.keys(parsed.data).length === 0) {
      // Nothing to set: PostgREST answers as for an update that matched no rows.
      return {
        statement: { sql: `select 0::bigint as n, '[]' as body, null::bigint as total`, params: [] },
        respond: (row) => mutationOutcome(row, returning, prefs, shape),
      };
    }
    statement = buildUpdate(table, { values: parsed.data, where: query.where, returning });
  } else {
    statement = buildDelete(table, { where: query.where, returning });
  }
  return { statement, respond: (row) => mutationOutcome(row, returning, prefs, shape) };
}

function mutationOutcome(row: QueryRow, returning: Returning, prefs: Preferences, shape: Shape): Outcome {
  checkMaxAffected(prefs, row.n);
  const headers: Record<string, string> = { 'Content-Range': contentRange(0, row.n, prefs.count ? row.n : null) };
  const applied = appliedPreferences(prefs);
  if (applied) headers['Preference-Applied'] = applied;
  if (returning.kind !== 'select') {
    if (shape === 'object') singleObject(row);
    return { status: 204, headers, body: null };
  }
  headers['Content-Type'] = contentType(shape);
  return { status: 200, headers, body: shapedBody(row, shape) };
}

export function restRoutes(deps: AppDeps): Hono {
  const { db, keys, tokens, sessions, logger, rateLimiter, config } = deps;
  const app = new Hono();
  const schema = createSchemaCache(db, Date.now, config.rest.schemas);
  const defaultSchema = config.rest.schemas[0] ?? 'public';
  // The catalog (tables, foreign keys, functions) is read at the first request, after the
  // migrations (which ran when the database was opened); again when a name is not found (at most
  // once a second), and on `NOTIFY pgrst, 'reload schema'`, as PostgREST does.
  const reload = () =>
    schema.reload().catch((error: unknown) => {
      logger.warn({ restError: 'schema-reload', errorName: error instanceof Error ? error.name : typeof error });
    });
  const listening = db
    .listen('pgrst', {
      notification(payload) {
        if (payload === '' || payload === 'reload schema') void reload();
      },
      lost() {},
      // Changes made while the listener was away were not heard: read the catalog again.
      resumed: () => void reload(),
    })
    .catch((error: unknown) => {
      logger.warn({ restError: 'schema-listen', errorName: error instanceof Error ? error.name : typeof error });
      return undefined;
    });
  void listening;

  async function findTable(name: string, schemaName: string): Promise<TableInfo> {
    let table: TableInfo | undefined;
    try {
      table = await schema.table(name, schemaName);
    } catch (error) {
      throw fromDatabaseError(error, false);
    }
    if (!table) {
      throw new RestError(404, {
        code: 'PGRST205',
        message: `Could not find the table '${schemaName}.${name.slice(0, 100)}' in the schema cache`,
      });
    }
    return table;
  }

  /**
   * Builds the plan; a name we do not know may be a column (or a foreign key) added since we read
   * the catalog.
   */
  async function planWithFreshSchema(
    name: string,
    schemaName: string,
    query: ParsedQuery,
    build: (table: TableInfo, embeds: Embeds) => Plan,
  ): Promise<Plan> {
    const attempt = async () => {
      const table = await findTable(name, schemaName);
      return build(table, await resolveEmbeds(schema, table, query.select, query.embedded));
    };
    try {
      return await attempt();
    } catch (error) {
      const stale =
        error instanceof RestError &&
        (error.code === '42703' || error.code === 'PGRST204' || error.code === 'PGRST200');
      if (!stale || !(await schema.refresh().catch(() => false))) throw error;
      return attempt();
    }
  }

  async function run(
    identity: RequestIdentity,
    c: Context,
    path: string,
    method: string,
    plan: Plan,
    rollback: boolean,
    /** GET and HEAD of a function: a function that writes is refused (25006, 405), as in PostgREST. */
    readOnly = false,
  ): Promise<Outcome> {
    const setup = (tx: Queryable) =>
      tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.method', $3, true), set_config('request.path', $4, true),
                set_config('request.headers', $6, true),
                set_config('statement_timeout', $5, true)${readOnly ? `, set_config('transaction_read_only', 'on', true)` : ''}`,
        // PostgreSQL cancels the statement at the same limit the embedded database's caller waits.
        [
          identity.role,
          JSON.stringify(identity.claims),
          method,
          path,
          `${config.databaseTimeoutMs}ms`,
          databaseVisibleHeaders(c.req.raw.headers),
        ],
      );
    try {
      return await db.transaction(async (tx) => {
        await setup(tx);
        const { rows, affectedRows } = await tx.query<QueryRow>(plan.statement.sql, plan.statement.params);
        const row = plan.statement.plain ? { n: affectedRows, body: '[]', total: null } : rows[0];
        if (!row) throw new Error('The statement returned no row');
        let total = row.total === null ? null : Number(row.total);
        if (plan.plannedCount?.when(total)) {
          const explained = await tx.query(plan.plannedCount.statement.sql, plan.plannedCount.statement.params);
          total = plannedRows(explained.rows[0]);
        }
        const outcome = plan.respond({ n: Number(row.n), body: row.body, total });
        if (rollback) throw new RollbackWith(outcome);
        return outcome;
      });
    } catch (error) {
      if (error instanceof RollbackWith) return error.outcome;
      const restError = fromDatabaseError(error, identity.role === 'anon');
      if (restError.status >= 500) {
        // The SQLSTATE and the error's class only: messages and details can quote guests' data.
        logger.warn({ restError: restError.code, errorName: error instanceof Error ? error.name : typeof error });
      }
      throw restError;
    }
  }

  /** Who is calling: the publishable key, and a token whose session still lives. */
  function identify(c: Context): Promise<RequestIdentity> {
    return authenticate(
      { apikey: c.req.header('apikey'), authorization: c.req.header('authorization') },
      keys.anonKey,
      tokens,
      sessions,
    );
  }

  async function handle(c: Context, tableName: string): Promise<Outcome> {
    const method = c.req.method;
    const identity = await identify(c);
    const reading = method === 'GET' || method === 'HEAD';
    const schemaName = chooseSchema(c.req.header(reading ? 'accept-profile' : 'content-profile'), config.rest.schemas);
    const shape = responseShape(c.req.header('accept'));
    const prefs = parsePrefer(c.req.header('prefer'));
    const query = parseQueryString(new URL(c.req.url).search);
    const guest = isGuest(identity);
    if (reading && guest) await limitGuests(c, 'rest-guest-read', guestReadLimit);

    // Only the booking tables (of the default schema) hold guests to one row per request and a
    // rate per address.
    const limited = guest && schemaName === defaultSchema && config.rest.guestInsertTables.includes(tableName);
    let body: unknown;
    if (method === 'POST' || method === 'PATCH') {
      if (method === 'POST' && limited) await limitGuests(c, 'rest-anon-insert', anonInsertLimit);
      body = await readJson(c);
    }

    const plan = await planWithFreshSchema(tableName, schemaName, query, (table, embeds) => {
      if (reading) return planRead(c, table, query, prefs, shape, { embeds, aggregates: config.rest.aggregates });
      if (method === 'POST') return planInsert(table, query, prefs, shape, body, limited, embeds);
      return planUpdateOrDelete(c, table, query, prefs, shape, body, embeds);
    });
    return run(identity, c, `/${tableName}`, method, plan, prefs.tx === 'rollback');
  }

  app.on(methods, '/:table', async (c) => {
    try {
      const outcome = await handle(c, c.req.param('table'));
      const body = c.req.method === 'HEAD' ? null : outcome.body;
      return new Response(body, { status: outcome.status, headers: outcome.headers });
    } catch (error) {
      if (!(error instanceof RestError)) throw error;
      return c.json(error.body(), error.status as 400, error.headers);
    }
  });

  /** Guests' writes (inserts, calls by POST) and reads, per client address. */
  async function limitGuests(c: Context, bucket: string, limit: Limit): Promise<void> {
    const decision = await rateLimiter.hit(bucket, clientRateLimitKey(c, config.trustedProxies), limit);
    if (!decision.allowed) {
      throw new RestError(
        429,
        {
          code: 'over_request_rate_limit',
          message: 'Too many requests. Please try again later.',
          hint: `Try again in ${decision.retryAfter} seconds.`,
        },
        { 'Retry-After': String(decision.retryAfter) },
      );
    }
  }

  async function findFunctions(name: string, schemaName: string) {
    try {
      return await schema.functions(name, schemaName);
    } catch (error) {
      throw fromDatabaseError(error, false);
    }
  }

  async function handleRpc(c: Context, name: string): Promise<Outcome> {
    const method = c.req.method;
    const identity = await identify(c);
    const reading = method === 'GET' || method === 'HEAD';
    const schemaName = chooseSchema(c.req.header(reading ? 'accept-profile' : 'content-profile'), config.rest.schemas);
    const shape = responseShape(c.req.header('accept'));
    const prefs = parsePrefer(c.req.header('prefer'));
    const searchParams = queryStringParams(new URL(c.req.url).search);
    if (reading && isGuest(identity)) await limitGuests(c, 'rest-guest-read', guestReadLimit);
    let body: unknown;
    if (method === 'POST') {
      if (isGuest(identity)) await limitGuests(c, 'rest-guest-rpc', anonInsertLimit);
      // supabase-js sends `{}` for a call without arguments; PostgREST also takes an empty body.
      body = await readJson(c, {});
    } else if (method !== 'GET' && method !== 'HEAD') {
      throw new RestError(405, { code: 'PGRST117', message: `Unsupported HTTP method: ${method}` });
    }
    const overloads = await findFunctions(name, schemaName);
    const { args, query } = splitArguments(method, overloads, searchParams, body);
    const fn = chooseFunction(name, overloads, Object.keys(args), schemaName);
    const plan = planRpc(c, fn, args, query, prefs, shape);
    return run(identity, c, `/rpc/${name}`, method, plan, prefs.tx === 'rollback', reading);
  }

  app.on(methods, '/rpc/:fn', async (c) => {
    try {
      const outcome = await handleRpc(c, c.req.param('fn'));
      const body = c.req.method === 'HEAD' ? null : outcome.body;
      return new Response(body, { status: outcome.status, headers: outcome.headers });
    } catch (error) {
      if (!(error instanceof RestError)) throw error;
      return c.json(error.body(), error.status as 400, error.headers);
    }
  });

  app.on(['PUT'], '/:table', (c) =>
    c.json({ code: 'PGRST117', details: null, hint: null, message: 'Unsupported HTTP method: PUT' }, 405),
  );

  app.on([...methods, 'PUT'], '*', (c) =>
    c.json({ code: 'PGRST125', details: null, hint: null, message: 'Invalid path specified in request URL' }, 404),
  );

  return app;
}
