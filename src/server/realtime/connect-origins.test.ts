/**
 * The page's Content-Security-Policy lets the dashboard open its realtime socket: on this server
 * ('self', named too when SITE_URL is set), and on a hosted Supabase project it is pointed at.
 */
import { describe, expect, it } from 'vitest';
import { connectOrigins } from '../app.ts';
import { loadConfig } from '../config.ts';
import { contentSecurityPolicy } from '../http/security-headers.ts';

const connectSrc = (env: Record<string, string>) =>
  /connect-src ([^;]+)/.exec(
    contentSecurityPolicy(connectOrigins(loadConfig({ DATA_DIR: '/tmp/unused', ...env }))),
  )?.[1];

describe('where the page may open its realtime socket', () => {
  it('names the WebSocket origins of SITE_URL and of a hosted backend', () => {
    expect(connectSrc({ SITE_URL: 'https://saffronlotus.vn' })).toContain('wss://saffronlotus.vn');
    expect(
      connectSrc({ PUBLIC_SUPABASE_URL: 'https://abcd.supabase.co', PUBLIC_SUPABASE_ANON_KEY: 'sb_publishable_x' }),
    ).toContain('wss://abcd.supabase.co');
    expect(connectSrc({ SITE_URL: 'http://localhost:8080' })).toContain('ws://localhost:8080');
  });

  it('adds nothing when nothing is configured: the page’s own origin is enough', () => {
    expect(connectSrc({})).toBe("'self'");
  });
});
