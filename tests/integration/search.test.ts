/**
 * The dashboard's search through `search_reservations`, as the dashboard calls it (supabase-js
 * `.rpc()` with filters, order, range and an exact count): blind to case and Vietnamese
 * diacritics, literal (no wildcards), staff only, and served by the trigram index rather than a
 * scan of the table. On PGlite and PostgreSQL.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signUserToken, tokenClient } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

const guests = [
  { name: 'Nguyễn Thu Hà', mobile: '+84 912 000 001', email: 'thuha@example.vn', branch: 'Hanoi (main branch)' },
  { name: 'Trần Văn Đức', mobile: '+84 912 000 002', email: 'duc.tran@example.vn', branch: 'Da Nang' },
  { name: 'Lê Phở', mobile: '+84 912 000 003', email: 'le@example.vn', branch: 'Sa Pa' },
  { name: 'Priya Mehta', mobile: '+84 912 000 004', email: 'priya@đà-nẵng.example', branch: 'Sa Pa' },
  { name: '100% Sure_Guest', mobile: '+84 912 000 005', email: 'sure@example.vn', branch: 'Ninh Binh' },
  { name: 'Nguyen Van An', mobile: '+84 912 000 006', email: 'an@example.vn', branch: 'Sa Pa' },
];

describe.each(backends)('dashboard search on %s', (backend) => {
  let server: TestServer;
  let staff: SupabaseClient;

  /** The names a search finds, as the dashboard asks for them (newest first). */
  async function search(client: SupabaseClient, text: string, branch?: string) {
    let request = client.rpc('search_reservations', { p_query: text }, { count: 'exact' }).select('name,branch');
    if (branch) request = request.eq('branch', branch);
    const { data, error, count } = await request.order('id', { ascending: true }).range(0, 49);
    expect(error).toBeNull();
    const rows = (data ?? []) as { name: string }[];
    return { names: rows.map((row) => row.name), count };
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    staff = tokenClient(server, await signUserToken(server, { staff: true }));
    // Loaded as an operator loads history: the booking rules' triggers look at "now".
    await server.deps.db.transaction((tx) =>
      tx.exec(
        `set local session_replication_role = replica;
         insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
         select g->>'name', g->>'mobile', g->>'email', date '2026-01-10', 2, g->>'branch', '19:00', 'PM'
           from jsonb_array_elements('${JSON.stringify(guests)}'::jsonb) g`,
      ),
    );
  });
  afterAll(async () => server?.close());

  it('ignores case and diacritics both ways, and matches đ with d', async () => {
    expect((await search(staff, 'nguyen')).names).toEqual(['Nguyễn Thu Hà', 'Nguyen Van An']);
    expect((await search(staff, 'NGUYỄN')).names).toEqual(['Nguyễn Thu Hà', 'Nguyen Van An']);
    expect((await search(staff, 'duc')).names).toEqual(['Trần Văn Đức']);
    expect((await search(staff, 'pho')).names).toEqual(['Lê Phở']);
    expect((await search(staff, 'da nang')).names).toEqual([]);
    expect((await search(staff, 'đà-nẵng')).names).toEqual(['Priya Mehta']);
    expect((await search(staff, 'da-nang')).names).toEqual(['Priya Mehta']);
  });

  it('searches mobile and email as well as the name, and counts every match', async () => {
    expect(await search(staff, '000 004')).toEqual({ names: ['Priya Mehta'], count: 1 });
    expect(await search(staff, '@example.vn')).toMatchObject({ count: 5 });
  });

  it('takes the other filters on top, as PostgREST does', async () => {
    expect(await search(staff, 'nguyen', 'Sa Pa')).toEqual({ names: ['Nguyen Van An'], count: 1 });
  });

  it('treats the text literally: % _ and \\ are not wildcards', async () => {
    expect((await search(staff, '100%')).names).toEqual(['100% Sure_Guest']);
    expect((await search(staff, 'e_g')).names).toEqual(['100% Sure_Guest']);
    expect((await search(staff, '%')).names).toEqual(['100% Sure_Guest']);
    expect((await search(staff, 'e%g')).names).toEqual([]);
    expect((await search(staff, '\\')).names).toEqual([]);
  });

  it('does not match across two fields', async () => {
    // The name ends in "Hà" and the mobile begins with "+84": joined they would read "ha+84".
    expect((await search(staff, 'ha+84')).names).toEqual([]);
  });

  it('finds nothing for signed-in guests, and refuses anonymous callers', async () => {
    const guest = tokenClient(server, await signUserToken(server, { staff: false }));
    expect(await search(guest, 'nguyen')).toEqual({ names: [], count: 0 });
    const anon = await anonClient(server).rpc('search_reservations', { p_query: 'nguyen' }).select('name');
    expect(anon.data).toBeNull();
    expect(anon.error?.code).toBe('42501');
    expect(anon.status).toBe(401);
  });

  it('follows a corrected name, and forgets a deleted booking', async () => {
    const db = server.deps.db;
    await db.query(`update public.reservations set name = 'Vũ Thị Lan' where name = 'Nguyen Van An'`);
    expect((await search(staff, 'vu thi lan')).names).toEqual(['Vũ Thị Lan']);
    expect((await search(staff, 'van an')).names).toEqual([]);
    await db.query(`delete from public.reservations where name = 'Vũ Thị Lan'`);
    expect((await search(staff, 'lan')).names).toEqual([]);
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from private.reservation_search');
    expect(Number(rows[0]?.n)).toBe(guests.length - 1);
  });

  it('can use the trigram index instead of reading the whole table', async () => {
    // Six rows are cheaper to scan; forbidding the scan shows whether the index serves the search.
    const plan = await server.deps.db.transaction(async (tx) => {
      await tx.exec('set local enable_seqscan = off');
      const { rows } = await tx.query(
        `explain select reservation_id from private.reservation_search where folded like '%nguyen%'`,
      );
      return rows.map((row) => Object.values(row as Record<string, unknown>).join(' ')).join('\n');
    });
    expect(plan).toContain('reservation_search_trgm');
  });
});
