/**
 * A host's day and floor patched from a Realtime message alone, so another host's change is drawn
 * as soon as it arrives (issue 23: within 100 ms), before any read over REST. use-branch-day.ts
 * still reads the day again in the background afterwards; these functions only have to be right
 * for what they apply, and say so (undefined) when a message cannot be applied here.
 *
 * What the database sends a host (src/server/realtime): inserts and updates with the row as this
 * user may read it (row-level security), never deletes (those carry no row to check). So:
 * - A booking's row replaces the booking; a row of another branch or day takes it out of the view
 *   (a booking moved to another day) or is ignored. Nothing from outside the view is added.
 * - Holds are never updated into place by a delete: every statement that places holds
 *   (private.place_booking, private.hold_chosen_tables) inserts all of a booking's holds at once,
 *   after deleting the old ones in the same transaction. So a hold inserted by another statement
 *   than the booking's current holds replaces them; one of the same statement joins them.
 * - A new booking's holds are placed before its row is inserted (a trigger), so its hold messages
 *   come first: they wait in `early` until the booking arrives.
 * - An update of a hold (released, cut short) replaces that table's hold.
 */
import { z } from 'zod';
import { bookingSlot } from '../../../../domain/availability.ts';
import {
  type BranchDay,
  type BranchFloor,
  bookingRowSchema,
  type DayBooking,
  type Hold,
  holdOf,
  inFloorOrder,
  tableSchema,
} from './api/branch-day.ts';

/** A postgres_changes message, as supabase-js hands it over. */
export interface Change {
  table: string;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  new: unknown;
  old: unknown;
}

/** Holds whose booking is not in the day (yet), by booking id. */
export type EarlyHolds = ReadonlyMap<number, { placedAt: string; holds: Hold[] }>;

export interface LiveDay {
  day: BranchDay;
  early: EarlyHolds;
}

/** Early holds kept at most: those of bookings of other days never arrive, so the oldest go. */
const earlyLimit = 200;

const bookingMessage = bookingRowSchema.extend({ id: z.coerce.number().int(), branch: z.string() });
const holdMessage = z.object({
  reservation_id: z.coerce.number().int(),
  table_id: z.string(),
  branch: z.string(),
  during: z.string(),
  holds: z.boolean(),
});
const keyMessage = z.object({ id: z.coerce.number().int() });
const tableMessage = tableSchema.extend({ branch: z.string() });

/** The day with `booking` in its place (bookings stay ordered by id, as the REST read orders them). */
function withBooking(day: BranchDay, booking: DayBooking): BranchDay {
  const bookings = day.bookings.filter((other) => other.id !== booking.id);
  const at = bookings.findIndex((other) => other.id > booking.id);
  bookings.splice(at === -1 ? bookings.length : at, 0, booking);
  return { ...day, bookings };
}

function withoutBooking(day: BranchDay, id: number): BranchDay {
  return day.bookings.some((booking) => booking.id === id)
    ? { ...day, bookings: day.bookings.filter((booking) => booking.id !== id) }
    : day;
}

/** `holds` with `hold` in place of the one on its table. */
function replaceHold(holds: readonly Hold[], hold: Hold): Hold[] {
  return [...holds.filter((other) => other.tableId !== hold.tableId), hold];
}

/**
 * The day after `change`, or undefined when it cannot be applied here (a delete of a hold, a row
 * that does not read as one): the caller then reads the day again. Returns `live` itself when the
 * change is none of this view's business.
 */
export function patchDay(live: LiveDay, change: Change): LiveDay | undefined {
  const { day } = live;
  if (change.table === 'reservations') {
    if (change.eventType === 'DELETE') {
      const key = keyMessage.safeParse(change.old);
      return key.success ? { ...live, day: withoutBooking(day, key.data.id) } : undefined;
    }
    const row = bookingMessage.safeParse(change.new);
    if (!row.success) return undefined;
    const { branch, ...fields } = row.data;
    const known = day.bookings.find((booking) => booking.id === fields.id);
    // Another branch or day: gone from this view if it was in it, else nothing to do.
    if (branch !== day.branch || fields.date !== day.date)
      return known ? { ...live, day: withoutBooking(day, fields.id) } : live;
    const waiting = live.early.get(fields.id);
    const booking: DayBooking = {
      ...fields,
      slot: bookingSlot(fields.time, fields.period),
      holds: known?.holds ?? waiting?.holds ?? [],
    };
    const placedAt = known ? known.holdsPlacedAt : waiting?.placedAt;
    if (placedAt !== undefined) booking.holdsPlacedAt = placedAt;
    let early = live.early;
    if (waiting) {
      const rest = new Map(early);
      rest.delete(fields.id);
      early = rest;
    }
    return { day: withBooking(day, booking), early };
  }

  if (change.table === 'reservation_tables') {
    if (change.eventType === 'DELETE') return undefined;
    const row = holdMessage.safeParse(change.new);
    if (!row.success) return undefined;
    if (row.data.branch !== day.branch) return live;
    const hold = holdOf(row.data);
    if (!hold) return undefined;
    const id = row.data.reservation_id;
    const placedAt = change.commit_timestamp;
    const known = day.bookings.find((booking) => booking.id === id);
    if (!known) {
      const waiting = live.early.get(id);
      const early = new Map(live.early);
      if (change.eventType === 'INSERT')
        early.set(id, {
          placedAt,
          holds: waiting?.placedAt === placedAt ? replaceHold(waiting.holds, hold) : [hold],
        });
      else if (waiting) early.set(id, { ...waiting, holds: replaceHold(waiting.holds, hold) });
      else return live;
      for (const oldest of early.keys()) {
        if (early.size <= earlyLimit) break;
        early.delete(oldest);
      }
      return { day, early };
    }
    const booking: DayBooking =
      change.eventType === 'INSERT'
        ? {
            ...known,
            holds: known.holdsPlacedAt === placedAt ? replaceHold(known.holds, hold) : [hold],
            holdsPlacedAt: placedAt,
          }
        : { ...known, holds: replaceHold(known.holds, hold) };
    return { ...live, day: withBooking(day, booking) };
  }
  return undefined;
}

/**
 * The floor after a change of one of its tables (an owner saving the floor), or undefined when it
 * cannot be applied here (a delete, a table in an area this floor does not have yet): the caller
 * then reads the floor again. Returns `floor` itself for another branch's table.
 */
export function patchFloor(floor: BranchFloor, change: Change): BranchFloor | undefined {
  if (change.table !== 'dining_tables' || change.eventType === 'DELETE') return undefined;
  const row = tableMessage.safeParse(change.new);
  if (!row.success) return undefined;
  const { branch, ...table } = row.data;
  if (branch !== floor.branch) return floor;
  const others = floor.tables.filter((other) => other.id !== table.id);
  if (!table.active) return others.length === floor.tables.length ? floor : { ...floor, tables: others };
  if (!floor.areas.some((area) => area.id === table.area_id)) return undefined;
  return { ...floor, tables: inFloorOrder(floor.areas, [...others, table]) };
}
