/**
 * Review #31, item 5: a database whose `supabase_realtime` publication is FOR ALL TABLES (hosted
 * projects and PostgREST's fixtures have one). The floor migration added its tables to the
 * publication explicitly, which PostgreSQL refuses there, and the start stopped. Now the start
 * succeeds on such a database, leaves the publication as it was, and live changes arrive.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { type RunningServer, startServer } from '../../src/server/main.ts';
import { guestBooking } from '../support/builders.ts';
import { createTestPostgres } from '../support/postgres.ts';
import { subscribe, until } from '../support/realtime-subscriptions.ts';
import { anonClient, signUserToken, tokenClient } from '../support/rest-clients.ts';
import { backends, type TestServer } from '../support/test-server.ts';

const allTables = 'create publication supabase_realtime for all tables';

describe.each(backends)('a FOR ALL TABLES publication on %s', (backend) => {
  let server: TestServer | undefined;
  let cleanUp = async () => {};

  // A database that has never been migrated (not the run's template): the start runs every file.
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'saffron-pub-'));
    let databaseUrl: string | undefined;
    let drop = async () => {};
    if (backend === 'postgres') {
      const pg = await createTestPostgres();
      await pg.db.exec(allTables);
      await pg.db.close();
      databaseUrl = pg.url;
      drop = pg.drop;
    } else {
      const db = await openPglite(join(dataDir, 'pgdata'));
      await db.exec(allTables);
      await db.close();
    }
    cleanUp = async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await drop();
    };
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const running: RunningServer = await startServer(config, { webRoot: join(dataDir, 'no-web-build') });
    server = { ...running, url: `http://127.0.0.1:${running.port}`, anonKey: running.deps.keys.anonKey, dataDir };
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await cleanUp();
  });

  it('starts, leaves the publication FOR ALL TABLES, and a new booking reaches the live board', async () => {
    if (!server) throw new Error('the server did not start');
    const publication = await server.deps.db.query<{ puballtables: boolean; listed: number }>(
      `select p.puballtables, (select count(*)::int from pg_catalog.pg_publication_rel r where r.prpubid = p.oid) as listed
         from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime'`,
    );
    expect(publication.rows).toEqual([{ puballtables: true, listed: 0 }]);

    const staff = tokenClient(server, await signUserToken(server, { staff: true }));
    try {
      const board = await subscribe(staff, { event: 'INSERT' });
      const { error } = await anonClient(server)
        .from('reservations')
        .insert(guestBooking({ name: 'Kiran Pub' }));
      expect(error).toBeNull();
      await until('the new booking on the live board', () => board.changes.length > 0);
      expect(board.changes[0]?.new).toMatchObject({ name: 'Kiran Pub', branch: 'Sa Pa' });
    } finally {
      await staff.removeAllChannels();
    }
  }, 60_000);
});
