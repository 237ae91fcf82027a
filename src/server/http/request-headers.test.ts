import { describe, expect, it } from 'vitest';
import { databaseVisibleHeaders } from './request-headers.ts';

describe('the headers a request hands to SQL', () => {
  it('keeps what describes the request and drops every credential', () => {
    const headers = new Headers({
      'Accept-Language': 'vi',
      Prefer: 'return=minimal',
      Authorization: 'Bearer secret-token',
      apikey: 'publishable-key',
      Cookie: 'session=abc',
    });
    expect(JSON.parse(databaseVisibleHeaders(headers))).toEqual({ 'accept-language': 'vi', prefer: 'return=minimal' });
  });
});
