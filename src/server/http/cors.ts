/**
 * CORS for the Supabase-compatible surfaces (/auth/v1, /rest/v1), as supabase-js in a browser on
 * another origin needs it. Any origin may call: both surfaces authenticate with bearer tokens in
 * headers, never cookies, so a foreign page gains nothing it could not do with its own fetch.
 */
import { cors } from 'hono/cors';

const allowHeaders = [
  'apikey',
  'authorization',
  'x-client-info',
  'x-supabase-api-version',
  'content-type',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'range-unit',
  'x-retry-count',
  'traceparent',
  'tracestate',
  'baggage',
  // The home form's one-time receipt secret, sent with the booking's insert (src/domain/booking-lifecycle.ts).
  'x-booking-receipt',
];

export function supabaseCors() {
  return cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders,
    // auth-js reads X-Supabase-Api-Version to parse error codes; postgrest-js reads Content-Range.
    exposeHeaders: ['Content-Range', 'X-Supabase-Api-Version', 'X-Total-Count', 'Link', 'Retry-After'],
    maxAge: 86400,
  });
}
