/**
 * Who may do what, on both databases, through the real supabase-js client: owner, a host of Sa Pa,
 * a host of two branches, staff, a signed-in account without a staff role, and anonymous. Each
 * caller's row of the matrix is observed (what the database really stored, not only what the
 * client was told) and compared with the rules of supabase/migrations/20261123400000_roles.sql and
 * the team endpoint (src/server/team). docs/security.md shows the same table.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleAssignment } from '../../src/domain/team.ts';
import { createStaffAccount } from '../../src/server/auth/accounts.ts';
import { guestBooking } from '../support/builders.ts';
import { grace, insertAsOwner, namesOf, subscribe, until } from '../support/realtime-subscriptions.ts';
import { anonClient, signUserToken, tokenClient } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

type Caller = 'owner' | 'hostSaPa' | 'hostTwo' | 'staff' | 'nonStaff' | 'anon';

const accounts: Record<'owner' | 'hostSaPa' | 'hostTwo' | 'staff', { email: string; assignment: RoleAssignment }> = {
  owner: { email: 'owner@saffron-lotus.test', assignment: { role: 'owner', branches: [] } },
  hostSaPa: { email: 'sapa@saffron-lotus.test', assignment: { role: 'host', branches: ['Sa Pa'] } },
  hostTwo: { email: 'two@saffron-lotus.test', assignment: { role: 'host', branches: ['Sa Pa', 'Da Nang'] } },
  staff: { email: 'staff@saffron-lotus.test', assignment: { role: 'staff', branches: [] } },
};
const password = 'cinnamon lanterns over hoan kiem';

const bookedBranches = ['Da Nang', 'Downtown', 'Hanoi (main branch)', 'Ninh Binh', 'Sa Pa'];
const settingsBranches = ['Da Nang', 'Hanoi (main branch)', 'Ninh Binh', 'Sa Pa'];

interface Observed {
  /** Branches of the bookings the caller reads, with /rest/v1 and with the dashboard's search. */
  read: string[];
  search: string[];
  /** Whether marking arrival took effect, as stored: at Sa Pa, and at Hanoi. */
  updateSaPa: boolean;
  updateHanoi: boolean;
  /** Branches whose settings the caller reads. */
  settingsRead: string[];
  /** Whether saving Sa Pa's settings took effect, as stored. */
  settingsWrite: boolean;
  /** HTTP status of listing the team, and of adding an account. */
  teamList: number;
  teamAdd: number;
  /** Branches of the bookings whose history (reservation_history) the caller reads. */
  historyRead: string[];
  /** Whether inserting, changing or deleting history lines took effect, as stored. */
  historyWrite: boolean;
}

const all = {
  read: bookedBranches,
  search: bookedBranches,
  updateSaPa: true,
  updateHanoi: true,
  settingsRead: settingsBranches,
  historyRead: bookedBranches,
  historyWrite: false,
};
const nothing = {
  read: [],
  search: [],
  updateSaPa: false,
  updateHanoi: false,
  settingsRead: [],
  settingsWrite: false,
  historyRead: [],
  historyWrite: false,
};
const expected: Record<Caller, Observed> = {
  owner: { ...all, settingsWrite: true, teamList: 200, teamAdd: 201 },
  staff: { ...all, settingsWrite: true, teamList: 403, teamAdd: 403 },
  hostSaPa: {
    read: ['Sa Pa'],
    search: ['Sa Pa'],
    updateSaPa: true,
    updateHanoi: false,
    settingsRead: ['Sa Pa'],
    settingsWrite: false,
    historyRead: ['Sa Pa'],
    historyWrite: false,
    teamList: 403,
    teamAdd: 403,
  },
  hostTwo: {
    read: ['Da Nang', 'Sa Pa'],
    search: ['Da Nang', 'Sa Pa'],
    updateSaPa: true,
    updateHanoi: false,
    settingsRead: ['Da Nang', 'Sa Pa'],
    settingsWrite: false,
    historyRead: ['Da Nang', 'Sa Pa'],
    historyWrite: false,
    teamList: 403,
    teamAdd: 403,
  },
  nonStaff: { ...nothing, teamList: 403, teamAdd: 403 },
  anon: { ...nothing, teamList: 401, teamAdd: 401 },
};

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

