/**
 * The socket's own rules that need no client to show: a client that stops reading is dropped
 * rather than buffered without end, and replies carry the ref they answer in both serializers.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { defaultRealtimeLimits } from './realtime-server.ts';
import { RealtimeSocket, type SocketContext, type Transport } from './realtime-socket.ts';

function recordingTransport() {
  const sent: string[] = [];
  const events: string[] = [];
  const transport: Transport & { buffered: number } = {
    buffered: 0,
    send: (text) => sent.push(text),
    close: (code, reason) => events.push(`close ${code} ${reason}`),
    terminate: () => events.push('terminate'),
    get bufferedAmount() {
      return this.buffered;
    },
  };
  return { transport, sent, events };
}

/** Heartbeats and refusals need none of the database-facing parts. */
function context(): SocketContext {
  const unused = () => {
    throw new Error('not used by these tests');
  };
  return {
    identities: { identify: unused, stillValid: unused },
    tables: { get: unused, all: unused, refresh: unused },
    checkFilters: unused,
    feedLive: () => true,
    allowJoin: async () => ({ allowed: true, retryAfter: 0 }),
    admit: unused,
    retoken: unused,
    register: () => {},
    unregister: () => {},
    nextSubscriptionId: () => 1,
    limits: defaultRealtimeLimits,
    logger: createLogger('silent'),
    now: Date.now,
  };
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('a realtime socket', () => {
  it('answers a heartbeat in the serializer the client chose', async () => {
    for (const [vsn, frame, reply] of [
      [
        '2.0.0',
        '[null,"7","phoenix","heartbeat",{}]',
        '[null,"7","phoenix","phx_reply",{"status":"ok","response":{}}]',
      ],
      [
        '1.0.0',
        '{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"7"}',
        '{"join_ref":null,"ref":"7","topic":"phoenix","event":"phx_reply","payload":{"status":"ok","response":{}}}',
      ],
    ] as const) {
      const { transport, sent } = recordingTransport();
      new RealtimeSocket(vsn, transport, context()).receive(frame);
      await settle();
      expect(sent).toEqual([reply]);
    }
  });

  it('drops a client whose unsent data passed the limit, instead of queueing more for it', async () => {
    const { transport, sent, events } = recordingTransport();
    const socket = new RealtimeSocket('2.0.0', transport, context());
    socket.receive('[null,"1","phoenix","heartbeat",{}]');
    await settle();
    expect(sent).toHaveLength(1);
    transport.buffered = defaultRealtimeLimits.maxBufferedBytes + 1;
    socket.receive('[null,"2","phoenix","heartbeat",{}]');
    await settle();
    expect(sent).toHaveLength(1);
    expect(events).toEqual(['terminate']);
    socket.receive('[null,"3","phoenix","heartbeat",{}]');
    await settle();
    expect(sent).toHaveLength(1);
  });
});
