/**
 * What a host's screens read for one branch and day, with plain supabase-js (REST embedding as
 * PostgREST does it): the floor — areas, tables, combinations — with the branch's hours, turn
 * times and time zone; and the day — its bookings, each with the tables it holds. Two reads, so a
 * change to the bookings reads the day again and not the floor. Rows are checked at the boundary;
 * row-level security decides what a host may see (their own branches only).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { bookingSlot } from '../../../../../domain/availability.ts';
import { bookingStatuses } from '../../../../../domain/booking-lifecycle.ts';
import { noticeEndedSession } from '../../admin/api/session-ended.ts';
import { isoWeekday } from '../host-view-params.ts';

const areaSchema = z.object({ id: z.string(), name: z.string(), position: z.number().int() });
const number = z.union([z.number(), z.string()]).transform(Number);
/** A table's row as a host reads it (REST here; a Realtime message in live-day.ts). */
export const tableSchema = z.object({
  id: z.string(),
  area_id: z.string(),
  name: z.string(),
  min_seats: z.number().int(),
  max_seats: z.number().int(),
  online: z.boolean(),
  active: z.boolean(),
  shape: z.enum(['rect', 'round']),
  x: number,
  y: number,
  width: number,
  height: number,
  rotation: number,
});
const combinationSchema = z.object({
  id: z.string(),
  name: z.string(),
  min_seats: z.number().int(),
  max_seats: z.number().int(),
  online: z.boolean(),
  table_combination_members: z.array(z.object({ table_id: z.string() })),
});
const settingsSchema = z.object({
  turn_minutes: z.record(z.string(), z.number().int()),
  reset_minutes: z.number().int(),
});
const hoursSchema = z.object({
  opens: z.string().transform((value) => value.slice(0, 5)),
  closes: z.string().transform((value) => value.slice(0, 5)),
});
const holdSchema = z.object({ table_id: z.string(), during: z.string(), holds: z.boolean() });
/** A booking's row as a host reads it (REST here; a Realtime message in live-day.ts). */
export const bookingRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  guests: z.number().int(),
  date: z.string(),
  time: z.string(),
  period: z.string(),
  notes: z.string().nullable(),
  arrived: z.boolean(),
  status: z.enum(bookingStatuses),
});
const reservationSchema = bookingRowSchema.extend({ reservation_tables: z.array(holdSchema) });

export type Area = z.infer<typeof areaSchema>;
export type DiningTable = z.infer<typeof tableSchema>;

export interface Combination {
  id: string;
  name: string;
  min_seats: number;
  max_seats: number;
  online: boolean;
  tableIds: string[];
}

/** A booking's hold on one table: from and to as epoch milliseconds; `holds` false once released. */
export interface Hold {
  tableId: string;
  from: number;
  to: number;
  holds: boolean;
}

export interface DayBooking {
  id: number;
  name: string;
  mobile: string;
  guests: number;
  date: string;
  time: string;
  period: string;
  /** The booked time of day, "HH:mm" on the 24-hour clock (undefined when the text is no time). */
  slot: string | undefined;
  notes: string | null;
  arrived: boolean;
  status: (typeof bookingStatuses)[number];
  holds: Hold[];
  /**
   * When the statement that placed `holds` ran (a Realtime message's commit timestamp); absent
   * when read over REST. See live-day.ts: one statement places all of a booking's holds.
   */
  holdsPlacedAt?: string;
}

export interface BranchFloor {
  branch: string;
  timeZone: string;
  /** Turn minutes by party size ({"1": 90, "3": 105}: each from its size up) and reset minutes. */
  turnMinutes: Record<string, number>;
  resetMinutes: number;
  areas: Area[];
  /** Active tables, by area position then name. */
  tables: DiningTable[];
  combinations: Combination[];
}

export interface BranchDay {
  branch: string;
  date: string;
  /** The day's opening ranges ("HH:mm"), in order; empty when closed that weekday or that date. */
  hours: { opens: string; closes: string }[];
  bookings: DayBooking[];
}

/** A refusal from the database, with its SQLSTATE and message (shown to the host as it is). */
export class HostViewError extends Error {
  override name = 'HostViewError';
  readonly code: string | undefined;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.code = code;
  }
}

export async function refused(supabase: SupabaseClient, error: { code?: string; message: string }): Promise<never> {
  await noticeEndedSession(supabase, error);
  throw new HostViewError(error.message, error.code || undefined);
}

/**
 * The branch's time zone, as the database's public.branch_time_zone() applies it: `branches`
 * holds it (saving settings copies theirs there); Vietnam's for a name that is no branch.
 */
export async function branchTimeZone(supabase: SupabaseClient, branch: string): Promise<string> {
  const { data, error } = await supabase.from('branches').select('time_zone').eq('name', branch).maybeSingle();
  if (error) return refused(supabase, error);
  return z.object({ time_zone: z.string() }).nullable().parse(data)?.time_zone ?? 'Asia/Ho_Chi_Minh';
}

/** The defaults the database applies to a branch without settings (private.default_turn_minutes). */
const defaultTurnMinutes = { '1': 90, '3': 105, '5': 120, '7': 150 };

