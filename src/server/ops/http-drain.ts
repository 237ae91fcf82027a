/**
 * Stopping the HTTP server without dropping a request. Node's own `server.close()` destroys
 * every connection it considers idle at once, and under load an "idle" keep-alive connection
 * often has the client's next request already waiting in the kernel: destroying it answers that
 * request with a reset, and a POST is not retried. So here:
 *
 * - the listening socket closes first (new connections are refused, a proxy tries another
 *   instance);
 * - every response from then on, including those of requests already running, carries
 *   `Connection: close`, so each busy connection ends right after its answer;
 * - a connection that has been quiet for a moment (no request for `idleMs`) is ended;
 * - whatever is left when the grace period runs out is destroyed.
 *
 * WebSocket connections are not ours once upgraded: the realtime server closes them (1001).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

interface Connection {
  socket: Socket;
  /** Responses not yet finished on this connection. */
  open: Set<ServerResponse>;
  /** When the last response finished, or the connection opened (performance.now()). */
  quietSince: number;
}

export interface HttpDrain {
  /** Whether draining has begun (readiness answers 503 from then on). */
  readonly draining: boolean;
  /** Responses not yet finished (tests, metrics). */
  readonly inFlight: number;
  /**
   * Stops accepting and waits for the connections to end, at most `graceMs`; then destroys the
   * rest. Resolves once every HTTP connection is gone.
   */
  drain(graceMs: number): Promise<void>;
}

/** How long a connection may be quiet during a drain before it is ended. */
const idleMs = 500;
const sweepMs = 50;

export function trackConnections(server: Server): HttpDrain {
  const connections = new Map<Socket, Connection>();
  let draining = false;
  let inFlight = 0;

  server.on('connection', (socket: Socket) => {
    const connection: Connection = { socket, open: new Set(), quietSince: performance.now() };
    connections.set(socket, connection);
    socket.once('close', () => connections.delete(socket));
  });
  // Before the app's own listener, so the header is set before anything is written.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    const connection = connections.get(res.socket as Socket);
    if (draining) res.shouldKeepAlive = false;
    inFlight++;
    connection?.open.add(res);
    res.once('close', () => {
      inFlight--;
      if (!connection) return;
      connection.open.delete(res);
      connection.quietSince = performance.now();
    });
  });
  server.prependListener('upgrade', (req: IncomingMessage) => {
    connections.delete(req.socket as Socket);
  });

  function endQuiet(now: number): void {
    for (const connection of connections.values()) {
      if (connection.open.size === 0 && now - connection.quietSince >= idleMs) connection.socket.end();
    }
  }

  return {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    async drain(graceMs: number) {
      draining = true;
      for (const connection of connections.values()) {
        for (const res of connection.open) if (!res.headersSent) res.shouldKeepAlive = false;
      }
      // net's close, not http's: it stops listening without destroying "idle" connections.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      const deadline = performance.now() + graceMs;
      const sweep = setInterval(() => {
        const now = performance.now();
        if (now >= deadline) {
          for (const connection of connections.values()) connection.socket.destroy();
        } else {
          endQuiet(now);
        }
      }, sweepMs);
      // The listener's close waits for upgraded sockets too (the realtime server ends them); a
      // stop must not hang on one that never goes.
      let giveUp: NodeJS.Timeout | undefined;
      try {
        await Promise.race([closed, new Promise((resolve) => (giveUp = setTimeout(resolve, graceMs + 2000)))]);
      } finally {
        clearInterval(sweep);
        clearTimeout(giveUp);
      }
    },
  };
}
