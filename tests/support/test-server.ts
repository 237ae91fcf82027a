/**
 * The real server, in-process, on a free port with a fresh DATA_DIR — on PGlite or on a fresh
 * database of the machine's PostgreSQL, each a copy of the run's migrated template when there is
 * one (database-templates.ts). Integration tests drive it with the real supabase-js
 * client over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config.ts';
import { type RunningServer, type StartOptions, startServer } from '../../src/server/main.ts';
import { copyPgliteTemplate, postgresTemplate } from './database-templates.ts';
import { createTestPostgres } from './postgres.ts';

export type Backend = 'pglite' | 'postgres';
export const backends: Backend[] = ['pglite', 'postgres'];

export interface TestServer extends RunningServer {
  anonKey: string;
  dataDir: string;
}

export async function startTestServer(
  backend: Backend,
  env: Record<string, string> = {},
  /** The built web app to serve; by default none (API tests need no pages). */
  webRoot?: string,
  /** E.g. `sleep`, to record the sign-in delays instead of waiting them out. */
  options: Omit<StartOptions, 'webRoot'> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'saffron-it-'));
  const pg = backend === 'postgres' ? await createTestPostgres({ template: postgresTemplate() }) : undefined;
  if (backend === 'pglite') copyPgliteTemplate(join(dataDir, 'pgdata'));
  // The test database was opened only to create it; the server opens its own pool.
  await pg?.db.close();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    ...env,
  });
  const running = await startServer(config, { ...options, webRoot: webRoot ?? join(dataDir, 'no-web-build') });
  return {
    ...running,
    url: `http://127.0.0.1:${running.port}`,
    anonKey: running.deps.keys.anonKey,
    dataDir,
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
      await pg?.drop();
    },
  };
}
