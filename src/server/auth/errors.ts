/**
 * GoTrue's error replies. auth-js always sends `X-Supabase-Api-Version: 2024-01-01`, and with it
 * GoTrue answers `{code, message}` plus the same header; we add `error_code` too, so clients that
 * read the legacy field (or a browser that hides the header) still get the code.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const apiVersion = '2024-01-01';

export class AuthError extends Error {
  override name = 'AuthError';
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    options: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}

export function errorResponse(c: Context, error: AuthError): Response {
  return c.json({ code: error.code, error_code: error.code, message: error.message, ...error.extra }, error.status, {
    'X-Supabase-Api-Version': apiVersion,
    'x-sb-error-code': error.code,
    ...error.headers,
  });
}

/** The OAuth-style body GoTrue keeps for a few token-endpoint mistakes (always 400). */
export class OAuthError extends Error {
  override name = 'OAuthError';
  readonly error: string;
  constructor(error: string, description: string) {
    super(description);
    this.error = error;
  }
}

export const errors = {
  badJson: () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (reason: string) =>
    new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  userBanned: () => new AuthError(400, 'user_banned', 'User is banned'),
  rateLimited: (retryAfter: number) =>
    new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {
      headers: { 'Retry-After': String(retryAfter) },
    }),
  notFound: () => new AuthError(404, 'not_found', 'Not found'),
};
