import { describe, expect, it } from 'vitest';
import type { AvailabilityRow, SlotStatus } from '../../../../domain/availability.ts';
import { reservationPageTimes } from '../../../../domain/reservation.ts';
import { availabilityNotes, indexBySlot, isPastToday, unavailableReason } from './slot-availability.ts';

/** 12:10:30 on 10 March 2027 in the restaurant. */
const clock = { day: '2027-03-10', secondsIntoDay: 12 * 3600 + 10 * 60 + 30 };
const daySlots = ['10:30', '11:00', '12:00', '12:30', '19:00', '22:30'];

/** The database's 48 rows for a day: open unless told otherwise. */
function day(statuses: Record<string, SlotStatus> = {}, other: SlotStatus = 'open') {
  const rows: AvailabilityRow[] = Array.from({ length: 48 }, (_, i) => {
    const slot = `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
    return { slot, status: statuses[slot] ?? other, covers_left: null };
  });
  return indexBySlot(rows);
}

describe('isPastToday', () => {
  it('counts a time of today as past once it has begun, as the database does', () => {
    expect(isPastToday(clock.day, '12:00', clock)).toBe(true);
    expect(isPastToday(clock.day, '12:30', clock)).toBe(false);
    expect(isPastToday(clock.day, '12:10', { ...clock, secondsIntoDay: 12 * 3600 + 10 * 60 })).toBe(false);
  });

  it('leaves other days alone: a day before today is the date field to refuse', () => {
    expect(isPastToday('2027-03-11', '10:30', clock)).toBe(false);
    expect(isPastToday('2027-03-09', '10:30', clock)).toBe(false);
  });
});

describe('unavailableReason', () => {
  it('gives full, closed, too far and too large, and nothing for open or unknown times', () => {
    const index = day({ '19:00': 'full', '10:00': 'closed', '20:00': 'too_far', '21:00': 'too_large' });
    expect(unavailableReason(index, '19:00')).toBe('full');
    expect(unavailableReason(index, '10:00')).toBe('closed');
    expect(unavailableReason(index, '20:00')).toBe('too_far');
    expect(unavailableReason(index, '21:00')).toBe('too_large');
    expect(unavailableReason(index, '19:30')).toBeUndefined();
    expect(unavailableReason(index, '19:15')).toBeUndefined();
    expect(unavailableReason(index, undefined)).toBeUndefined();
    expect(unavailableReason(undefined, '19:00')).toBeUndefined();
  });

  it("leaves past to the form's own clock", () => {
    expect(unavailableReason(day({ '19:00': 'past' }), '19:00')).toBeUndefined();
  });
});

describe('availabilityNotes', () => {
  const notes = (date: string, index = day(), failed = false, slots: readonly string[] = daySlots) =>
    availabilityNotes({ date, daySlots: slots, clock, index, failed });

  it('says nothing without a day, for a day before today, or when every time can be booked', () => {
    expect(notes('')).toEqual({});
    expect(notes('2027-03-09')).toEqual({});
    expect(notes('2027-03-12')).toEqual({});
  });

  it('says when no time is left today', () => {
    expect(notes(clock.day, day(), false, reservationPageTimes.slice(0, 1))).toEqual({ time: 'noneLeftToday' });
    expect(notes(clock.day, day(), false, ['12:00', '19:00'])).toEqual({});
  });

  it('says the branch is closed when every time of the day is', () => {
    expect(notes('2027-03-12', day({}, 'closed'))).toEqual({ date: 'closedDay' });
    // Closed in the morning only: the evening is still bookable.
    expect(notes('2027-03-12', day({ '10:30': 'closed', '11:00': 'closed' }))).toEqual({});
  });

  it('counts only the times still ahead today', () => {
    const eveningClosed = day({ '12:30': 'closed', '19:00': 'closed', '22:30': 'closed' });
    expect(notes(clock.day, eveningClosed)).toEqual({ date: 'closedDay' });
  });

  it('says a day is too far ahead, or the party too large', () => {
    expect(notes('2027-06-01', day({}, 'too_far'))).toEqual({ date: 'tooFar' });
    expect(notes('2027-03-12', day({ '10:30': 'closed' }, 'too_large'))).toEqual({ guests: 'tooLarge' });
  });

  it('says when every time is full', () => {
    const full = day(Object.fromEntries(daySlots.map((slot) => [slot, 'full' as const])));
    expect(notes('2027-03-12', full)).toEqual({ time: 'allFull' });
    expect(notes('2027-03-12', day({ '19:00': 'full' }))).toEqual({});
  });

  it('says when availability could not be checked', () => {
    expect(notes('2027-03-12', undefined, true)).toEqual({ time: 'unknown' });
    expect(notes('2027-03-12', undefined, false)).toEqual({});
  });
});
