/**
 * The Redis that the Redis tests use. TEST_REDIS_URL when set (it must answer); else the machine's
 * at 127.0.0.1:6379 when it answers; else a throwaway `redis-server` from PATH on a free port,
 * keeping nothing on disk, stopped after the run. Without any of these the tests that need Redis
 * fail with a message naming what to install (testRedisUrl); the others run as usual.
 * Vitest's global setup (global-setup.ts) decides once per run and tells the workers through
 * TEST_REDIS_URL, or TEST_REDIS_UNAVAILABLE with the reason.
 */
import { spawn } from 'node:child_process';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { Redis } from 'ioredis';
import { freePort } from '../e2e/support/free-port.ts';

export const machineRedisUrl = 'redis://127.0.0.1:6379';
export const redisInstallHint =
  'install Redis so that `redis-server` is on PATH (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis), or set TEST_REDIS_URL';
const readyTimeoutMs = 10_000;
const stopTimeoutMs = 5_000;

/** The URL the Redis tests use; throws why there is none (never a silent skip). */
export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (url) return url;
  throw new Error(`No Redis for the tests: ${process.env.TEST_REDIS_UNAVAILABLE ?? redisInstallHint}`);
}

/** Whether Redis at `url` answers PING: undefined if so, else why not. */
export async function probeRedis(url: string, timeoutMs = 1000): Promise<string | undefined> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // The connection's own error says why (connect() itself only says "Connection is closed").
  let cause: Error | undefined;
  redis.on('error', (error: Error) => {
    cause ??= error;
  });
  try {
    await redis.connect();
    const reply = await redis.ping();
    return reply === 'PONG' ? undefined : `PING answered ${reply}`;
  } catch (error) {
    const reason = cause ?? error;
    return reason instanceof Error ? reason.message || reason.name : String(reason);
  } finally {
    redis.disconnect();
  }
}

export type TestRedis =
  | {
      url: string;
      source: 'TEST_REDIS_URL' | 'machine' | 'throwaway';
      note: string;
      stop(): Promise<void>;
    }
  | { unavailable: string };

export async function ensureTestRedis(
  options: { env?: Record<string, string | undefined>; machineUrl?: string } = {},
): Promise<TestRedis> {
  const env = options.env ?? process.env;
  const machineUrl = options.machineUrl ?? machineRedisUrl;
  const nothing = async () => {};
  const given = env.TEST_REDIS_URL;
  if (given) {
    const problem = await probeRedis(given);
    if (problem) return { unavailable: `TEST_REDIS_URL (${hostPort(given)}) does not answer: ${problem}` };
    return { url: given, source: 'TEST_REDIS_URL', note: `TEST_REDIS_URL at ${hostPort(given)}`, stop: nothing };
  }
  const problem = await probeRedis(machineUrl);
  if (!problem)
    return { url: machineUrl, source: 'machine', note: `the one at ${hostPort(machineUrl)}`, stop: nothing };
  const why = `none at ${hostPort(machineUrl)} (${problem})`;
  try {
    const server = await startThrowawayRedis(env);
    return {
      url: server.url,
      source: 'throwaway',
      note: `${why}; started redis-server at ${hostPort(server.url)}`,
      stop: server.stop,
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { unavailable: `${why}, and ${reason}: ${redisInstallHint}` };
  }
}

/** `redis-server` from PATH (the one in `env`) on a free loopback port, keeping nothing on disk. */
export async function startThrowawayRedis(
  env: Record<string, string | undefined> = process.env,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', [...args, '--dir', tmpdir(), '--loglevel', 'warning'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // redis-server logs to stdout: kept for the message when it cannot start.
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-2000);
    });
  }
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ENOENT' ? 'no redis-server on PATH' : `redis-server failed: ${error.message}`),
    );
    child.once('exit', (code, signal) => resolve(`redis-server exited (${signal ?? code}) ${output}`.trim()));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    child.ref(); // held again, so this process waits for the server to be gone
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + readyTimeoutMs;
  let ended: string | undefined;
  void exited.then((reason) => {
    ended = reason;
  });
  for (;;) {
    if (ended) throw new Error(ended);
    if (!(await probeRedis(url, 500))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not answer within ${readyTimeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Never keeps this process alive (nor do its output pipes); stop() ends it.
  child.unref();
  for (const stream of [child.stdout, child.stderr]) if (stream instanceof Socket) stream.unref();
  return { url, stop };
}

function hostPort(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 6379}`;
}
