import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from './test-server.ts';

describe.each(backends)('the test server on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => server.close());

  it('answers /health with its database kind and serves the public client config', async () => {
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    // `busy: true` is a healthy answer too: a job started with the server may still hold the
    // database's queue (pglite says so rather than wait behind it).
    const body = await health.json();
    expect(body).toEqual({ status: 'ok', database: backend, ...(body.busy === true ? { busy: true } : {}) });
    const config = await (await fetch(`${server.url}/config.json`)).json();
    expect(config).toEqual({
      supabaseUrl: server.url,
      supabaseAnonKey: server.anonKey,
      sheetsEndpoint: `${server.url}/sheets/exec`,
    });
  });

  it('answers /health with 503 once the database is gone', async () => {
    await server.deps.db.close();
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(503);
  });
});
