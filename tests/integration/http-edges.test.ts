/**
 * The edges of HTTP that a client reaches before any route: a body over the limit, requests
 * Node's parser refuses, and a Host header that is not ours.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxBodyBytes } from '../../src/server/app.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let site: TestServer;
beforeAll(async () => {
  [server, site] = await Promise.all([
    startTestServer('pglite'),
    startTestServer('pglite', { SITE_URL: 'https://saffron.example/' }),
  ]);
});
afterAll(async () => Promise.all([server.close(), site.close()]));

interface RawExchange {
  head: string;
  body: string;
  /** How the connection ended: a clean close ('end'), or an error such as ECONNRESET. */
  ending: 'end' | string;
}

/** Sends raw bytes on a fresh connection and collects the answer until the server closes it. */
function rawRequest(url: string, write: (socket: Socket) => void): Promise<RawExchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    let ending = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('end', () => (ending ||= 'end'));
    socket.on('error', (error: NodeJS.ErrnoException) => (ending ||= error.code ?? error.message));
    socket.on('close', () => {
      const split = received.indexOf('\r\n\r\n');
      resolve({ head: received.slice(0, split), body: received.slice(split + 4), ending });
    });
    socket.once('connect', () => write(socket));
  });
}

function header(head: string, name: string): string | undefined {
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

describe('a body over the limit', () => {
  it('is answered 413 with Connection: close, and the connection closes cleanly after the whole body', async () => {
    const body = JSON.stringify({ notes: 'x'.repeat(maxBodyBytes * 2) });
    const exchange = await rawRequest(server.url, (socket) => {
      socket.write(
        `POST /rest/v1/reservations HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${server.anonKey}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`,
      );
      // The body keeps arriving after the answer, as it does from a real client on a slow link.
      let sent = 0;
      const next = () => {
        if (sent >= body.length || socket.destroyed) return;
        socket.write(body.slice(sent, sent + 16_384));
        sent += 16_384;
        setTimeout(next, 5);
      };
      next();
    });
    expect(exchange.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(header(exchange.head, 'connection')).toBe('close');
    expect(JSON.parse(exchange.body)).toMatchObject({ code: 'request_too_large' });
    expect(exchange.ending).toBe('end');
  });

  it('does not spoil the next request of a keep-alive client', async () => {
    const big = JSON.stringify({ notes: 'x'.repeat(maxBodyBytes * 4) });
    const refused = await fetch(`${server.url}/rest/v1/reservations`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
      body: big,
    });
    expect(refused.status).toBe(413);
    await refused.text();
    for (let i = 0; i < 5; i++) expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });
});

describe("requests Node's parser refuses", () => {
  const securityHeaders = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];

  it('a malformed request gets 400 with the security headers and a JSON body', async () => {
    const exchange = await rawRequest(server.url, (socket) => socket.write('THIS IS NOT HTTP\r\n\r\n'));
    expect(exchange.head).toMatch(/^HTTP\/1\.1 400 /);
    for (const name of securityHeaders) expect(header(exchange.head, name), name).toBeTruthy();
    expect(JSON.parse(exchange.body)).toMatchObject({ code: 'bad_request' });
  });

  it('headers over the size limit get 431 with the security headers', async () => {
    const exchange = await rawRequest(server.url, (socket) =>
      socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(exchange.head).toMatch(/^HTTP\/1\.1 431 /);
    for (const name of securityHeaders) expect(header(exchange.head, name), name).toBeTruthy();
    expect(header(exchange.head, 'connection')).toBe('close');
  });
});

describe('SITE_URL', () => {
  it('names the backend in /config.json whatever Host the request carries', async () => {
    const exchange = await rawRequest(site.url, (socket) =>
      socket.write('GET /config.json HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n'),
    );
    expect(exchange.head).toMatch(/^HTTP\/1\.1 200 /);
    const config = JSON.parse(exchange.body);
    expect(config.supabaseUrl).toBe('https://saffron.example');
    expect(config.sheetsEndpoint).toBe('https://saffron.example/sheets/exec');
    expect(header(exchange.head, 'content-security-policy')).toContain('https://saffron.example');
    expect(exchange.body).not.toContain('evil.example');
  });

  it('issues tokens whose issuer is the public origin', async () => {
    const { deps } = site;
    const { token } = await deps.tokens.sign({ sub: '00000000-0000-4000-8000-000000000000', role: 'authenticated' });
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(payload.iss).toBe('https://saffron.example/auth/v1');
  });

  it('is refused with a clear message when it is not an origin', async () => {
    await expect(startTestServer('pglite', { SITE_URL: 'https://saffron.example/restaurant' })).rejects.toThrow(
      /SITE_URL: must be an origin/,
    );
  });
});
