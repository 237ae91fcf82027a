/**
 * Review #31, item 3: hostile regular expressions in REST's `match`/`imatch` filters. The
 * embedded database used to answer `(.{1,250}){1,250}` with 503 "Database client error" (its
 * worker's stack overflowed, PGlite swallowed it and the backend was left half-aborted) and
 * `((.{1,40}){1,40}){1,40}` with 500. A query the database refuses is a 4xx in PostgREST's
 * shape on both databases, and the database keeps answering afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBooking } from '../support/builders.ts';
import { anonClient, signUserToken, tokenClient } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

const hostile = ['(.{1,250}){1,250}', '((.{1,40}){1,40}){1,40}'];

describe.each(backends)('hostile regular expressions on %s', (backend) => {
  let server: TestServer;
  let staffToken: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    staffToken = await signUserToken(server, { staff: true });
    // A row for the pattern to run against: PostgreSQL compiles it only when it meets a value.
    const { error } = await anonClient(server).from('reservations').insert(guestBooking());
    expect(error).toBeNull();
  }, 120_000);
  afterAll(async () => server?.close());

  it.each(hostile.flatMap((pattern) => ['match', 'imatch'].map((op) => ({ pattern, op }))))(
    '$op filter $pattern is refused with a 4xx in PostgREST’s shape (or answered), never a 5xx',
    async ({ pattern, op }) => {
      const staff = tokenClient(server, staffToken);
      const answer = await staff.from('reservations').select('id').filter('name', op, pattern);
      if (backend === 'pglite') {
        // PGlite is PostgreSQL 18 in 32 bits: the pattern asks for more than 1 GB at once.
        expect(answer.status).toBe(400);
        expect(answer.error?.code).toBe('54000');
        expect(answer.error?.message).toMatch(/^invalid memory alloc request size/);
      } else {
        // PostgreSQL 64-bit compiles the first and refuses the second as too complex.
        expect([200, 400]).toContain(answer.status);
        if (answer.status === 400) expect(answer.error?.code).toBe('2201B');
      }
      if (answer.error) {
        expect(Object.keys(answer.error).sort()).toEqual(['code', 'details', 'hint', 'message']);
      }

      // The database is still there, and still reports an error properly (a half-aborted
      // embedded backend answered the next refused query never).
      const ordinary = await staff.from('reservations').select('name');
      expect(ordinary.status).toBe(200);
      expect(ordinary.data).toEqual([{ name: 'Asha Rao' }]);
      const unbalanced = await staff.from('reservations').select('id').filter('name', 'match', '(');
      expect(unbalanced.status).toBe(400);
      expect(unbalanced.error?.code).toBe('2201B');
      const health = await fetch(`${server.url}/health`);
      expect(health.status).toBe(200);
    },
    60_000,
  );
});
