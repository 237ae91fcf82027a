import { describe, expect, it } from 'vitest';
import { rateLimitKey, resolveClientAddress } from './client-address.ts';

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

describe('rateLimitKey', () => {
  it('keeps an IPv4 address as it is, also when written IPv4-mapped', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address under its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::a',
      '2001:DB8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '2001:db8:1:2:a:b:c:d',
    ]) {
      expect(rateLimitKey(address)).toBe(key);
    }
    expect(rateLimitKey('2001:db8:1:3::a')).toBe('2001:db8:1:3::/64');
    expect(rateLimitKey('fe80::1%eth0')).toBe('fe80::/64');
    expect(rateLimitKey('::1')).toBe('::/64');
  });

  it('tells IPv4 clients translated into 64:ff9b::/96 apart by their IPv4 address', () => {
    expect(rateLimitKey('64:ff9b::192.0.2.1')).toBe('192.0.2.1');
    expect(rateLimitKey('64:ff9b::c000:202')).toBe('192.0.2.2');
  });

  it('leaves a missing address as its own key', () => {
    expect(rateLimitKey('unknown')).toBe('unknown');
  });
});
