/**
 * The client's IP address, for rate limits and MFA challenges. By default it is the TCP peer:
 * X-Forwarded-For is set by whoever sends the request, so believing it would let anyone pick a
 * fresh address per try. Behind a reverse proxy (TRUST_PROXY), the header is read from the right,
 * skipping the trusted proxies, and the first address they did not add is the client.
 */
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is written as `1.2.3.4`. */
function normalise(address: string): string {
  const trimmed = address.trim();
  return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: readonly string[],
): string {
  let client = normalise(socketAddress ?? '');
  if (!client) return 'unknown';
  if (!forwardedFor || trustedProxies.length === 0) return client;
  const trusted = new Set(trustedProxies.map(normalise));
  const hops = forwardedFor.split(',').map(normalise);
  while (trusted.has(client)) {
    const next = hops.pop();
    if (next === undefined || isIP(next) === 0) break;
    client = next;
  }
  return client;
}

export function clientAddress(c: Context, trustedProxies: readonly string[]): string {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // In-process requests (app.request in tests) have no socket.
    socketAddress = undefined;
  }
  return resolveClientAddress(socketAddress, c.req.header('x-forwarded-for'), trustedProxies);
}
