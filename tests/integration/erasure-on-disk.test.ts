/**
 * Erasure leaves the database's files too (issue 25), on both databases: a guest books with a name,
 * mobile and email no other test uses, erases everything through the manage link; the server
 * compacts the small tables that held them by itself soon after, and the booking tables at the
 * quiet hour (src/server/guests/compaction-job.ts; run here at once). After a CHECKPOINT, no file of the database (PGlite: DATA_DIR's pgdata/base/<oid>/; PostgreSQL: the test
 * database's base/<oid>/ under data_directory) holds the name, the mobile or the email in any form
 * the app stores them, the day's covers are unchanged, and no log line of the server holds them.
 * WAL and backups are outside this test's claim (docs/security.md, "Personal data").
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newReceiptSecret, receiptSecretHeader } from '../../src/domain/booking-lifecycle.ts';
import { personalDataTables, smallPersonalDataTables } from '../../src/server/guests/compaction-job.ts';
import { freePort } from '../e2e/support/free-port.ts';
import { guestBooking, restaurantDate } from '../support/builders.ts';
import { anonClient } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Every file under `dir` (a database's folder) that holds one of `needles`, with the needle; only
 * the files whose name starts with one of `only` (relation file nodes) when given.
 */
function filesHolding(dir: string, needles: string[], only?: string[]): string[] {
  const found: string[] = [];
  const patterns = needles.map((needle) => ({ needle, bytes: Buffer.from(needle, 'utf8') }));
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    if (only && !only.some((node) => entry.name === node || entry.name.startsWith(`${node}.`))) continue;
    const path = join(entry.parentPath, entry.name);
    const content = readFileSync(path);
    for (const { needle, bytes } of patterns) {
      if (content.includes(bytes)) found.push(`${path}: ${needle}`);
    }
  }
  return found;
}

describe.each(backends)('erased data on disk on %s', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;
  let smtp: SMTPServer;
  const received: ParsedMail[] = [];
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', () => resolve()));
    server = await startTestServer(
      backend,
      // Debug: every line the server can write is in the log the test reads.
      { RATE_LIMITS: 'off', SMTP_URL: `smtp://127.0.0.1:${port}`, LOG_LEVEL: 'debug' },
      undefined,
      {
        mail: { retryBaseMs: 50, pollMs: 60_000 },
        compactionDelayMs: 50,
        logDestination: { write: (line) => void logLines.push(line) },
      },
    );
    anon = anonClient(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  /** The file nodes of these tables, their TOAST tables and all their indexes. */
  async function filesOf(tables: readonly string[]): Promise<string[]> {
    const { rows } = await server.deps.db.query<{ node: string }>(
      `with t as (select to_regclass(name) as oid from unnest($1::text[]) as name)
       select c.relfilenode::text as node from pg_class c
        where c.oid in (select oid from t)
           or c.oid in (select i.indexrelid from pg_index i where i.indrelid in (select oid from t))
           or c.oid in (select r.reltoastrelid from pg_class r where r.oid in (select oid from t))
           or c.oid in (select i.indexrelid from pg_index i join pg_class r on r.reltoastrelid = i.indrelid
                         where r.oid in (select oid from t))`,
      [tables],
    );
    expect(rows.length).toBeGreaterThan(tables.length);
    return rows.map((row) => row.node);
  }

  /** The folder of this database's own files, as the database says. */
  async function databaseFolder(): Promise<string> {
    const { rows } = await server.deps.db.query<{ oid: string; dir: string }>(
      `select d.oid::text as oid, current_setting('data_directory') as dir
         from pg_database d where d.datname = current_database()`,
    );
    const row = rows[0];
    if (!row) throw new Error('no database');
    // PGlite reports its in-memory mount point; its files are DATA_DIR's pgdata/.
    const root = backend === 'pglite' ? join(server.dataDir, 'pgdata') : row.dir;
    return join(root, 'base', row.oid);
  }

  it('after erasure through the manage link, the compaction leaves no file of the database holding the name, mobile or email', async () => {
    // Unique to this run, with Vietnamese diacritics (their UTF-8 bytes are looked for too).
    const tag = randomBytes(4).toString('hex');
    const digits = String(Number.parseInt(tag, 16) % 10_000_000).padStart(7, '0');
    const who = {
      name: `Vương Thị Zephyrine ${tag}`,
      mobile: `0978 ${digits.slice(0, 3)} ${digits.slice(3)}`,
      email: `zephyrine.${tag}@example.org`,
    };
    const day = restaurantDate(30);
    const secret = newReceiptSecret();
    const made = await anon
      .from('reservations')
      .insert(guestBooking({ ...who, date: day, guests: 3, notes: `Zephyrine ${tag} sits by the window` }))
      .select('reference')
      .setHeader(receiptSecretHeader, secret);
    expect(made.error).toBeNull();
    const reference = String((made.data as { reference: string }[] | null)?.[0]?.reference);
    const token = await anon.rpc('booking_receipt', { p_reference: reference, p_secret: secret });
    expect(token.error).toBeNull();
    await anon
      .from('reservations')
      .insert(guestBooking({ name: 'Someone Else', mobile: '0900 111 222', email: 'else@example.com', date: day }));
    await server.mail.drain();
    expect(received).toHaveLength(2);
    // The booking is changed once (a history line quoting the old name), as an operator would.
    await server.deps.db.query('update public.reservations set name = $1 where reference = $2', [
      `${who.name} (window)`,
      reference,
    ]);

    const covers = async () =>
      (
        await server.deps.db.query<{ bookings: number; covers: number }>(
          'select count(*)::int as bookings, sum(guests)::int as covers from public.reservations where date = $1',
          [day],
        )
      ).rows;
    const coversBefore = await covers();
    const folder = await databaseFolder();
    const needles = [
      who.name,
      who.name.toLowerCase(),
      `vuong thi zephyrine ${tag}`, // the accent-blind search index's form
      `Zephyrine ${tag}`,
      who.mobile,
      `+84978${digits}`,
      `978${digits}`,
      who.email,
      `zephyrine.${tag}`,
    ];
    // The test can see them before: the grep would find them if they stayed.
    await server.deps.db.query('checkpoint');
    expect(filesHolding(folder, needles).length).toBeGreaterThan(0);

    const erased = await anon.rpc('erase_my_data', { p_token: String(token.data) });
    expect(erased.error).toBeNull();
    expect(erased.data).toBe(1);
    // The confirmation is sent, and its address forgotten (one more erasure signal).
    await server.mail.drain();
    expect(received).toHaveLength(3);

    // Nobody calls the compaction: the server runs it by itself soon after each signal, on the small
    // tables (the guest's profile, the outbox…): their files hold none of it any more.
    await expect
      .poll(
        async () => {
          await server.compaction.idle();
          await server.deps.db.query('checkpoint');
          return filesHolding(folder, needles, await filesOf(smallPersonalDataTables));
        },
        { timeout: 60_000, interval: 500 },
      )
      .toEqual([]);
    // The booking tables are rewritten at the quiet hour (their lock is too long for service):
    // that run, now, and no file of the database holds anything of the guest.
    expect(await server.compaction.runNightly()).toHaveLength(personalDataTables.length);
    await server.deps.db.query('checkpoint');
    expect(filesHolding(folder, needles)).toEqual([]);
    expect(logLines.some((line) => line.includes('erased data compacted away'))).toBe(true);
    expect(await covers()).toEqual(coversBefore);
    const logged = logLines.join('\n');
    for (const needle of needles) expect(logged, `the log holds ${needle}`).not.toContain(needle);
  }, 120_000);
});
