/**
 * The client's IP address, for rate limits and MFA challenges. By default it is the TCP peer:
 * X-Forwarded-For is set by whoever sends the request, so believing it would let anyone pick a
 * fresh address per try. Behind a reverse proxy (TRUST_PROXY), the header is read from the right,
 * skipping the trusted proxies, and the first address they did not add is the client.
 */
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';

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

/**
 * What every per-address rate limit counts under. An IPv4 address is one key; an IPv6 address
 * counts under its /64, because one subscriber or host is routinely given a whole /64 and can
 * pick a fresh address in it for every request. Anything else (`unknown`) is its own key.
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) === 0) return address;
  const parsed = ipaddr.process(address);
  if (parsed instanceof ipaddr.IPv4) return parsed.toString();
  // IPv4 clients translated into 64:ff9b::/96 (RFC 6052) are told apart by their IPv4 address.
  if (parsed.range() === 'rfc6052') {
    const [high = 0, low = 0] = parsed.parts.slice(6);
    return ipaddr.fromByteArray([high >> 8, high & 255, low >> 8, low & 255]).toString();
  }
  const network = new ipaddr.IPv6([...parsed.parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toString()}/64`;
}

/** The rate-limit key of the request's client (MFA challenges compare the exact address instead). */
export function clientRateLimitKey(c: Context, trustedProxies: readonly string[]): string {
  return rateLimitKey(clientAddress(c, trustedProxies));
}
