/** Floor files: checked before anything is written, imported all or nothing, exported back the same. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurantDate } from '../../../tests/support/builders.ts';
import { createTestPostgres } from '../../../tests/support/postgres.ts';
import { type Backend, backends } from '../../../tests/support/test-server.ts';
import { floorSchema } from '../../domain/floor.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { exportFloor, FloorError, importFloor, parseFloor } from './floor.ts';

const demo = (file: string) =>
  readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'floors', file), 'utf8');

describe('floor files', () => {
  it('accepts every demo floor', () => {
    for (const file of ['hanoi.json', 'ninh-binh.json', 'sa-pa.json', 'da-nang.json']) {
      expect(parseFloor(demo(file)).areas.length).toBeGreaterThan(0);
    }
  });

  it('names every problem of a bad file by its place', () => {
    const bad = JSON.stringify({
      areas: [
        {
          name: 'Main',
          tables: [
            { name: 'T1', min_seats: 4, max_seats: 2 },
            { name: 'T1', max_seats: 2 },
          ],
        },
      ],
      combinations: [{ name: 'Big', tables: ['T1', 'T9'], max_seats: 8 }],
      turn_minutes: { '3': 105 },
    });
    expect(() => parseFloor(bad)).toThrow(FloorError);
    const message = (() => {
      try {
        parseFloor(bad);
        return '';
      } catch (error) {
        return error instanceof Error ? error.message : '';
      }
    })();
    expect(message).toContain('areas.0.tables.0.min_seats: min_seats must not exceed max_seats');
    expect(message).toContain('table "T1" twice');
    expect(message).toContain('no table "T9"');
    expect(message).toContain('turn_minutes: must give the turn for parties from 1 guest ("1")');
    expect(() => parseFloor('{ not json')).toThrow(/^Not imported: the file is not JSON/);
  });
});

describe.each(backends)('floor import and export on %s', (backend: Backend) => {
  let db: Database;
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'saffron-floor-'));
    const pg = backend === 'postgres' ? await createTestPostgres() : undefined;
    await pg?.db.close();
    drop = pg?.drop;
    db = await openDatabase({ databaseUrl: pg?.url, dataDir });
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const count = async (sql: string) => Number((await db.query<{ n: number }>(sql)).rows[0]?.n);

  it('imports a demo floor, exports it back the same, and keeps a table that bookings held', async () => {
    const floor = parseFloor(demo('sa-pa.json'));
    expect(await importFloor(db, 'Sa Pa', floor)).toBe(10);
    const exported = await exportFloor(db, 'Sa Pa');
    const sorted = (f: typeof floor) => ({
      ...f,
      areas: f.areas.map((a) => ({ ...a, tables: [...a.tables].sort((x, y) => x.name.localeCompare(y.name)) })),
    });
    expect(sorted(exported)).toEqual(sorted(floor));

    // A booking holds W1; a floor without W1 and W2 keeps W1 inactive and removes W2.
    await db.query(
      `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
       values ('Held', '1', 'held@example.com', $1, 1, 'Sa Pa', '19:00', 'Dinner')`,
      [restaurantDate(9)],
    );
    const held = await db.query<{ name: string }>(
      `select t.name from public.reservation_tables h join public.dining_tables t on t.id = h.table_id`,
    );
    expect(held.rows).toEqual([{ name: 'W1' }]);
    const smaller = floorSchema.parse({
      ...floor,
      areas: floor.areas.map((a) => ({ ...a, tables: a.tables.filter((t) => t.name !== 'W1' && t.name !== 'W2') })),
    });
    expect(await importFloor(db, 'Sa Pa', smaller)).toBe(8);
    const kept = await db.query<{ name: string; active: boolean }>(
      `select name, active from public.dining_tables where branch = 'Sa Pa' and name in ('W1', 'W2')`,
    );
    expect(kept.rows).toEqual([{ name: 'W1', active: false }]);
  });

  it('changes nothing when the database refuses part of a floor', async () => {
    const before = await count(`select count(*)::int as n from public.dining_tables where branch = 'Da Nang'`);
    // Turn times for a branch without settings: refused after its areas and tables were written,
    // which are undone with the rest.
    const floor = floorSchema.parse({ ...parseFloor(demo('da-nang.json')) });
    await db.query(`insert into public.branches (name) values ('Nowhere') on conflict do nothing`);
    await expect(importFloor(db, 'Nowhere', floor)).rejects.toThrow(/^Not imported: Nowhere has no settings/);
    expect(await count(`select count(*)::int as n from public.dining_areas where branch = 'Nowhere'`)).toBe(0);
    expect(await count(`select count(*)::int as n from public.dining_tables where branch = 'Da Nang'`)).toBe(before);
  });

  it('refuses a floor for a branch that is not one of ours, saying so', async () => {
    const floor = floorSchema.parse({ ...parseFloor(demo('da-nang.json')) });
    await expect(importFloor(db, 'Sa Pa ', floor)).rejects.toThrow(
      /^Not imported: There is no branch called "Sa Pa "\. The branches are: Hanoi \(main branch\), Ninh Binh, Sa Pa, Da Nang, /,
    );
    expect(await count(`select count(*)::int as n from public.dining_areas where branch = 'Sa Pa '`)).toBe(0);
  });
});
