/**
 * What a booking form does with booking_availability()'s answer: which of its own times it still
 * offers, which it shows disabled and why, and what it says near the date, guests and time fields.
 * Pure, so the rules are tested without a browser; use-availability.ts wires them to a form.
 *
 * "Past" is the form's own clock's call, not the database's: the form's "today" (the date field's
 * minimum, the calendar) comes from the same clock, so the two always agree, and a device whose
 * clock is off is still refused by the database (BK003) with a message the form shows.
 */
import type { AvailabilityRow, SlotStatus } from '../../../../domain/availability.ts';
import type { RestaurantWallClock } from '../../../shared/lib/restaurant-clock.ts';

/** Why a slot the form offers cannot be booked. */
export type Unavailable = Exclude<SlotStatus, 'open' | 'past'>;

export type SlotIndex = ReadonlyMap<string, AvailabilityRow>;

export function indexBySlot(rows: readonly AvailabilityRow[]): SlotIndex {
  return new Map(rows.map((row) => [row.slot, row]));
}

function secondsOf(slot: string): number {
  return Number(slot.slice(0, 2)) * 3600 + Number(slot.slice(3, 5)) * 60;
}

/**
 * True when `slot` ("HH:mm") of today has begun on the restaurant's clock, as the database counts
 * it. Only today's times pass: a day before today is the date field's to refuse, with its message.
 */
export function isPastToday(date: string, slot: string, clock: RestaurantWallClock): boolean {
  return date === clock.day && secondsOf(slot) < clock.secondsIntoDay;
}

export function unavailableReason(index: SlotIndex | undefined, slot: string | undefined): Unavailable | undefined {
  const status = slot === undefined ? undefined : index?.get(slot)?.status;
  return status === undefined || status === 'open' || status === 'past' ? undefined : status;
}

export interface AvailabilityNotes {
  date?: 'closedDay' | 'tooFar';
  guests?: 'tooLarge';
  time?: 'noneLeftToday' | 'allFull' | 'unknown';
}

/**
 * The notes for a day. `daySlots` are all the times the form can offer on a day (both halves of
 * the day on the home form), so "closed on this day" means every one of them is closed.
 */
export function availabilityNotes(args: {
  date: string;
  daySlots: readonly string[];
  clock: RestaurantWallClock;
  index: SlotIndex | undefined;
  failed: boolean;
}): AvailabilityNotes {
  const { date, daySlots, clock, index } = args;
  if (date === '' || date < clock.day) return {};
  const ahead = daySlots.filter((slot) => !isPastToday(date, slot, clock));
  if (daySlots.length > 0 && ahead.length === 0) return { time: 'noneLeftToday' };
  if (args.failed) return { time: 'unknown' };
  if (!index) return {};
  const reasons = ahead.map((slot) => unavailableReason(index, slot));
  if (reasons.includes('too_far')) return { date: 'tooFar' };
  if (reasons.length > 0 && reasons.every((reason) => reason === 'closed')) return { date: 'closedDay' };
  if (reasons.includes('too_large')) return { guests: 'tooLarge' };
  if (reasons.length > 0 && reasons.every((reason) => reason === 'closed' || reason === 'full')) {
    return { time: 'allFull' };
  }
  return {};
}
