/**
 * `npm run admin -- floor …`: a branch's floor from and to a JSON file (shape: src/domain/floor.ts,
 * examples in docs/floors/).
 *   floor import --branch NAME FILE   replaces the branch's floor with the file's, all or nothing
 *   floor export --branch NAME [FILE] writes the branch's floor (to standard output without FILE)
 * Import matches areas, tables and combinations by name, so a table keeps its id (and the
 * bookings holding it). A table left out of the file is removed, or made inactive when bookings
 * have held it (their history stays readable).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { type Floor, floorSchema } from '../../domain/floor.ts';
import type { Database, Queryable } from '../db/database.ts';
import { requireKnownBranches, UnknownBranchError } from '../known-branches.ts';

export const floorUsage = `  npm run admin -- floor import --branch NAME FILE
  npm run admin -- floor export --branch NAME [FILE]`;

export class FloorUsageError extends Error {}
/** The file or the database refused the floor; nothing was changed. */
export class FloorError extends Error {}

/** Parses a floor file's text, with every problem named by its place in the file. */
export function parseFloor(text: string): Floor {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new FloorError(
      `Not imported: the file is not JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const parsed = floorSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`);
    throw new FloorError(`Not imported: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** Replaces a branch's floor in one transaction. Returns how many tables it now has. */
export async function importFloor(db: Database, branch: string, floor: Floor): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      await knownBranch(tx, branch, 'Not imported');
      return writeFloor(tx, branch, floor);
    });
  } catch (error) {
    if (error instanceof FloorError) throw error;
    throw new FloorError(`Not imported: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function writeFloor(tx: Queryable, branch: string, floor: Floor): Promise<number> {
  const areas = floor.areas.map((area, position) => ({ name: area.name, position }));
  await tx.query(
    `insert into public.dining_areas (branch, name, position)
     select $1, a.name, a.position from jsonb_to_recordset($2::jsonb) as a(name text, position integer)
     on conflict (branch, name) do update set position = excluded.position`,
    [branch, JSON.stringify(areas)],
  );
  const tables = floor.areas.flatMap((area) => area.tables.map((table) => ({ ...table, area: area.name })));
  await tx.query(
    `insert into public.dining_tables (branch, area_id, name, min_seats, max_seats, online, active, shape, x, y, width, height, rotation)
     select $1, a.id, t.name, t.min_seats, t.max_seats, t.online, t.active, t.shape, t.x, t.y, t.width, t.height, t.rotation
       from jsonb_to_recordset($2::jsonb) as t(area text, name text, min_seats integer, max_seats integer, online boolean,
              active boolean, shape text, x numeric, y numeric, width numeric, height numeric, rotation numeric)
       join public.dining_areas a on a.branch = $1 and a.name = t.area
     on conflict (branch, name) do update
       set area_id = excluded.area_id, min_seats = excluded.min_seats, max_seats = excluded.max_seats,
           online = excluded.online, active = excluded.active, shape = excluded.shape, x = excluded.x,
           y = excluded.y, width = excluded.width, height = excluded.height, rotation = excluded.rotation`,
    [branch, JSON.stringify(tables)],
  );
  const names = tables.map((t) => t.name);
  // Tables no longer on the floor: removed when no booking ever held them, else kept inactive.
  await tx.query(
    `update public.dining_tables t set active = false
      where t.branch = $1 and not (t.name = any ($2::text[]))
        and exists (select 1 from public.reservation_tables h where h.table_id = t.id)`,
    [branch, names],
  );
  await tx.query(
    `delete from public.dining_tables t
      where t.branch = $1 and not (t.name = any ($2::text[]))
        and not exists (select 1 from public.reservation_tables h where h.table_id = t.id)`,
    [branch, names],
  );
  await tx.query(
    `delete from public.dining_areas a
      where a.branch = $1 and not (a.name = any ($2::text[]))
        and not exists (select 1 from public.dining_tables t where t.area_id = a.id)`,
    [branch, areas.map((a) => a.name)],
  );
  // Combinations hold nothing themselves (holds name tables): replaced as a whole.
  await tx.query('delete from public.table_combinations where branch = $1', [branch]);
  await tx.query(
    `with c as (
       insert into public.table_combinations (branch, name, min_seats, max_seats, online)
       select $1, c.name, c.min_seats, c.max_seats, c.online
         from jsonb_to_recordset($2::jsonb) as c(name text, min_seats integer, max_seats integer, online boolean)
       returning id, name
     )
     insert into public.table_combination_members (combination_id, table_id)
     select c.id, t.id
       from jsonb_to_recordset($2::jsonb) as f(name text, tables text[])
       join c on c.name = f.name
       cross join unnest(f.tables) as m(name)
       join public.dining_tables t on t.branch = $1 and t.name = m.name`,
    [branch, JSON.stringify(floor.combinations)],
  );
  // The members' deferred check (one branch, one area) runs now, inside this transaction.
  await tx.query('set constraints all immediate');
  // Turn times live in the branch's settings (its hours and rules: `branches set`). Without a
  // settings row the branch books as before, with the default turn times.
  if (floor.turn_minutes || floor.reset_minutes !== undefined) {
    const { rows } = await tx.query(
      `update public.branch_settings
          set turn_minutes = coalesce($2::jsonb, turn_minutes), reset_minutes = coalesce($3, reset_minutes), updated_at = now()
        where branch = $1
       returning branch`,
      [branch, floor.turn_minutes ? JSON.stringify(floor.turn_minutes) : null, floor.reset_minutes ?? null],
    );
    if (rows.length === 0) {
      throw new FloorError(
        `Not imported: ${branch} has no settings for its turn times; set them up first (npm run admin -- branches set --branch "${branch}")`,
      );
    }
  }
  const { rows } = await tx.query<{ n: number }>(
    'select count(*)::int as n from public.dining_tables where branch = $1 and active',
    [branch],
  );
  return Number(rows[0]?.n ?? 0);
}

const exportRow = z.object({ floor: z.unknown() });

/**
 * A floor of a name that is no branch is refused with the branches there are (the database
 * refuses an import too, without the list; an export would write an empty floor).
 */
async function knownBranch(q: Queryable, branch: string, refusal: string): Promise<void> {
  try {
    await requireKnownBranches(q, [branch]);
  } catch (error) {
    if (error instanceof UnknownBranchError) throw new FloorError(`${refusal}: ${error.message}`);
    throw error;
  }
}

/** The branch's floor in the file's shape (inactive tables included, marked so). */
export async function exportFloor(db: Queryable, branch: string): Promise<Floor> {
  await knownBranch(db, branch, 'Not exported');
  const { rows } = await db.query(
    `select jsonb_build_object(
       'turn_minutes', (select s.turn_minutes from public.branch_settings s where s.branch = $1),
       'reset_minutes', (select s.reset_minutes from public.branch_settings s where s.branch = $1),
       'areas', coalesce((
         select jsonb_agg(jsonb_build_object('name', a.name, 'tables', coalesce((
                  select jsonb_agg(jsonb_build_object(
                           'name', t.name, 'min_seats', t.min_seats, 'max_seats', t.max_seats, 'online', t.online,
                           'active', t.active, 'shape', t.shape, 'x', t.x, 'y', t.y, 'width', t.width,
                           'height', t.height, 'rotation', t.rotation) order by t.name)
                    from public.dining_tables t where t.area_id = a.id), '[]'::jsonb)) order by a.position, a.name)
           from public.dining_areas a where a.branch = $1), '[]'::jsonb),
       'combinations', coalesce((
         select jsonb_agg(jsonb_build_object(
                  'name', c.name, 'min_seats', c.min_seats, 'max_seats', c.max_seats, 'online', c.online,
                  'tables', (select jsonb_agg(t.name order by t.name) from public.table_combination_members m
                               join public.dining_tables t on t.id = m.table_id where m.combination_id = c.id))
                order by c.name)
           from public.table_combinations c where c.branch = $1), '[]'::jsonb)) as floor`,
    [branch],
  );
  const floor = exportRow.parse(rows[0]).floor;
  const parsed = floorSchema.parse(
    typeof floor === 'object' && floor !== null
      ? Object.fromEntries(Object.entries(floor).filter(([, value]) => value !== null))
      : floor,
  );
  return parsed;
}

export async function runFloor(db: Database, argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { branch: { type: 'string' } },
  });
  const [command, file, ...extra] = positionals;
  const branch = values.branch?.trim();
  if (!branch) throw new FloorUsageError('floor import and floor export need --branch.');
  if (command === 'import' && file && extra.length === 0) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new FloorError(
        `Not imported: cannot read ${file} (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    const count = await importFloor(db, branch, parseFloor(text));
    return `Imported the floor of ${branch}: ${count} active tables.`;
  }
  if (command === 'export' && extra.length === 0) {
    const text = `${JSON.stringify(await exportFloor(db, branch), null, 2)}\n`;
    if (!file) return text.trimEnd();
    writeFileSync(file, text);
    return `Wrote the floor of ${branch} to ${file}.`;
  }
  throw new FloorUsageError(`Unknown command "floor ${positionals.join(' ')}".`);
}
