/**
 * Migrated databases to copy, made once per test run. Most test files start the real server on a
 * fresh database, and the server's first act is to run every migration: on PGlite that took
 * 5–8 s a start, most of the suite's time. Now vitest's global setup migrates one PGlite cluster
 * and one PostgreSQL database, and startTestServer begins from a copy of them (a folder copy; a
 * `create database … template`). The server still runs migrate() on the copy and finds nothing
 * to apply, so what a test sees is what a fresh start gives. Tests that check migrating itself
 * open their own empty databases and never use these.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/open.ts';
import { adminUrl, databaseUrlFor } from './postgres.ts';

/** Where the global setup tells the test workers about the templates. */
const pgliteTemplateVar = 'TEST_PGLITE_TEMPLATE';
const postgresTemplateVar = 'TEST_POSTGRES_TEMPLATE';

export interface DatabaseTemplates {
  env: Record<string, string>;
  remove(): Promise<void>;
}

export async function makeDatabaseTemplates(serverUrl: string): Promise<DatabaseTemplates> {
  const folder = mkdtempSync(join(tmpdir(), 'saffron-template-'));
  const name = `saffron_template_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const remove = async () => {
    rmSync(folder, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  try {
    // Both closed before use: a folder copy needs a shut-down cluster, a template no connections.
    await Promise.all(
      [undefined, databaseUrlFor(name, serverUrl)].map(async (databaseUrl) => {
        const db = await openDatabase({ databaseUrl, dataDir: folder });
        await db.close();
      }),
    );
  } catch (error) {
    await remove();
    throw error;
  }
  return {
    env: { [pgliteTemplateVar]: join(folder, 'pgdata'), [postgresTemplateVar]: databaseUrlFor(name, serverUrl) },
    remove,
  };
}

/** Puts a copy of the migrated PGlite cluster at `pgdata`, when the run made one. */
export function copyPgliteTemplate(pgdata: string): void {
  const template = process.env[pgliteTemplateVar];
  if (template) cpSync(template, pgdata, { recursive: true });
}

/**
 * The migrated PostgreSQL database to create test databases from, when the run made one on the
 * server tests now use (a test that starts a throwaway server of its own gets none).
 */
export function postgresTemplate(): string | undefined {
  const template = process.env[postgresTemplateVar];
  if (!template) return undefined;
  const url = new URL(template);
  const server = new URL(adminUrl());
  return url.host === server.host ? url.pathname.slice(1) : undefined;
}
