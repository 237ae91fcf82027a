/**
 * Backups from the command line (`npm run admin -- …`):
 *   backup --to FILE                     a backup of the embedded database, keys and photos
 *   backup verify FILE                   checks a backup without restoring it
 *   restore --from FILE --data-dir DIR [--force]
 * `backup` asks the running server (through DATA_DIR/ops.sock) so it never stops; with no server
 * running it takes the data folder's lock itself. With PostgreSQL it says to use pg_dump.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { openPglite } from '../db/pglite.ts';
import { BackupError, createBackup, verifyBackup, writeFileAtomic } from '../ops/backup.ts';
import { appVersion } from '../ops/ops.ts';
import { restoreBackup } from '../ops/restore.ts';
import { askRunningServer } from './running-server.ts';

export const backupUsage = `  npm run admin -- backup --to FILE
  npm run admin -- backup verify FILE
  npm run admin -- restore --from FILE --data-dir DIR [--force]`;

export class BackupUsageError extends Error {}

const postgresAdvice =
  'The database is PostgreSQL (DATABASE_URL): back it up with pg_dump (pg_dump --format=custom "$DATABASE_URL" > saffron.dump) or your provider’s backups, and copy DATA_DIR/keys and DATA_DIR/storage beside it. See docs/operations/backups.md.';

async function takeBackup(config: Config): Promise<{ bytes: Uint8Array; how: string }> {
  const answer = await askRunningServer(config, '/backup');
  if (answer?.status === 200) return { bytes: new Uint8Array(answer.body), how: 'taken by the running server' };
  if (answer) throw new BackupError(`The running server could not take a backup: ${answer.body.toString('utf8')}`);
  const pgdata = join(config.dataDir, 'pgdata');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${pgdata}.`);
  // No server: this process takes the lock (a server starting meanwhile waits or is refused).
  const db = await openPglite(pgdata);
  try {
    return {
      bytes: await createBackup({ db, dataDir: config.dataDir, storageDir: config.storageDir, appVersion }),
      how: 'no server was running',
    };
  } finally {
    await db.close();
  }
}

function describe(manifest: { createdAt: string; appVersion: string; schemaVersion: string }, size: number): string {
  return `made ${manifest.createdAt} by version ${manifest.appVersion}, schema ${manifest.schemaVersion}, ${(size / 1_048_576).toFixed(1)} MB`;
}

export async function runBackupCommand(argv: string[], loadConfig: () => Config): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      'data-dir': { type: 'string' },
      force: { type: 'boolean' },
    },
  });
  const [command, sub, file] = positionals;
  if (command === 'backup' && sub === 'verify') {
    if (!file || positionals.length > 3) throw new BackupUsageError('backup verify needs one FILE.');
    const bytes = readFileSync(file);
    const { manifest } = await verifyBackup(bytes);
    return `${file} is a complete backup: ${describe(manifest, bytes.length)}.`;
  }
  if (command === 'backup') {
    if (sub !== undefined) throw new BackupUsageError(`Unknown command "backup ${sub}".`);
    if (!values.to) throw new BackupUsageError('backup needs --to FILE.');
    const config = loadConfig();
    if (config.databaseUrl) throw new BackupError(postgresAdvice);
    const { bytes, how } = await takeBackup(config);
    // Checked before it is written: a backup that would not restore must not look like one.
    const { manifest } = await verifyBackup(bytes);
    const target = resolve(values.to);
    writeFileAtomic(target, bytes);
    return `Backup written to ${target} (${how}): ${describe(manifest, bytes.length)}. It holds guests' details and the signing keys: keep it private.`;
  }
  if (command === 'restore') {
    if (positionals.length > 1) throw new BackupUsageError(`Unknown command "${positionals.join(' ')}".`);
    if (!values.from || !values['data-dir'])
      throw new BackupUsageError('restore needs --from FILE and --data-dir DIR.');
    const bytes = readFileSync(values.from);
    const dataDir = resolve(values['data-dir']);
    const result = await restoreBackup(bytes, dataDir, { force: values.force === true });
    return `Restored ${values.from} into ${dataDir}: ${describe(result.manifest, bytes.length)}; ${result.tables} tables, ${result.rows} rows, checked against the backup. Start the server with DATA_DIR=${dataDir}.`;
  }
  throw new BackupUsageError(`Unknown command "${positionals.join(' ')}".`);
}
