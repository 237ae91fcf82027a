/**
 * Asks a server running on the embedded database to do something for the admin command, through
 * its ops socket (DATA_DIR/ops.sock, see src/server/ops/ops.ts): PGlite lets one process open the
 * data folder, and the server holds it.
 */
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import type { Config } from '../config.ts';
import { opsSocketPath } from '../ops/ops.ts';

export interface ServerAnswer {
  status: number;
  body: Buffer;
}

/** POSTs `body` (JSON) to `path`; undefined when no server answers on the socket (none is running). */
export function askRunningServer(config: Config, path: string, body?: unknown): Promise<ServerAnswer | undefined> {
  const socketPath = config.databaseUrl ? undefined : opsSocketPath(config.dataDir);
  if (!socketPath || !existsSync(socketPath)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path, method: 'POST' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    // A socket file left by a server that died: nobody listens, so the command goes on alone.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    if (body === undefined) req.end();
    else req.setHeader('Content-Type', 'application/json').end(JSON.stringify(body));
  });
}
