/**
 * A table's state in service, pure: seated (with minutes at the table, and whether its turn is
 * near its end or over), a late guest (booked time + 15 minutes passed, not arrived), reserved
 * within 30 minutes, or free (with its next booking). Bookings' times are read as minutes into the
 * shown day on the branch's clock; a seated party's minutes come from its hold, which starts at
 * its booked time (a walk-in's when it was seated) and ends with its turn plus the reset.
 */
import type { DayBooking } from '../host-view/api/branch-day.ts';

export const lateAfterMinutes = 15;
export const soonWithinMinutes = 30;
/** A seated table turns amber this many minutes before its turn ends. */
export const nearEndMinutes = 15;

export type TableState =
  | {
      kind: 'seated';
      booking: DayBooking;
      /** Minutes at the table so far. */
      minutes: number;
      /** Minutes until its turn ends; negative once it is over. */
      left: number;
      level: 'ok' | 'near' | 'over';
    }
  | { kind: 'late'; booking: DayBooking; lateBy: number }
  | { kind: 'soon'; booking: DayBooking; inMinutes: number }
  | { kind: 'free'; next: DayBooking | undefined };

/** "19:30" → 1170; undefined for a booking whose time is no time. */
export function slotMinutes(booking: Pick<DayBooking, 'slot'>): number | undefined {
  if (!booking.slot) return undefined;
  const [hours = 0, minutes = 0] = booking.slot.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Whether a booked guest is late at `nowMinutes` (minutes into the shown day). */
export function isLate(booking: DayBooking, nowMinutes: number): boolean {
  const start = slotMinutes(booking);
  return (
    booking.status === 'booked' && !booking.arrived && start !== undefined && nowMinutes > start + lateAfterMinutes
  );
}

function holdsTable(booking: DayBooking, tableId: string): boolean {
  return booking.holds.some((hold) => hold.holds && hold.tableId === tableId);
}

/**
 * The day's bookings by the tables they hold, read once per day's data: a table's state then looks
 * at its own few bookings, not at every booking of the day (60 tables × 300 bookings on a tablet).
 */
export function bookingsByTable(bookings: readonly DayBooking[]): Map<string, DayBooking[]> {
  const byTable = new Map<string, DayBooking[]>();
  for (const booking of bookings) {
    for (const tableId of new Set(booking.holds.filter((hold) => hold.holds).map((hold) => hold.tableId))) {
      const list = byTable.get(tableId);
      if (list) list.push(booking);
      else byTable.set(tableId, [booking]);
    }
  }
  return byTable;
}

/** The booked (not yet seated) bookings holding a table, in time order. */
export function bookedOn(tableId: string, bookings: readonly DayBooking[]): DayBooking[] {
  return bookings
    .filter((b) => b.status === 'booked' && holdsTable(b, tableId))
    .sort((a, b) => (slotMinutes(a) ?? 0) - (slotMinutes(b) ?? 0));
}

export function tableState(
  tableId: string,
  bookings: readonly DayBooking[],
  clock: { now: number; nowMinutes: number; resetMinutes: number },
): TableState {
  const seated = bookings.find((b) => b.status === 'seated' && holdsTable(b, tableId));
  if (seated) {
    const hold = seated.holds.find((h) => h.holds && h.tableId === tableId);
    const from = hold?.from ?? clock.now;
    const turnEnds = (hold?.to ?? clock.now) - clock.resetMinutes * 60_000;
    const minutes = Math.max(0, Math.floor((clock.now - from) / 60_000));
    const left = Math.ceil((turnEnds - clock.now) / 60_000);
    const level = left < 0 ? 'over' : left <= nearEndMinutes ? 'near' : 'ok';
    return { kind: 'seated', booking: seated, minutes, left, level };
  }
  const booked = bookedOn(tableId, bookings);
  for (const booking of booked) {
    const start = slotMinutes(booking);
    if (start === undefined) continue;
    if (isLate(booking, clock.nowMinutes)) {
      // Held still (its hold lasts its turn): the table waits for the guest or a no-show.
      const holdEnds = booking.holds.find((h) => h.holds && h.tableId === tableId)?.to ?? 0;
      if (holdEnds > clock.now) return { kind: 'late', booking, lateBy: Math.floor(clock.nowMinutes - start) };
      continue;
    }
    if (start >= clock.nowMinutes - lateAfterMinutes && start <= clock.nowMinutes + soonWithinMinutes) {
      return { kind: 'soon', booking, inMinutes: Math.ceil(start - clock.nowMinutes) };
    }
  }
  const next = booked.find((b) => (slotMinutes(b) ?? -1) > clock.nowMinutes);
  return { kind: 'free', next };
}

/**
 * Minutes into the shown day at `now`: today's clock on the day itself, before midnight of a
 * later day (negative), after the end of an earlier one (above 1440).
 */
export function minutesIntoShownDay(date: string, today: string, minutesIntoToday: number): number {
  const days = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  return minutesIntoToday - days * 1440;
}
