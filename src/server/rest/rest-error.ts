/**
 * Errors of the REST surface, in PostgREST's shape `{code, details, hint, message}`, and the
 * mapping from a database error (its SQLSTATE) to the HTTP status PostgREST answers with.
 */
import { sqlState } from '../db/database.ts';

/** PGRST201 lists the candidate relationships as objects; every other error has text or null. */
export type RestErrorDetails = string | null | Record<string, string>[];

export interface RestErrorBody {
  code: string;
  details: RestErrorDetails;
  hint: string | null;
  message: string;
}

export class RestError extends Error {
  override name = 'RestError';
  readonly status: number;
  readonly code: string;
  readonly details: RestErrorDetails;
  readonly hint: string | null;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    body: { code: string; message: string; details?: RestErrorDetails; hint?: string | null },
    headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.details = body.details ?? null;
    this.hint = body.hint ?? null;
    this.headers = headers;
  }

  body(): RestErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PGRST100: the query string could not be parsed. */
export function parseError(message: string, details: string | null = null): RestError {
  return new RestError(400, { code: 'PGRST100', message, details });
}

export function unknownColumn(table: string, column: string): RestError {
  return new RestError(400, { code: '42703', message: `column ${table}.${column} does not exist` });
}

/** The header PostgREST sends with every 401, so clients know a (better) token is needed. */
export function wwwAuthenticate(description?: string): Record<string, string> {
  return {
    'WWW-Authenticate': description
      ? `Bearer error="invalid_token", error_description="${description.replaceAll('"', "'")}"`
      : 'Bearer',
  };
}

/**
 * PostgREST's status for a SQLSTATE (src/library/PostgREST/Error.hs), for the request's role, with
 * one difference: class 54 (program limit exceeded: too many columns, a statement too complex) is
 * 400, not 500. Only the request's own shape reaches those limits, so it is the client's to fix.
 */
export function statusForSqlState(code: string, anonymous: boolean): number {
  // PostgREST's own convention: a function raising SQLSTATE PTxyz answers with HTTP status xyz
  // (the manage-link functions raise PT404 for a token that opens no booking).
  const custom = /^PT([1-5]\d\d)$/.exec(code);
  if (custom?.[1]) return Number(custom[1]);
  if (code === '42501') return anonymous ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17' || code === '53400') return 500;
  if (code === 'P0001') return 400;
  if (code === '57P01') return 503;
  // The request stopped waiting (statement_timeout on PostgreSQL, DATABASE_TIMEOUT_MS on the
  // embedded database): 504, as PostgREST answers when it gives up waiting for the database
  // (PGRST003). PostgREST itself answers 500 for a statement timeout.
  if (code === '57014') return 504;
  const head = code.slice(0, 2);
  if (head === '08' || head === '53') return 503;
  if (head === '0L' || head === '0P' || head === '28') return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(head)) {
    return 500;
  }
  return 400;
}

/**
 * PostgreSQL refuses one allocation over 1 GB with the generic internal_error XX000 ("invalid
 * memory alloc request size …"). The server has not run out of memory: the request asked for
 * more than PostgreSQL allows a single value, as a hostile regular expression such as
 * `((.{1,40}){1,40}){1,40}` does. That is a limit of the request, reported as
 * program_limit_exceeded (54000, answered 400) rather than as a fault of the server.
 */
function requestLimitCode(code: string | undefined, message: string | null): string | undefined {
  if (code === 'XX000' && message?.startsWith('invalid memory alloc request size')) return '54000';
  return code;
}

interface DatabaseErrorFields {
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Turns whatever a database call threw into a RestError. Errors without a SQLSTATE come from the
 * driver (connection refused or lost, pool or PGlite closed): the database is unavailable, 503.
 */
export function fromDatabaseError(error: unknown, anonymous: boolean): RestError {
  if (error instanceof RestError) return error;
  const fields = (typeof error === 'object' && error !== null ? error : {}) as DatabaseErrorFields;
  const code = requestLimitCode(sqlState(error), text(fields.message));
  if (!code) {
    return new RestError(503, {
      code: 'PGRST000',
      message: 'Database client error. Retrying the connection.',
      details: 'The database is not available',
    });
  }
  const status = statusForSqlState(code, anonymous);
  return new RestError(
    status,
    { code, message: text(fields.message) ?? 'Database error', details: text(fields.detail), hint: text(fields.hint) },
    status === 401 ? wwwAuthenticate() : {},
  );
}
