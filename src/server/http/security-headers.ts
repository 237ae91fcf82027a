/** Security headers on every response, with a Content-Security-Policy that allows only this
 * origin plus the configured backend and spreadsheet endpoint where they differ. */
import type { MiddlewareHandler } from 'hono';

export function contentSecurityPolicy(extraConnectOrigins: readonly string[]): string {
  const connect = ["'self'", ...new Set(extraConnectOrigins)].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Inline styles: React style props in prerendered HTML and the toast library's stylesheet.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Every response's security headers, as name and value: the app's and Node's own error answers alike. */
export function securityHeaderList(extraConnectOrigins: readonly string[]): [string, string][] {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(extraConnectOrigins)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ];
}

export function securityHeaders(extraConnectOrigins: readonly string[]): MiddlewareHandler {
  const headers = securityHeaderList(extraConnectOrigins);
  return async (c, next) => {
    await next();
    for (const [name, value] of headers) c.header(name, value);
  };
}
