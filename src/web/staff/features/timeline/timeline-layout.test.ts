import { describe, expect, it } from 'vitest';
import type { DayBooking } from '../host-view/api/branch-day.ts';
import {
  layoutTimeline,
  minuteReader,
  minutesOfSlot,
  slotOfMinutes,
  snapToStep,
  turnMinutesFor,
} from './timeline-layout.ts';

const turns = { '1': 90, '3': 105, '5': 120, '7': 150 };
const tables = ['T1', 'T2', 'T3'].map((id) => ({ id }));
/** Epoch ms of a wall-clock time on 2026-12-24 in Vietnam (UTC+7). */
const at = (hhmm: string) => Date.parse(`2026-12-24T${hhmm}:00+07:00`);
const minuteOf = minuteReader('Asia/Ho_Chi_Minh', '2026-12-24');

function booking(id: number, overrides: Partial<DayBooking> = {}): DayBooking {
  return {
    id,
    name: `Guest ${id}`,
    mobile: '0900000000',
    guests: 2,
    date: '2026-12-24',
    time: '19:00',
    period: 'Dinner',
    slot: '19:00',
    notes: null,
    arrived: false,
    status: 'booked',
    holds: [],
    ...overrides,
  };
}

const held = (tableId: string, from: string, to: string, holds = true) => ({
  tableId,
  from: at(from),
  to: at(to),
  holds,
});

describe('the timeline layout', () => {
  it('reads turn times from the largest size not above the party', () => {
    expect(turnMinutesFor(turns, 1)).toBe(90);
    expect(turnMinutesFor(turns, 2)).toBe(90);
    expect(turnMinutesFor(turns, 4)).toBe(105);
    expect(turnMinutesFor(turns, 12)).toBe(150);
  });

  it('converts between times of day and minutes, and snaps to 15-minute steps', () => {
    expect(minutesOfSlot('19:30')).toBe(1170);
    expect(slotOfMinutes(1170)).toBe('19:30');
    expect(slotOfMinutes(1440 + 30)).toBe('00:30');
    expect(snapToStep(1177)).toBe(1170);
    expect(snapToStep(1178)).toBe(1185);
  });

  it('reads instants as minutes of the branch day, in its own zone, past midnight too', () => {
    expect(minuteOf(at('19:00'))).toBe(1140);
    expect(minuteOf(Date.parse('2026-12-25T00:30:00+07:00'))).toBe(1470);
    expect(minuteReader('Pacific/Pago_Pago', '2026-12-24')(Date.parse('2026-12-24T19:00:00-11:00'))).toBe(1140);
    // Across a change of the clock (Berlin, 29 March 2026: 02:00 becomes 03:00), seconds dropped.
    const berlin = minuteReader('Europe/Berlin', '2026-03-29');
    expect(berlin(Date.parse('2026-03-29T01:30:00+01:00'))).toBe(90);
    expect(berlin(Date.parse('2026-03-29T03:30:00+02:00'))).toBe(210);
    expect(berlin(Date.parse('2026-03-29T19:03:40+02:00'))).toBe(1143);
  });

  it('spans the opening hours, widened to every bar, on whole steps', () => {
    const layout = layoutTimeline(
      { tables, turnMinutes: turns },
      {
        hours: [
          { opens: '11:00', closes: '14:00' },
          { opens: '17:00', closes: '22:00' },
        ],
        bookings: [booking(1, { holds: [held('T1', '21:10', '22:50')] })],
      },
      minuteOf,
    );
    expect(layout.start).toBe(660);
    // 21:10 + 90 minutes of turn = 22:40 (the reset is not drawn).
    expect(layout.end).toBe(22 * 60 + 45);
    expect(layout.steps).toHaveLength((layout.end - layout.start) / 15);
    expect(layout.barsByTable.get('T1')).toEqual([expect.objectContaining({ start: 21 * 60 + 10, end: 22 * 60 + 40 })]);
  });

  it('draws a party on a combination in each of its rows, counting its covers once per step', () => {
    const big = booking(1, {
      guests: 6,
      holds: [held('T1', '19:00', '21:10'), held('T2', '19:00', '21:10')],
    });
    const small = booking(2, { guests: 2, holds: [held('T3', '19:30', '21:10')] });
    const layout = layoutTimeline(
      { tables, turnMinutes: turns },
      { hours: [{ opens: '18:00', closes: '22:00' }], bookings: [big, small] },
      minuteOf,
    );
    const at1900 = layout.steps.indexOf(19 * 60);
    const at1930 = layout.steps.indexOf(19 * 60 + 30);
    const at2100 = layout.steps.indexOf(21 * 60);
    expect(layout.covers[at1900]).toBe(6);
    expect(layout.tablesInUse[at1900]).toBe(2);
    expect(layout.covers[at1930]).toBe(8);
    expect(layout.tablesInUse[at1930]).toBe(3);
    // Six turn in 120 minutes (to 21:00); two in 90 (to 21:00).
    expect(layout.covers[at2100]).toBe(0);
    expect(layout.tablesInUse[at2100]).toBe(0);
    expect(layout.barsByTable.get('T2')?.[0]?.booking.id).toBe(1);
  });

  it('puts bookings to seat without a table in the tray by time, and leaves out cancelled and no-shows', () => {
    const layout = layoutTimeline(
      { tables, turnMinutes: turns },
      {
        hours: [{ opens: '18:00', closes: '22:00' }],
        bookings: [
          booking(1, { slot: '20:00' }),
          booking(2, { slot: '18:30' }),
          booking(3, { status: 'cancelled', holds: [held('T1', '19:00', '20:40', false)] }),
          booking(4, { status: 'no_show', holds: [held('T2', '19:00', '20:40', false)] }),
          booking(5, { status: 'finished', holds: [held('T3', '18:00', '18:40')] }),
          // Held on a table no longer on the floor: still to be seated somewhere.
          booking(6, { slot: '21:00', holds: [held('gone', '21:00', '22:40')] }),
        ],
      },
      minuteOf,
    );
    expect(layout.tray.map((b) => b.id)).toEqual([2, 1, 6]);
    expect(layout.barsByTable.get('T1')).toEqual([]);
    expect(layout.barsByTable.get('T2')).toEqual([]);
    // A finished party's bar ends where it left.
    expect(layout.barsByTable.get('T3')).toEqual([expect.objectContaining({ start: 1080, end: 1120 })]);
  });

  it('shows 10:00–22:00 on a day without hours', () => {
    const layout = layoutTimeline({ tables, turnMinutes: turns }, { hours: [], bookings: [] }, minuteOf);
    expect([layout.start, layout.end]).toEqual([600, 1320]);
    expect(layout.covers.every((value) => value === 0)).toBe(true);
  });
});