describe.each(backends)('roles on %s', (backend) => {
  let server: TestServer;
  const clients = new Map<Caller, SupabaseClient>();
  const bookings = new Map<string, number>();

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const [caller, account] of Object.entries(accounts)) {
      await createStaffAccount(server.deps.db, { email: account.email, password, assignment: account.assignment });
      const client = createClient(server.url, server.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      });
      const { error } = await client.auth.signInWithPassword({ email: account.email, password });
      expect(error).toBeNull();
      clients.set(caller as Caller, client);
    }
    clients.set('nonStaff', tokenClient(server, await signUserToken(server, { staff: false })));
    clients.set('anon', anonClient(server));
    for (const branch of bookedBranches) {
      bookings.set(
        branch,
        await insertAsOwner(
          server,
          guestBooking({
            name: `Guest at ${branch}`,
            branch,
            ...(branch === 'Downtown' ? { time: '19:00', period: 'Dinner' } : {}),
          }),
        ),
      );
    }
  });
  afterAll(async () => {
    await Promise.all([...clients.values()].map((client) => client.removeAllChannels()));
    await server?.close();
  });

  async function storedArrived(branch: string): Promise<boolean> {
    const { rows } = await server.deps.db.query<{ arrived: boolean }>(
      'select arrived from public.reservations where id = $1',
      [bookings.get(branch)],
    );
    return rows[0]?.arrived === true;
  }

  async function markArrived(client: SupabaseClient, branch: string): Promise<boolean> {
    await server.deps.db.query('update public.reservations set arrived = false where id = $1', [bookings.get(branch)]);
    await client.from('reservations').update({ arrived: true }).eq('id', bookings.get(branch));
    return storedArrived(branch);
  }

  /** A fingerprint of the whole history as the owner of the database sees it. */
  async function storedHistory(): Promise<string> {
    const { rows } = await server.deps.db.query<{ print: string }>(
      `select coalesce(string_agg(id || ':' || reservation_id || ':' || action || ':' || changes::text, ',' order by id), '') as print
         from public.reservation_history`,
    );
    return rows[0]?.print ?? '';
  }

  /** Tries to add, rewrite and erase history lines; whether anything stored changed. */
  async function writeHistory(client: SupabaseClient): Promise<boolean> {
    const before = await storedHistory();
    await client
      .from('reservation_history')
      .insert({ reservation_id: bookings.get('Sa Pa'), actor: 'system', action: 'updated', changes: {} });
    await client
      .from('reservation_history')
      .update({ changes: { forged: true } })
      .gte('id', 0);
    await client.from('reservation_history').delete().gte('id', 0);
    return (await storedHistory()) !== before;
  }

  async function team(client: SupabaseClient, body?: Record<string, unknown>): Promise<number> {
    const { error, response } = await client.functions.invoke('team', body ? { body } : { method: 'GET' });
    if (!error) return 200;
    return response?.status ?? -1;
  }

  async function observe(caller: Caller, coversMark: number): Promise<Observed> {
    const client = clients.get(caller);
    if (!client) throw new Error(caller);
    const read = await client.from('reservations').select('branch');
    const search = await client.rpc('search_reservations', { p_query: 'guest at' }).select('branch');
    const settings = await client.from('branch_settings').select('branch');
    const save = await client.rpc('save_branch_settings', {
      p_branch: 'Sa Pa',
      p_settings: {
        time_zone: 'Asia/Ho_Chi_Minh',
        covers_per_slot: coversMark,
        max_party: null,
        booking_window_days: null,
        hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '10:30', closes: '23:00' })),
        closed_dates: [],
      },
    });
    const { rows } = await server.deps.db.query<{ covers_per_slot: number | null }>(
      `select covers_per_slot from public.branch_settings where branch = 'Sa Pa'`,
    );
    const history = await client.from('reservation_history').select('reservation_id');
    const branchOf = new Map([...bookings].map(([branch, id]) => [id, branch]));
    const added = await client.functions.invoke('team', {
      body: { action: 'create', email: `added-by-${caller.toLowerCase()}@saffron-lotus.test`, role: 'staff' },
    });
    return {
      read: sorted((read.data ?? []).map((row: { branch: string }) => row.branch)),
      search: sorted((Array.isArray(search.data) ? search.data : []).map((row: { branch: string }) => row.branch)),
      updateSaPa: await markArrived(client, 'Sa Pa'),
      updateHanoi: await markArrived(client, 'Hanoi (main branch)'),
      settingsRead: sorted((settings.data ?? []).map((row: { branch: string }) => row.branch)),
      settingsWrite: save.error === null && rows[0]?.covers_per_slot === coversMark,
      historyRead: sorted(
        (history.data ?? []).map((row: { reservation_id: number }) => branchOf.get(row.reservation_id) ?? 'unknown'),
      ),
      historyWrite: await writeHistory(client),
      teamList: await team(client),
      teamAdd: added.error ? (added.response?.status ?? -1) : 201,
    };
  }

  it('gives each caller exactly what its role allows', async () => {
    const callers: Caller[] = ['owner', 'hostSaPa', 'hostTwo', 'staff', 'nonStaff', 'anon'];
    const observed: Partial<Record<Caller, Observed>> = {};
    // Each caller tries to store its own mark, so a write that took effect is told apart from an earlier one.
    for (const [i, caller] of callers.entries()) observed[caller] = await observe(caller, 100 + i);
    expect(observed).toEqual(expected);
  });

  it('tells a Sa Pa host’s socket only of Sa Pa, a two-branch host of both, the owner of all', async () => {
    const owner = await subscribe(clients.get('owner') as SupabaseClient, { event: 'INSERT' });
    const sapa = await subscribe(clients.get('hostSaPa') as SupabaseClient, { event: 'INSERT' });
    const two = await subscribe(clients.get('hostTwo') as SupabaseClient, { event: 'INSERT' });
    for (const branch of ['Hanoi (main branch)', 'Sa Pa', 'Da Nang', 'Ninh Binh']) {
      await insertAsOwner(server, guestBooking({ name: `Live at ${branch}`, branch }));
    }
    await until('the owner to hear all four', () => owner.changes.length === 4);
    await until('the two-branch host to hear both', () => two.changes.length === 2);
    await grace();
    expect(namesOf(owner.changes)).toEqual([
      'Live at Hanoi (main branch)',
      'Live at Sa Pa',
      'Live at Da Nang',
      'Live at Ninh Binh',
    ]);
    expect(namesOf(sapa.changes)).toEqual(['Live at Sa Pa']);
    expect(namesOf(two.changes)).toEqual(['Live at Sa Pa', 'Live at Da Nang']);
  });

  it('reads nothing for a host without branches or with a malformed claim, and for an unknown role', async () => {
    const { db } = server.deps;
    const claims = [
      { role: 'host' },
      { role: 'host', branches: 'Sa Pa' },
      { role: 'host', branches: [] },
      { role: 'manager', branches: ['Sa Pa'] },
      { role: 'OWNER' },
    ];
    const count = async (appMetadata: Record<string, unknown>) => {
      const { rows } = await db.transaction(async (tx) => {
        await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({
            role: 'authenticated',
            sub: '6b0f8f0e-4c5e-4a43-9a55-4f5e2a1c0009',
            app_metadata: appMetadata,
          }),
        ]);
        return tx.query<{ n: number }>('select count(*)::int as n from public.reservations');
      });
      return rows[0]?.n;
    };
    // The same reading with a good claim sees rows: the refusals below are the claims' doing.
    expect(await count({ role: 'host', branches: ['Sa Pa'] })).toBeGreaterThan(0);
    for (const appMetadata of claims) expect(await count(appMetadata), JSON.stringify(appMetadata)).toBe(0);
  });
});
