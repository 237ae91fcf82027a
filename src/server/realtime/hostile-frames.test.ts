/**
 * What a hostile or broken client can do to the realtime endpoint: bad handshakes, junk frames,
 * unknown topics, oversized and binary frames, join floods, too many sockets, silence. Each gets
 * a refusal, an error reply or a close — and meanwhile the server stays up and a host's dashboard
 * (the real supabase-js client) keeps hearing changes. The attacker is a raw WebSocket (`ws`).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { guestBooking } from '../../../tests/support/builders.ts';
import {
  insertAsOwner,
  namesOf,
  type Subscription,
  subscribe,
  until,
} from '../../../tests/support/realtime-subscriptions.ts';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { realtimePath } from './realtime-server.ts';

const staff = { email: 'steady@saffron-lotus.test', password: 'a steady hand at the front desk' };

interface RawSocket {
  ws: WebSocket;
  /** Every text frame received, parsed. */
  received: unknown[];
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens a raw socket; rejects with the HTTP status when the handshake is refused. */
function rawSocket(server: TestServer, query: string): Promise<RawSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}${realtimePath}?${query}`);
    const received: unknown[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      ws.once('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    ws.on('message', (data) => received.push(JSON.parse(String(data))));
    ws.once('open', () => resolve({ ws, received, closed }));
    ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.once('error', reject);
  });
}

describe.each(backends)('hostile frames on %s', (backend) => {
  let server: TestServer;
  let host: SupabaseClient;
  let board: Subscription;
  let key: string;

  /** The dashboard still hears a new booking: the server is up and delivering. */
  async function stillDelivering(name: string): Promise<void> {
    const before = board.changes.length;
    await insertAsOwner(server, guestBooking({ name }));
    await until(`the dashboard to hear ${name}`, () => board.changes.length === before + 1);
    expect(namesOf(board.changes).at(-1)).toBe(name);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { ADMIN_EMAIL: staff.email, ADMIN_PASSWORD: staff.password }, undefined, {
      realtimeLimits: {
        socketsPerAddress: 8,
        joinsPerAddress: { max: 40, windowSeconds: 60 },
        idleTimeoutMs: 1500,
        messageBurst: 50,
      },
    });
    key = `apikey=${encodeURIComponent(server.anonKey)}&vsn=2.0.0`;
    host = createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      // Heartbeats well inside the shortened idle timeout.
      realtime: { heartbeatIntervalMs: 300 },
    });
    expect((await host.auth.signInWithPassword(staff)).error).toBeNull();
    board = await subscribe(host);
  });
  afterAll(async () => {
    await host?.removeAllChannels();
    await server?.close();
  });

  it('refuses handshakes without the publishable key, with an unknown serializer, or on another path', async () => {
    await expect(rawSocket(server, 'vsn=2.0.0')).rejects.toThrow('HTTP 401');
    await expect(rawSocket(server, 'apikey=sb_publishable_guess&vsn=2.0.0')).rejects.toThrow('HTTP 401');
    await expect(rawSocket(server, `apikey=${encodeURIComponent(server.anonKey)}&vsn=9.9.9`)).rejects.toThrow(
      'HTTP 400',
    );
    const elsewhere = new WebSocket(`${server.url.replace('http', 'ws')}/rest/v1/websocket?${key}`);
    await expect(
      new Promise((resolve, reject) => {
        elsewhere.once('open', resolve);
        elsewhere.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
        elsewhere.once('error', reject);
      }),
    ).rejects.toThrow('HTTP 400');
    await stillDelivering('After Bad Handshakes');
  });

  it('closes a socket that sends what is not a message: junk, deep nesting, binary, oversized', async () => {
    const cases: [string | Buffer, number][] = [
      ['this is not json', 1007],
      ['[null, "1", "realtime:x", "phx_join"', 1007],
      ['{"topic": "phoenix", "event": "heartbeat", "payload": {}, "ref": "1"}', 1007], // 1.0.0's shape on 2.0.0
      [`[null,"1","phoenix","heartbeat",${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}]`, 1007],
      [Buffer.from([3, 0, 0, 0, 0, 0, 0]), 1003],
      [`[null,"1","phoenix","heartbeat",{"pad":"${'x'.repeat(70 * 1024)}"}]`, 1009],
    ];
    for (const [frame, code] of cases) {
      const socket = await rawSocket(server, key);
      socket.ws.send(frame);
      expect((await socket.closed).code).toBe(code);
    }
    await stillDelivering('After Junk');
  });

  it('answers unknown topics and events, and malformed joins, with an error reply', async () => {
    const socket = await rawSocket(server, key);
    socket.ws.send('[null,"1","phoenix","heartbeat",{}]');
    socket.ws.send('[null,"2","phoenix","shutdown",{}]');
    socket.ws.send('["9","3","realtime:not-joined","access_token",{"access_token":"x"}]');
    socket.ws.send('[null,"4","elsewhere","phx_join",{}]');
    socket.ws.send('["5","5","realtime:a","phx_join",{"config":{"postgres_changes":"everything"}}]');
    socket.ws.send(
      '["6","6","realtime:b","phx_join",{"config":{"postgres_changes":[{"event":"*","schema":"public","table":"reservations","filter":"id=in.((("}]}}]',
    );
    socket.ws.send('["7","7","realtime:c","phx_join",{"config":{"private":true}}]');
    await until('seven replies', () => socket.received.length === 7);
    const replies = socket.received.map((message) => {
      const [, ref, , event, payload] = message as [
        string,
        string,
        string,
        string,
        { status: string; response: unknown },
      ];
      return [ref, event, payload.status, payload.response];
    });
    expect(replies).toEqual([
      ['1', 'phx_reply', 'ok', {}],
      ['2', 'phx_reply', 'error', { reason: 'unknown event' }],
      ['3', 'phx_reply', 'error', { reason: 'unmatched topic' }],
      ['4', 'phx_reply', 'error', { reason: 'unmatched topic' }],
      ['5', 'phx_reply', 'error', { reason: 'malformed join payload' }],
      ['6', 'phx_reply', 'error', { reason: expect.stringContaining('unbalanced quotes or parentheses') }],
      ['7', 'phx_reply', 'error', { reason: 'private channels are not supported by this server' }],
    ]);
    socket.ws.close();
    await stillDelivering('After Errors');
  });

  it('closes a socket that floods, limits joins per address, and refuses sockets beyond the per-address cap', async () => {
    // A burst beyond the socket's message allowance: closed with 1008.
    const flooder = await rawSocket(server, key);
    for (let i = 0; i < 200; i += 1) flooder.ws.send(`[null,"${i}","phoenix","heartbeat",{}]`);
    expect((await flooder.closed).code).toBe(1008);

    // Joins spread over sockets, each within its own allowance: the address's join limit answers.
    const joiners = await Promise.all([1, 2, 3].map(() => rawSocket(server, key)));
    joiners.forEach((socket, s) => {
      for (let i = 0; i < 20; i += 1) socket.ws.send(`["${i}","${i}","realtime:flood-${s}-${i}","phx_join",{}]`);
    });
    await until('sixty replies', () => joiners.every((socket) => socket.received.length === 20));
    const reasons = joiners.flatMap((socket) =>
      socket.received.map(
        (m) => (m as [unknown, unknown, unknown, unknown, { response: { reason?: string } }])[4].response.reason,
      ),
    );
    expect(reasons.filter((r) => r?.startsWith('too many joins from this address')).length).toBeGreaterThan(0);

    // Eight sockets per address at most (the dashboard's is one of them).
    await until('the server to let go of closed sockets', () => server.realtime.socketCount === 1 + joiners.length);
    const more = [];
    for (let i = joiners.length + 1; i < 8; i += 1) more.push(await rawSocket(server, key));
    await expect(rawSocket(server, key)).rejects.toThrow('HTTP 429');
    for (const socket of [...joiners, ...more]) socket.ws.close();
    await Promise.all([...joiners, ...more].map((socket) => socket.closed));
    await stillDelivering('After the Flood');
  });

  it('closes a socket that stays silent past the idle timeout, and keeps one that sends heartbeats', async () => {
    const silent = await rawSocket(server, key);
    const closedSilent = await silent.closed;
    expect(closedSilent).toEqual({ code: 1000, reason: 'heartbeat timeout' });
    // The dashboard sent heartbeats all along and was never dropped.
    expect(board.statuses).toEqual(['SUBSCRIBED']);
    await stillDelivering('After the Silence');
  });
});
