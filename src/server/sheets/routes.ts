/**
 * The Apps-Script-compatible receiver the /reservation page posts to by default (call 8), when
 * SHEETS_ENDPOINT is not set. It takes what a Google Apps Script web app would take — the
 * text/plain JSON body of a no-cors request — validates it with the page's own schema and records
 * it as a reservation, so staff see it on the dashboard.
 */
import { Hono } from 'hono';
import { type SheetsReservation, sheetsReservationSchema } from '../../domain/reservation.ts';
import type { AppDeps } from '../app.ts';
import { sqlState } from '../db/database.ts';
import { clientRateLimitKey } from '../http/client-address.ts';
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

function parseBody(text: string): Parsed {
  let forbidden = false;
  try {
    const value: unknown = JSON.parse(text, (key, inner: unknown) => {
      if (forbiddenKeys.has(key)) forbidden = true;
      return inner;
    });
    return forbidden ? { ok: false, error: 'The body holds a forbidden key' } : { ok: true, value };
  } catch {
    return { ok: false, error: 'The body is not valid JSON' };
  }
}

/** Stores the reservation as the public form would: as `anon`, so the same grants and RLS apply. */
async function insertReservation(deps: AppDeps, r: SheetsReservation): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`,
    );
    // No RETURNING: anon may insert but not read reservations back.
    await tx.query(
      `insert into public.reservations (name, mobile, email, date, guests, branch, time, period, notes)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [r.name, r.mobile, r.email, r.date, r.guests, r.branch, r.time, r.period, r.notes.trim() || null],
    );
  });
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

    try {
      await insertReservation(deps, result.data);
    } catch (error) {
      // Class 23 (integrity constraint): the database refused the row; nothing was stored.
      if (sqlState(error)?.startsWith('23')) {
        return c.json({ ok: false, error: 'The reservation was refused by the database' }, 400);
      }
      throw error;
    }
    return c.json({ ok: true }, 200);
  });

  // An Apps Script web app without doGet refuses other methods too; say which one works.
  app.all(sheetsReceiverPath, (c) =>
    c.json({ ok: false, error: 'Use POST to send a reservation' }, 405, { Allow: 'POST' }),
  );

  return app;
}
