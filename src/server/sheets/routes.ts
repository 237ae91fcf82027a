/**
 * The Apps-Script-compatible receiver the /reservation page posts to by default (call 8), when
 * SHEETS_ENDPOINT is not set. It takes what a Google Apps Script web app would take — the
 * text/plain JSON body of a no-cors request — validates it with the page's own schema and records
 * it as a reservation, so staff see it on the dashboard. A ticked "news and offers" box comes as
 * `?news=yes` beside the payload and is recorded with the booking, in the same transaction.
 */
import { Hono } from 'hono';
import { isBookingRefusal, unknownBranchCode } from '../../domain/availability.ts';
import { newReceiptSecret, receiptSecretHeader } from '../../domain/booking-lifecycle.ts';
import { blockedGuestCode, marketingConsentVersion } from '../../domain/guests.ts';
import {
  type SheetsReservation,
  sheetsNewsParameter,
  sheetsNewsQuerySchema,
  sheetsReservationSchema,
} from '../../domain/reservation.ts';
import type { AppDeps } from '../app-deps.ts';
import { type Queryable, sqlState } from '../db/database.ts';
import { clientRateLimitKey } from '../http/client-address.ts';
import { findJsonFault } from '../http/json-limits.ts';
import { databaseVisibleHeaders } from '../http/request-headers.ts';
import type { Limit } from '../rate-limit/rate-limiter.ts';

export const sheetsReceiverPath = '/sheets/exec';

/**
 * Where the browser must be allowed to connect (CSP connect-src) to post to `endpoint`. An Apps
 * Script web app answers its POST with a 302 to script.googleusercontent.com, and CSP applies to
 * each hop: without that origin the browser drops the redirect and the page reports a failure
 * although the row was already appended.
 */
export function sheetsConnectOrigins(endpoint: string | undefined): string[] {
  if (!endpoint) return [];
  const url = new URL(endpoint);
  return url.hostname === 'script.google.com' ? [url.origin, 'https://script.googleusercontent.com'] : [url.origin];
}

/** Public writes per client address; a family booking a few tables stays well below it. */
export const sheetsRateLimit: Limit = { max: 20, windowSeconds: 60 };

/** The exact keys the page sends; anything else (e.g. `__proto__`) is refused, not dropped. */
const receiverSchema = sheetsReservationSchema.strict();

/** Keys that could reach an object's prototype if a later step ever merged the body. */
const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

/** A no-cors fetch sends text/plain; JSON clients send application/json; some send none. */
const acceptedTypes = new Set(['', 'text/plain', 'application/json']);

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

const faultMessages = {
  'forbidden-key': 'The body holds a forbidden key',
  'too-deep': 'The body is nested too deeply',
  nul: 'The body holds a NUL character, which cannot be stored',
} as const;

function parseBody(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'The body is not valid JSON' };
  }
  // Walked without recursion: a reviver would overflow the stack on deep nesting.
  const fault = findJsonFault(value, forbiddenKeys);
  return fault ? { ok: false, error: faultMessages[fault] } : { ok: true, value };
}

/**
 * The answer for a database error. Classes 22 (data exception), 23 (integrity constraint) and 54
 * (program limit) mean the database refused this row: the sender's to fix. A lost or overloaded
 * database is 503, as is an error without a SQLSTATE (the driver's: connection refused or lost,
 * pool or PGlite closed); anything else is ours (500).
 */
function refusal(error: unknown): { status: 400 | 500 | 503; error: string; code?: string } {
  const code = sqlState(error);
  const head = code?.slice(0, 2);
  if ((isBookingRefusal(code) || code === unknownBranchCode || code === blockedGuestCode) && error instanceof Error) {
    // The branch cannot take it (full, closed, past…), is no longer a branch, or the guest is asked
    // to call (BK006): the database's own message says why and quotes no guest data.
    return { status: 400, error: error.message, code };
  }
  if (code === '57014') return { status: 503, error: 'The reservation service is busy, please try again' };
  if (head === '22' || head === '23' || head === '54') {
    return { status: 400, error: 'The reservation was refused by the database' };
  }
  if (code === undefined || head === '08' || head === '53' || code === '57P01') {
    return { status: 503, error: 'The reservation service is unavailable, please try again later' };
  }
  return { status: 500, error: 'The reservation could not be stored' };
}