export async function loadBranchFloor(supabase: SupabaseClient, branch: string): Promise<BranchFloor> {
  const [areas, tables, combinations, settings, zone] = await Promise.all([
    supabase.from('dining_areas').select('id,name,position').eq('branch', branch).order('position').order('name'),
    supabase
      .from('dining_tables')
      .select('id,area_id,name,min_seats,max_seats,online,active,shape,x,y,width,height,rotation')
      .eq('branch', branch)
      .eq('active', true)
      .order('name'),
    supabase
      .from('table_combinations')
      .select('id,name,min_seats,max_seats,online,table_combination_members(table_id)')
      .eq('branch', branch)
      .order('name'),
    supabase.from('branch_settings').select('turn_minutes,reset_minutes').eq('branch', branch).maybeSingle(),
    branchTimeZone(supabase, branch),
  ]);
  for (const answer of [areas, tables, combinations, settings])
    if (answer.error) return refused(supabase, answer.error);
  const areaRows = z.array(areaSchema).parse(areas.data);
  const tableRows = inFloorOrder(areaRows, z.array(tableSchema).parse(tables.data));
  const settingsRow = settings.data === null ? null : settingsSchema.parse(settings.data);
  return {
    branch,
    timeZone: zone,
    turnMinutes: settingsRow?.turn_minutes ?? defaultTurnMinutes,
    resetMinutes: settingsRow?.reset_minutes ?? 10,
    areas: areaRows,
    tables: tableRows,
    combinations: z
      .array(combinationSchema)
      .parse(combinations.data)
      .map(({ table_combination_members, ...combination }) => ({
        ...combination,
        tableIds: table_combination_members.map((member) => member.table_id),
      })),
  };
}

/** Tables by their area's position, then by name as people count (T2 before T10). */
export function inFloorOrder(areas: readonly Area[], tables: DiningTable[]): DiningTable[] {
  const order = new Map(areas.map((area, index) => [area.id, index]));
  return tables.sort(
    (a, b) =>
      (order.get(a.area_id) ?? 0) - (order.get(b.area_id) ?? 0) ||
      a.name.localeCompare(b.name, undefined, { numeric: true }),
  );
}

export async function loadBranchDay(supabase: SupabaseClient, branch: string, date: string): Promise<BranchDay> {
  const [bookings, hours, closed] = await Promise.all([
    supabase
      .from('reservations')
      .select('id,name,mobile,guests,date,time,period,notes,arrived,status,reservation_tables(table_id,during,holds)')
      .eq('branch', branch)
      .eq('date', date)
      .order('id'),
    supabase
      .from('branch_opening_hours')
      .select('opens,closes')
      .eq('branch', branch)
      .eq('weekday', isoWeekday(date))
      .order('opens'),
    supabase.from('branch_closed_dates').select('date').eq('branch', branch).eq('date', date),
  ]);
  for (const answer of [bookings, hours, closed]) if (answer.error) return refused(supabase, answer.error);
  return {
    branch,
    date,
    hours: (closed.data ?? []).length > 0 ? [] : z.array(hoursSchema).parse(hours.data),
    bookings: z
      .array(reservationSchema)
      .parse(bookings.data)
      .map(({ reservation_tables, ...booking }) => ({
        ...booking,
        slot: bookingSlot(booking.time, booking.period),
        holds: reservation_tables.flatMap((hold) => {
          const placed = holdOf(hold);
          return placed ? [placed] : [];
        }),
      })),
  };
}

/** A hold row as a Hold; undefined when its range is not two times. */
export function holdOf(row: { table_id: string; during: string; holds: boolean }): Hold | undefined {
  const range = parseRange(row.during);
  return range ? { tableId: row.table_id, holds: row.holds, ...range } : undefined;
}

/**
 * A tstzrange as Postgres writes it — `["2026-12-24 19:00:00+07","2026-12-24 20:55:00+07")` — as
 * epoch milliseconds; undefined when either end is missing or not a time.
 */
export function parseRange(text: string): { from: number; to: number } | undefined {
  const match = /^[[(]"?([^",]+)"?,"?([^",]+)"?[)\]]$/.exec(text.trim());
  if (!match) return undefined;
  const from = parseTimestamp(match[1] ?? '');
  const to = parseTimestamp(match[2] ?? '');
  return from === undefined || to === undefined ? undefined : { from, to };
}

/** Postgres's own timestamptz text, "2026-12-24 19:00:00+07" (fraction and minutes of offset optional). */
const postgresTimestamp = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?([+-])(\d{2})(?::?(\d{2}))?$/;

function parseTimestamp(text: string): number | undefined {
  // Read by hand: Date.parse was a tenth of the day's parse on a throttled tablet (two per hold).
  const parts = postgresTimestamp.exec(text.trim());
  if (parts) {
    const [, year, month, day, hour, minute, second, fraction, sign, offsetHours, offsetMinutes] = parts;
    const offset = (Number(offsetHours) * 60 + Number(offsetMinutes ?? 0)) * (sign === '-' ? -1 : 1);
    return (
      Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)) +
      Math.round(Number(fraction ?? 0) * 1000) -
      offset * 60_000
    );
  }
  const iso = text
    .trim()
    .replace(' ', 'T')
    .replace(/([+-]\d{2})$/, '$1:00');
  const value = Date.parse(iso);
  return Number.isNaN(value) ? undefined : value;
}
