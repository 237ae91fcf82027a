import { describe, expect, it } from 'vitest';
import type { DayBooking } from '../host-view/api/branch-day.ts';
import { bookedOn, bookingsByTable, isLate, minutesIntoShownDay, tableState } from './table-state.ts';

const day = '2026-12-24';
const at = (hhmm: string) => Date.parse(`${day}T${hhmm}:00+07:00`);
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

function booking(overrides: Partial<DayBooking> & { slot: string }): DayBooking {
  return {
    id: 1,
    name: 'Nguyễn Thu Hà',
    mobile: '0912',
    guests: 4,
    date: day,
    time: overrides.slot,
    period: 'Dinner',
    notes: null,
    arrived: false,
    status: 'booked',
    // A party of 4: 105 minutes and a 10-minute reset.
    holds: [{ tableId: 'T4', from: at(overrides.slot), to: at(overrides.slot) + 115 * 60_000, holds: true }],
    ...overrides,
  };
}

const clock = (hhmm: string) => ({ now: at(hhmm), nowMinutes: minutes(hhmm), resetMinutes: 10 });

describe('a table’s state in service', () => {
  it('is free with its next booking when nothing is due within 30 minutes', () => {
    const later = booking({ slot: '20:00' });
    expect(tableState('T4', [later], clock('19:00'))).toEqual({ kind: 'free', next: later });
    expect(tableState('T4', [], clock('19:00'))).toEqual({ kind: 'free', next: undefined });
  });

  it('is reserved from 30 minutes before the booking until the guest is 15 minutes late', () => {
    const guest = booking({ slot: '19:30' });
    expect(tableState('T4', [guest], clock('19:00'))).toMatchObject({ kind: 'soon', inMinutes: 30 });
    expect(tableState('T4', [guest], clock('19:45'))).toMatchObject({ kind: 'soon', inMinutes: -15 });
    expect(tableState('T4', [guest], clock('19:46'))).toMatchObject({ kind: 'late', lateBy: 16 });
    expect(isLate(guest, minutes('19:46'))).toBe(true);
    // Arrived (ticked by hand) is not late.
    expect(isLate({ ...guest, arrived: true }, minutes('19:46'))).toBe(false);
    // Once its hold is over, the table is free again.
    expect(tableState('T4', [guest], clock('21:30'))).toMatchObject({ kind: 'free' });
  });

  it('counts a seated party’s minutes and turns amber near the end of its turn, red when over', () => {
    const seated = booking({ slot: '19:00', status: 'seated', arrived: true });
    expect(tableState('T4', [seated], clock('19:52'))).toMatchObject({
      kind: 'seated',
      minutes: 52,
      left: 53,
      level: 'ok',
    });
    expect(tableState('T4', [seated], clock('20:35'))).toMatchObject({ kind: 'seated', left: 10, level: 'near' });
    expect(tableState('T4', [seated], clock('20:50'))).toMatchObject({ kind: 'seated', left: -5, level: 'over' });
  });

  it('ignores released holds, other tables and finished or cancelled bookings', () => {
    const moved = booking({
      slot: '19:00',
      status: 'seated',
      holds: [{ tableId: 'T4', from: at('19:00'), to: at('21:00'), holds: false }],
    });
    const finished = booking({ slot: '19:00', status: 'finished' });
    const elsewhere = booking({
      slot: '19:10',
      holds: [{ tableId: 'T6', from: at('19:10'), to: at('21:00'), holds: true }],
    });
    expect(tableState('T4', [moved, finished, elsewhere], clock('19:20'))).toEqual({ kind: 'free', next: undefined });
    expect(bookedOn('T6', [moved, finished, elsewhere])).toEqual([elsewhere]);
  });

  it('reads another day’s clock as before or after it', () => {
    expect(minutesIntoShownDay('2026-12-24', '2026-12-24', 600)).toBe(600);
    expect(minutesIntoShownDay('2026-12-25', '2026-12-24', 600)).toBe(600 - 1440);
    expect(minutesIntoShownDay('2026-12-23', '2026-12-24', 600)).toBe(600 + 1440);
  });

  it('indexes the day by table once: a booking on a combination is under each table, a released hold under none', () => {
    const pair = booking({
      id: 2,
      slot: '19:00',
      holds: [
        { tableId: 'T4', from: at('19:00'), to: at('21:00'), holds: true },
        { tableId: 'T5', from: at('19:00'), to: at('21:00'), holds: true },
      ],
    });
    const released = booking({
      id: 3,
      slot: '20:00',
      holds: [{ tableId: 'T6', from: at('20:00'), to: at('21:00'), holds: false }],
    });
    const byTable = bookingsByTable([pair, released]);
    expect([...byTable.keys()]).toEqual(['T4', 'T5']);
    expect(tableState('T5', byTable.get('T5') ?? [], clock('18:45'))).toEqual(
      tableState('T5', [pair, released], clock('18:45')),
    );
  });
});
