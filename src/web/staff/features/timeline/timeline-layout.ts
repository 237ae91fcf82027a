/**
 * The timeline's arithmetic, apart from React so it is tested alone: the day's window in
 * 15-minute steps, where each booking's bar sits (which table rows, from which minute, for how
 * long), the bookings without a table (the tray), and the covers and tables in use at each step.
 * Minutes count from midnight of the shown day in the branch's time zone; a bar may run past
 * midnight (minutes over 1440).
 */
import type { BranchDay, BranchFloor, DayBooking } from '../host-view/api/branch-day.ts';

export const stepMinutes = 15;

/** Statuses drawn on the timeline: a cancelled booking or a no-show holds no table. */
const drawn = new Set<DayBooking['status']>(['booked', 'seated', 'finished']);

/** Minutes a party of `guests` keeps its table: the entry of the largest size not above it. */
export function turnMinutesFor(turnMinutes: Record<string, number>, guests: number): number {
  let best = { from: 0, minutes: 90 };
  for (const [size, minutes] of Object.entries(turnMinutes)) {
    const from = Number(size);
    if (from <= guests && from >= best.from) best = { from, minutes };
  }
  return best.minutes;
}

/** "19:30" → 1170. */
export function minutesOfSlot(slot: string): number {
  return Number(slot.slice(0, 2)) * 60 + Number(slot.slice(3, 5));
}

/** 1170 → "19:30" (within one day: 1440 and more wrap, as a time of day does). */
export function slotOfMinutes(minutes: number): string {
  const inDay = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}

/** The step a minute falls in, as its first minute. */
export function snapToStep(minutes: number): number {
  return Math.round(minutes / stepMinutes) * stepMinutes;
}

/** Reads epoch milliseconds as minutes from midnight of `day` in `timeZone`. */
export function minuteReader(timeZone: string, day: string): (epoch: number) => number {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
  } catch {
    return minuteReader('Asia/Ho_Chi_Minh', day);
  }
  const dayStart = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  // Intl's formatToParts is the slow part of a day's layout (hundreds of holds on a throttled
  // tablet): the zone's offset is read once per quarter hour of the clock and reused, as zones
  // change their offset on a quarter hour at the finest.
  const offsets = new Map<number, number>();
  return (epoch) => {
    const quarter = Math.floor(epoch / 900_000);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      const at = quarter * 900_000;
      const parts: Record<string, string> = {};
      for (const part of format.formatToParts(new Date(at))) parts[part.type] = part.value;
      const wall = Date.UTC(
        Number(parts.year),
        Number(parts.month) - 1,
        Number(parts.day),
        Number(parts.hour),
        Number(parts.minute),
      );
      offset = wall - at;
      offsets.set(quarter, offset);
    }
    // Whole minutes of the wall clock, seconds dropped (a walk-in seated at 19:03:40 is 19:03).
    return Math.floor((epoch + offset - dayStart) / 60_000);
  };
}

export interface Bar {
  booking: DayBooking;
  tableId: string;
  /** Minutes from the day's midnight: the turn, from its start (the reset after it is not drawn). */
  start: number;
  end: number;
}

export interface TimelineLayout {
  /** First and last minute shown, on 15-minute steps. */
  start: number;
  end: number;
  /** The first minute of each step. */
  steps: number[];
  barsByTable: Map<string, Bar[]>;
  /** Bookings to seat that hold no table, by time. */
  tray: DayBooking[];
  /** Guests at table and tables in use at the start of each step. */
  covers: number[];
  tablesInUse: number[];
}

/** Opening hours of the day as minutes; a day without hours shows 10:00–22:00. */
function openWindow(hours: BranchDay['hours']): { start: number; end: number } {
  if (hours.length === 0) return { start: 600, end: 1320 };
  return {
    start: Math.min(...hours.map((range) => minutesOfSlot(range.opens))),
    end: Math.max(...hours.map((range) => minutesOfSlot(range.closes))),
  };
}

export function layoutTimeline(
  floor: { tables: readonly { id: string }[]; turnMinutes: BranchFloor['turnMinutes'] },
  day: Pick<BranchDay, 'hours' | 'bookings'>,
  minuteOf: (epoch: number) => number,
): TimelineLayout {
  const known = new Set(floor.tables.map((table) => table.id));
  const barsByTable = new Map<string, Bar[]>(floor.tables.map((table) => [table.id, []]));
  const tray: DayBooking[] = [];
  let { start, end } = openWindow(day.hours);

  for (const booking of day.bookings) {
    if (!drawn.has(booking.status)) continue;
    const held = booking.holds.filter((hold) => hold.holds && known.has(hold.tableId));
    if (held.length === 0) {
      if (booking.status === 'booked' || booking.status === 'seated') tray.push(booking);
      if (booking.slot !== undefined) {
        start = Math.min(start, minutesOfSlot(booking.slot));
        end = Math.max(end, minutesOfSlot(booking.slot) + stepMinutes);
      }
      continue;
    }
    const turn = turnMinutesFor(floor.turnMinutes, booking.guests);
    for (const hold of held) {
      const from = minuteOf(hold.from);
      // The turn, cut short where the hold was (a finished party left early).
      const to = Math.max(from + stepMinutes / 3, Math.min(minuteOf(hold.to), from + turn));
      barsByTable.get(hold.tableId)?.push({ booking, tableId: hold.tableId, start: from, end: to });
      start = Math.min(start, from);
      end = Math.max(end, to);
    }
  }

  start = Math.floor(start / stepMinutes) * stepMinutes;
  end = Math.ceil(end / stepMinutes) * stepMinutes;
  const steps: number[] = [];
  for (let minute = start; minute < end; minute += stepMinutes) steps.push(minute);

  const covers = steps.map(() => 0);
  const tablesInUse = steps.map(() => 0);
  const counted = new Set<string>();
  for (const bars of barsByTable.values()) {
    bars.sort((a, b) => a.start - b.start);
    for (const bar of bars) {
      // Only the steps the bar covers (steps are `start` + 15 × i), not every step of the day.
      const first = Math.max(0, Math.ceil((bar.start - start) / stepMinutes));
      for (let i = first; i < steps.length; i += 1) {
        const step = steps[i] ?? 0;
        if (step >= bar.end) break;
        tablesInUse[i] = (tablesInUse[i] ?? 0) + 1;
        // A party on a combination is counted once per step, not once per table.
        const key = `${bar.booking.id}@${step}`;
        if (counted.has(key)) continue;
        counted.add(key);
        covers[i] = (covers[i] ?? 0) + bar.booking.guests;
      }
    }
  }
  tray.sort((a, b) => (a.slot ?? '').localeCompare(b.slot ?? '') || a.id - b.id);
  return { start, end, steps, barsByTable, tray, covers, tablesInUse };
}