/**
 * Stores the reservation as the public form would: as `anon`, so the same grants and RLS apply.
 * The request's headers go along as for /rest/v1: call 8 is sent `no-cors` with no header of the
 * page's, so the browser's own Accept-Language is all that says which language the guest reads.
 * The page reads no answer, so it has no receipt to claim: a receipt secret sent here anyway is
 * left out, and a booking made here never opens a receipt (20261125220000_receipt_secret.sql).
 * With `news`, the receiver binds the receipt to a secret of its own instead and claims it before
 * the transaction ends (giveNewsConsent), so no receipt outlives the request either way.
 */
async function insertReservation(deps: AppDeps, r: SheetsReservation, headers: Headers, news: boolean): Promise<void> {
  const visible = new Headers(headers);
  visible.delete(receiptSecretHeader);
  const secret = news ? newReceiptSecret() : undefined;
  if (secret) visible.set(receiptSecretHeader, secret);
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true),
              set_config('request.headers', $1, true)`,
      [databaseVisibleHeaders(visible)],
    );
    // No RETURNING: anon may insert but not read reservations back.
    await tx.query(
      `insert into public.reservations (name, mobile, email, date, guests, branch, time, period, notes)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [r.name, r.mobile, r.email, r.date, r.guests, r.branch, r.time, r.period, r.notes.trim() || null],
    );
    if (secret) await giveNewsConsent(tx, secret);
  });
}

/**
 * The consent of the booking just inserted (as anon, in `tx`), by the path the home form takes:
 * its one-time receipt gives the manage token, and give_consent records the consent by that token
 * with the wording's version. Only the reference is looked up as the table owner, by the secret's
 * hash, because anon may not read back what it inserted. A failure rolls the booking back with it.
 */
async function giveNewsConsent(tx: Queryable, secret: string): Promise<void> {
  await tx.query('reset role');
  const { rows } = await tx.query<{ reference: string }>(
    'select b.reference from private.booking_receipts b where b.secret_hash = private.manage_token_hash($1)',
    [secret],
  );
  await tx.query(`select set_config('role', 'anon', true)`);
  const reference = rows[0]?.reference;
  if (!reference) throw new Error('The booking left no receipt to give its consent by');
  const receipt = await tx.query<{ token: string }>('select public.booking_receipt($1, $2) as token', [
    reference,
    secret,
  ]);
  await tx.query(`select public.give_consent($1, 'marketing_email', $2, 'reservation_form')`, [
    receipt.rows[0]?.token,
    marketingConsentVersion,
  ]);
}

export function sheetsRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.post(sheetsReceiverPath, async (c) => {
    const decision = await deps.rateLimiter.hit(
      'sheets',
      clientRateLimitKey(c, deps.config.trustedProxies),
      sheetsRateLimit,
    );
    if (!decision.allowed) {
      return c.json({ ok: false, error: 'Too many requests, please try again later' }, 429, {
        'Retry-After': String(decision.retryAfter),
      });
    }

    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!acceptedTypes.has(type)) {
      return c.json({ ok: false, error: 'Send the reservation as text/plain or application/json' }, 415);
    }

    const parsed = parseBody(await c.req.text());
    if (!parsed.ok) return c.json({ ok: false, error: parsed.error }, 400);

    const result = receiverSchema.safeParse(parsed.value);
    if (!result.success) {
      // Paths and rule messages only: the values are guests' personal data.
      const problems = result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
      return c.json({ ok: false, error: `Invalid reservation: ${problems.join('; ')}` }, 400);
    }

    const query = sheetsNewsQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      return c.json({ ok: false, error: `Invalid reservation: ${sheetsNewsParameter} must be yes, or left out` }, 400);
    }

    try {
      await insertReservation(deps, result.data, c.req.raw.headers, query.data.news === 'yes');
    } catch (error) {
      // Nothing was stored (one transaction). Log the SQLSTATE and the error's class only: a
      // database message quotes the value it refused, which is a guest's data.
      const answer = refusal(error);
      if (answer.status >= 500) {
        deps.logger.warn({
          sheetsError: sqlState(error) ?? 'no SQLSTATE',
          errorName: error instanceof Error ? error.name : typeof error,
        });
      }
      return c.json(
        answer.code ? { ok: false, code: answer.code, error: answer.error } : { ok: false, error: answer.error },
        answer.status,
      );
    }
    return c.json({ ok: true }, 200);
  });

  // An Apps Script web app without doGet refuses other methods too; say which one works.
  app.all(sheetsReceiverPath, (c) =>
    c.json({ ok: false, error: 'Use POST to send a reservation' }, 405, { Allow: 'POST' }),
  );

  return app;
}
