import { describe, expect, it } from 'vitest';
import { resolveClientAddress } from './client-address.ts';

describe('resolveClientAddress', () => {
  it('uses the socket address and ignores X-Forwarded-For unless the peer is a trusted proxy', () => {
    expect(resolveClientAddress('198.51.100.4', '203.0.113.9', [])).toBe('198.51.100.4');
    expect(resolveClientAddress('198.51.100.4', '203.0.113.9', ['10.0.0.1'])).toBe('198.51.100.4');
  });

  it('reads X-Forwarded-For from the right, skipping trusted proxies only', () => {
    const proxies = ['10.0.0.1', '10.0.0.2'];
    expect(resolveClientAddress('10.0.0.1', '203.0.113.9', proxies)).toBe('203.0.113.9');
    // A client-supplied left part cannot choose the address: the first untrusted hop wins.
    expect(resolveClientAddress('10.0.0.1', '1.1.1.1, 203.0.113.9, 10.0.0.2', proxies)).toBe('203.0.113.9');
    expect(resolveClientAddress('10.0.0.1', 'garbage', proxies)).toBe('10.0.0.1');
    expect(resolveClientAddress('10.0.0.1', undefined, proxies)).toBe('10.0.0.1');
  });

  it('writes IPv4 clients of a dual-stack socket as IPv4', () => {
    expect(resolveClientAddress('::ffff:192.0.2.5', undefined, [])).toBe('192.0.2.5');
    expect(resolveClientAddress('::ffff:127.0.0.1', '203.0.113.9', ['127.0.0.1'])).toBe('203.0.113.9');
    expect(resolveClientAddress(undefined, '203.0.113.9', ['127.0.0.1'])).toBe('unknown');
  });
});
