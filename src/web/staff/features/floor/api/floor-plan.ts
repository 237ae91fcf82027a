/**
 * A branch's floor as the editor reads and saves it: areas, tables (with their ids, so a renamed
 * table keeps its bookings) and combinations, read under row-level security, and
 * `public.save_floor`, which replaces the floor all or nothing and is for owners only
 * (supabase/migrations/20261202000000_save_floor.sql). Rows are checked at the boundary; the floor
 * sent is the one the shared schema (src/domain/floor.ts) accepts.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { type Floor, floorSchema } from '../../../../../domain/floor.ts';
import { noticeEndedSession } from '../../admin/api/session-ended.ts';

// Postgres numerics may reach the browser as text: read them as numbers.
const num = z.coerce.number();
const areaRowSchema = z.object({ id: z.string(), name: z.string(), position: z.number().int() });
export const tableRowSchema = z.object({
  id: z.string(),
  area_id: z.string(),
  name: z.string(),
  min_seats: z.number().int(),
  max_seats: z.number().int(),
  online: z.boolean(),
  active: z.boolean(),
  shape: z.enum(['rect', 'round']),
  x: num,
  y: num,
  width: num,
  height: num,
  rotation: num,
});
export type TableRow = z.infer<typeof tableRowSchema>;
export const tableColumns = Object.keys(tableRowSchema.shape).join(',');
const combinationRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  min_seats: z.number().int(),
  max_seats: z.number().int(),
  online: z.boolean(),
});
const memberRowSchema = z.object({ combination_id: z.string(), table_id: z.string() });

/** The editor's drawing. Keys are the editor's own (new tables have no id yet). */
export interface DraftTable extends Omit<TableRow, 'id' | 'area_id'> {
  key: string;
  id?: string;
}
export interface DraftArea {
  key: string;
  name: string;
  tables: DraftTable[];
}
export interface DraftCombination {
  key: string;
  name: string;
  /** Keys of its tables: renaming a table keeps it in its combinations. */
  tables: string[];
  min_seats: number;
  max_seats: number;
  online: boolean;
}
export interface Draft {
  areas: DraftArea[];
  combinations: DraftCombination[];
}

/** A refusal of the server, with its SQLSTATE and the reason and name it gave. */
export class FloorRefusedError extends Error {
  override name = 'FloorRefusedError';
  readonly code: string | undefined;
  readonly reason: string | undefined;
  readonly subject: string | undefined;
  constructor(message: string, code: string | undefined, details: string | undefined) {
    super(message);
    this.code = code;
    const facts = z
      .object({ reason: z.string().optional(), name: z.string().optional() })
      .safeParse(parseJson(details));
    this.reason = facts.success ? facts.data.reason : undefined;
    this.subject = facts.success ? facts.data.name : undefined;
  }
}

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function failed(
  supabase: SupabaseClient,
  error: { code?: string; message: string; details?: string | null },
): Promise<never> {
  await noticeEndedSession(supabase, error);
  throw new FloorRefusedError(error.message, error.code || undefined, error.details ?? undefined);
}

export async function loadDraft(supabase: SupabaseClient, branch: string): Promise<Draft> {
  const [areas, tables, combinations] = await Promise.all([
    supabase.from('dining_areas').select('id,name,position').eq('branch', branch).order('position').order('name'),
    supabase.from('dining_tables').select(tableColumns).eq('branch', branch).order('name'),
    supabase.from('table_combinations').select('id,name,min_seats,max_seats,online').eq('branch', branch).order('name'),
  ]);
  for (const result of [areas, tables, combinations]) if (result.error) return failed(supabase, result.error);
  const areaRows = z.array(areaRowSchema).parse(areas.data);
  const tableRows = z.array(tableRowSchema).parse(tables.data);
  const comboRows = z.array(combinationRowSchema).parse(combinations.data);
  let memberRows: z.infer<typeof memberRowSchema>[] = [];
  if (comboRows.length > 0) {
    const members = await supabase
      .from('table_combination_members')
      .select('combination_id,table_id')
      .in(
        'combination_id',
        comboRows.map((c) => c.id),
      );
    if (members.error) return failed(supabase, members.error);
    memberRows = z.array(memberRowSchema).parse(members.data);
  }
  return {
    areas: areaRows.map((area) => ({
      key: area.id,
      name: area.name,
      tables: tableRows
        .filter((t) => t.area_id === area.id)
        .map(({ id, area_id: _area, ...rest }) => ({ key: id, id, ...rest })),
    })),
    combinations: comboRows.map((c) => ({
      key: c.id,
      name: c.name,
      min_seats: c.min_seats,
      max_seats: c.max_seats,
      online: c.online,
      tables: memberRows.filter((m) => m.combination_id === c.id).map((m) => m.table_id),
    })),
  };
}

/** The drawing as the shared schema's input: names in place of keys. */
export function floorOf(draft: Draft): unknown {
  const nameOf = new Map(draft.areas.flatMap((a) => a.tables.map((t) => [t.key, t.name] as const)));
  return {
    areas: draft.areas.map((area) => ({
      name: area.name,
      tables: area.tables.map(({ key: _key, id, ...table }) => (id ? { id, ...table } : table)),
    })),
    combinations: draft.combinations.map(({ key: _key, tables, ...combo }) => ({
      ...combo,
      tables: tables.map((key) => nameOf.get(key) ?? key),
    })),
  };
}

/** Checks the drawing with the floor files' schema: the floor to save, or the problems. */
export function checkDraft(draft: Draft): ReturnType<typeof floorSchema.safeParse> {
  return floorSchema.safeParse(floorOf(draft));
}

/** Saves the floor as a whole; returns how many tables are in use. */
export async function saveFloor(supabase: SupabaseClient, branch: string, floor: Floor): Promise<number> {
  const { data, error } = await supabase.rpc('save_floor', {
    p_branch: branch,
    p_floor: { areas: floor.areas, combinations: floor.combinations },
  });
  if (error) return failed(supabase, error);
  return z.number().int().parse(data);
}

/** Every branch (everyone reads their names); owners may draw any of them. */
export async function listBranches(supabase: SupabaseClient): Promise<string[]> {
  const { data, error } = await supabase.from('branches').select('name').order('name');
  if (error) return failed(supabase, error);
  return z
    .array(z.object({ name: z.string() }))
    .parse(data)
    .map((row) => row.name);
}
