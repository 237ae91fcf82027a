/**
 * Starts the real server (the same entry point as `npm start`) as a child process on a free port
 * with a fresh DATA_DIR, for tests that need their own configuration. The default server for
 * the suite is started by playwright.config.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

export interface TestServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const root = join(import.meta.dirname, '..', '..', '..');

export async function startTestServer(env: Record<string, string> = {}, dataDir?: string): Promise<TestServer> {
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'saffron-e2e-'));
  let output = '';
  const child = spawn(process.execPath, [join(root, 'src', 'server', 'main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir: dir,
    process: child,
    output: () => output,
    stop(signal = 'SIGTERM') {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => {
          if (!dataDir) rmSync(dir, { recursive: true, force: true });
          resolve(code);
        });
        child.kill(signal);
      });
    },
  };
}
