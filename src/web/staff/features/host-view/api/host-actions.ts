/**
 * What a host does to a booking from the timeline or the floor, each a single call the database
 * checks (docs/guide/tables-and-floor.md, "Tables and turns"): it refuses with a BK code and a message meant for people,
 * which the screens show as it is. Nothing here decides whether a move fits; the database does.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { BookingStatus } from '../../../../../domain/booking-lifecycle.ts';
import { refused } from './branch-day.ts';

/** Moves a booking onto one table or one combination (`assign_tables`; BK021 taken, BK022 too small). */
export async function assignTables(supabase: SupabaseClient, reservationId: number, tableIds: string[]): Promise<void> {
  const { error } = await supabase.rpc('assign_tables', { p_reservation_id: reservationId, p_table_ids: tableIds });
  if (error) await refused(supabase, error);
}

/**
 * The time and period to store for a booking moved to `slot` ("HH:mm", 24-hour), in the booking's
 * own form: a 12-hour time with AM/PM for one booked that way (the home form), else the 24-hour
 * time with its period kept (the /reservation page's "19:30" with "Dinner").
 */
export function timeFields(slot: string, period: string): { time: string; period: string } {
  const upper = period.toUpperCase();
  if (upper !== 'AM' && upper !== 'PM') return { time: slot, period };
  const hours = Number(slot.slice(0, 2));
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return { time: `${String(hour12).padStart(2, '0')}${slot.slice(2)}`, period: hours < 12 ? 'AM' : 'PM' };
}

/** Moves a booking to another time of its day: an ordinary update; the database moves its holds or refuses (BK001). */
export async function moveTime(
  supabase: SupabaseClient,
  booking: { id: number; period: string },
  slot: string,
): Promise<void> {
  const { error } = await supabase.from('reservations').update(timeFields(slot, booking.period)).eq('id', booking.id);
  if (error) await refused(supabase, error);
}

/** Seated, finished, no-show, or back to booked (undo a seat); the database checks the step (BK020). */
export async function setStatus(supabase: SupabaseClient, reservationId: number, status: BookingStatus): Promise<void> {
  const { error } = await supabase.from('reservations').update({ status }).eq('id', reservationId);
  if (error) await refused(supabase, error);
}

/** Seats a walk-in now (on the given tables, or the best free unit) and returns its booking's id. */
export async function seatWalkIn(
  supabase: SupabaseClient,
  walkIn: { branch: string; guests: number; tableIds?: string[]; name?: string; mobile?: string },
): Promise<number> {
  const { data, error } = await supabase.rpc('seat_walk_in', {
    p_branch: walkIn.branch,
    p_guests: walkIn.guests,
    p_table_ids: walkIn.tableIds ?? null,
    p_name: walkIn.name ?? null,
    // Matched to a guest by the database, as a booking's number is (recognises a regular).
    p_mobile: walkIn.mobile ?? null,
  });
  if (error) return refused(supabase, error);
  return z.coerce.number().int().parse(data);
}
