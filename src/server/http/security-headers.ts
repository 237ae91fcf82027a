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

export function securityHeaders(extraConnectOrigins: readonly string[]): MiddlewareHandler {
  const csp = contentSecurityPolicy(extraConnectOrigins);
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  };
}
