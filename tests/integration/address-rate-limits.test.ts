/**
 * Every per-address rate limit counts an IPv6 client by its /64, on PGlite and on PostgreSQL: the
 * anonymous insert limit of /rest/v1 and the /sheets/exec receiver here (password sign-in in
 * src/server/auth/signup-and-limits.test.ts). A host given a /64 can use a fresh address for
 * every request; it must not get a fresh budget with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonInsertLimit } from '../../src/server/rest/routes.ts';
import { sheetsRateLimit, sheetsReceiverPath } from '../../src/server/sheets/routes.ts';
import { guestBooking, sheetsPayload } from '../support/builders.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

/** The n-th address of a /64: same network, a different interface identifier each time. */
const inNetwork = (network: string, n: number) => `${network}:${(n + 1).toString(16)}:0:0:1`;

describe.each(backends)('per-address limits group IPv6 by /64 on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    // The tests reach the server from 127.0.0.1; trusting it as a proxy lets them speak for other addresses.
    server = await startTestServer(backend, { TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => server?.close());

  it('shares the anonymous insert budget of /rest/v1 across one /64', async () => {
    const insert = (address: string, name: string) =>
      fetch(`${server.url}/rest/v1/reservations`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(guestBooking({ name })),
      });
    for (let i = 0; i < anonInsertLimit.max; i++) {
      expect((await insert(inNetwork('2001:db8:a:1', i), `Guest ${i}`)).status).toBe(201);
    }
    const sameNetwork = await insert('2001:db8:a:1:ffff:ffff:ffff:ffff', 'One too many');
    expect(sameNetwork.status).toBe(429);
    expect(await sameNetwork.json()).toMatchObject({ code: 'over_request_rate_limit' });
    expect((await insert('2001:db8:a:2::1', 'Next network')).status).toBe(201);
    const names = await server.deps.db.query<{ name: string }>(
      `select name from public.reservations where name in ('One too many', 'Next network')`,
    );
    expect(names.rows.map((row) => row.name)).toEqual(['Next network']);
  });

  it('shares the /sheets/exec budget across one /64', async () => {
    const post = (address: string) =>
      fetch(`${server.url}${sheetsReceiverPath}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': address },
        body: JSON.stringify(sheetsPayload()),
      });
    for (let i = 0; i < sheetsRateLimit.max; i++) expect((await post(inNetwork('2001:db8:b:1', i))).status).toBe(200);
    expect((await post('2001:db8:b:1::abcd')).status).toBe(429);
    expect((await post('2001:db8:b:2::abcd')).status).toBe(200);
    // IPv4 addresses stay one key each.
    expect((await post('198.51.100.77')).status).toBe(200);
  });
});
