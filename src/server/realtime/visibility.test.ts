/**
 * realtime.visible_rows on both databases, directly: each subscriber sees what its role and
 * claims may SELECT — rows through RLS, columns through column grants — one subscriber's bad
 * filter value costs only that subscriber, and clients' filters cannot make the database keep
 * ever more prepared statements.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPostgres } from '../../../tests/support/postgres.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { createPublishedTables, type PublishedTable } from './published-tables.ts';
import { type Audience, readAsSubscribers } from './visibility.ts';

const open: [string, () => Promise<{ db: Database; close: () => Promise<void> }>][] = [
  [
    'PGlite',
    async () => {
      const db = await openPglite(undefined);
      return { db, close: () => db.close() };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const { url, drop, db: creator } = await createTestPostgres();
      await creator.close();
      // One connection: the prepared statements it counts are that session's.
      const db = await openPostgres(url, { max: 1 });
      return {
        db,
        close: async () => {
          await db.close();
          await drop();
        },
      };
    },
  ],
];

const staff = (sub: string): Audience => ({
  role: 'authenticated',
  claimsJson: JSON.stringify({ role: 'authenticated', sub, app_metadata: { role: 'staff' } }),
  filterSets: [[]],
});

describe.each(open)('who sees a changed row, on %s', (_name, opening) => {
  let db: Database;
  let close: () => Promise<void>;
  let reservations: PublishedTable;
  let ledger: PublishedTable;
  let ids: string[];

  beforeAll(async () => {
    ({ db, close } = await opening());
    await migrate(db);
    // A published table whose grants hide a column and whose RLS shows each user their own rows.
    await db.exec(`
      create table public.ledger (id bigint primary key, owner text not null, note text, secret text);
      revoke all on public.ledger from public, anon, authenticated;
      grant select (id, owner, note) on public.ledger to authenticated;
      alter table public.ledger enable row level security;
      create policy own on public.ledger for select to authenticated using (owner = auth.jwt() ->> 'sub');
      create trigger ledger_publish after insert on public.ledger
        referencing new table as new_rows for each statement execute function private.publish_changes();
      insert into public.ledger values (1, 'ana', 'visible to ana', 'never sent'), (2, 'bao', 'for bao', 'never sent');
      insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
        values ('Asha', '1', 'a@b.c', current_date + 30, 4, 'Sa Pa', '19:00', 'PM'),
               ('Binh', '1', 'b@b.c', current_date + 30, 2, 'Hanoi (main branch)', '19:00', 'PM');
    `);
    const tables = createPublishedTables(db);
    reservations = (await tables.get('public', 'reservations')) as PublishedTable;
    ledger = (await tables.get('public', 'ledger')) as PublishedTable;
    ids = (await db.query<{ id: number }>('select id from public.reservations order by id')).rows.map((r) =>
      String(r.id),
    );
  });
  afterAll(async () => close?.());

  it('reads rows through RLS and columns through column grants, as each subscriber', async () => {
    expect(ledger.key).toBe('id');
    const visible = await readAsSubscribers(db, ledger, ['1', '2'], [staff('ana'), staff('bao'), staff('cam')]);
    expect(visible.get(0)?.get(0)).toEqual(new Map([['1', { id: 1, owner: 'ana', note: 'visible to ana' }]]));
    expect(visible.get(1)?.get(0)).toEqual(new Map([['2', { id: 2, owner: 'bao', note: 'for bao' }]]));
    expect(visible.has(2)).toBe(false);
  });

  it('matches nothing for a filter on a column the role may not read', async () => {
    const asAna = { ...staff('ana'), filterSets: [[{ column: 'secret', op: 'eq' as const, value: 'never sent' }], []] };
    const visible = await readAsSubscribers(db, ledger, ['1'], [asAna]);
    expect(visible.get(0)?.has(0)).toBe(false);
    expect(visible.get(0)?.get(1)?.has('1')).toBe(true);
  });

  it('lets one subscriber’s unfit filter value cost only that subscriber', async () => {
    const unfit: Audience = { ...staff('x'), filterSets: [[{ column: 'guests', op: 'gt', value: 'many' }]] };
    const visible = await readAsSubscribers(db, reservations, ids, [
      unfit,
      staff('y'),
      { role: 'anon', claimsJson: '{"role":"anon"}', filterSets: [[]] },
    ]);
    expect(visible.has(0)).toBe(false);
    expect([...(visible.get(1)?.get(0)?.keys() ?? [])]).toEqual(ids);
    expect(visible.has(2)).toBe(false);
  });

  it('lets an unfit filter value cost only the filter sets holding it, tested beside others in one read', async () => {
    const mixed: Audience = {
      ...staff('z'),
      filterSets: [
        [{ column: 'guests', op: 'gt', value: 'many' }],
        [],
        [{ column: 'branch', op: 'in', values: ['Hanoi (main branch)'] }],
        [
          { column: 'guests', op: 'gte', value: '3' },
          { column: 'branch', op: 'neq', value: 'Hanoi (main branch)' },
        ],
      ],
    };
    const visible = await readAsSubscribers(db, reservations, ids, [mixed]);
    const keys = (set: number) => [...(visible.get(0)?.get(set)?.keys() ?? [])];
    expect([keys(0), keys(1), keys(2), keys(3)]).toEqual([[], ids, [ids[1]], [ids[0]]]);
  });

  it('takes on only the API roles', async () => {
    await expect(
      readAsSubscribers(db, reservations, ids, [{ role: 'postgres', claimsJson: '{}', filterSets: [[]] }]),
    ).rejects.toThrow(/not an API role/);
  });

  it('prepares one statement per role for unfiltered subscribers, none for filtered ones', async () => {
    const filtered: Audience[] = Array.from({ length: 30 }, (_, i) => ({
      ...staff(`f${i}`),
      filterSets: [[{ column: i % 2 ? 'guests' : 'branch', op: 'in', values: [String(i), 'Sa Pa'].slice(i % 2) }]],
    }));
    await readAsSubscribers(db, reservations, ids, [staff('a'), staff('b'), ...filtered]);
    await readAsSubscribers(db, reservations, ids, [staff('c'), ...filtered.reverse()]);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_prepared_statements where name like 'realtime\\_%'`,
    );
    // One for each table read unfiltered in this session (ledger, reservations), all as authenticated.
    expect(rows[0]?.n).toBe(2);
  });
});
