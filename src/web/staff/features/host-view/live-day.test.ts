import { describe, expect, it } from 'vitest';
import type { BranchDay, BranchFloor, DayBooking } from './api/branch-day.ts';
import { type Change, type LiveDay, patchDay, patchFloor } from './live-day.ts';

const branch = 'Sa Pa';
const date = '2026-12-24';
const during = (from: string, to: string) => `["${date} ${from}:00+07","${date} ${to}:00+07")`;
const at = (time: string) => Date.parse(`${date}T${time}:00+07:00`);

function booking(id: number, fields: Partial<DayBooking> = {}): DayBooking {
  return {
    id,
    name: `Khách ${id}`,
    mobile: '0912345678',
    guests: 2,
    date,
    time: '19:00',
    period: 'Dinner',
    slot: '19:00',
    notes: null,
    arrived: false,
    status: 'booked',
    holds: [{ tableId: 't1', from: at('19:00'), to: at('20:40'), holds: true }],
    ...fields,
  };
}

function live(...bookings: DayBooking[]): LiveDay {
  const day: BranchDay = { branch, date, hours: [{ opens: '17:00', closes: '23:00' }], bookings };
  return { day, early: new Map() };
}

/** A booking's row as the server sends it: every column the host may read, the branch among them. */
function bookingRow(id: number, fields: Record<string, unknown> = {}) {
  return {
    id,
    name: `Khách ${id}`,
    mobile: '0912345678',
    email: 'khach@example.vn',
    guests: 2,
    date,
    time: '19:00',
    period: 'Dinner',
    notes: null,
    arrived: false,
    status: 'booked',
    branch,
    allocated: true,
    ...fields,
  };
}

function change(
  table: string,
  eventType: Change['eventType'],
  row: unknown,
  commit = '2026-12-24T12:00:00.000Z',
): Change {
  return {
    table,
    eventType,
    commit_timestamp: commit,
    new: eventType === 'DELETE' ? {} : row,
    old: eventType === 'DELETE' ? row : {},
  };
}

const hold = (reservationId: number, tableId: string, range: string, fields: Record<string, unknown> = {}) => ({
  id: 1,
  reservation_id: reservationId,
  table_id: tableId,
  branch,
  during: range,
  holds: true,
  ...fields,
});

describe('a Realtime message patched into the day', () => {
  it('updates a booking in place from its row, its holds kept and its slot read again', () => {
    const before = live(booking(1), booking(2));
    const after = patchDay(
      before,
      change('reservations', 'UPDATE', bookingRow(2, { status: 'seated', time: '07:30', period: 'PM' })),
    );
    expect(after?.day.bookings.map((b) => [b.id, b.status, b.slot])).toEqual([
      [1, 'booked', '19:00'],
      [2, 'seated', '19:30'],
    ]);
    expect(after?.day.bookings[1]?.holds).toEqual(before.day.bookings[1]?.holds);
    // The other booking is the same object: its bar is not drawn again.
    expect(after?.day.bookings[0]).toBe(before.day.bookings[0]);
  });

  it('takes out a booking moved to another day or branch, and a deleted one', () => {
    const before = live(booking(1), booking(2), booking(3));
    const moved = patchDay(before, change('reservations', 'UPDATE', bookingRow(1, { date: '2026-12-25' })));
    expect(moved?.day.bookings.map((b) => b.id)).toEqual([2, 3]);
    const away = patchDay(before, change('reservations', 'UPDATE', bookingRow(2, { branch: 'Hanoi' })));
    expect(away?.day.bookings.map((b) => b.id)).toEqual([1, 3]);
    const deleted = patchDay(before, change('reservations', 'DELETE', { id: 3 }));
    expect(deleted?.day.bookings.map((b) => b.id)).toEqual([1, 2]);
  });

  it('ignores a booking of another branch or day it did not show', () => {
    const before = live(booking(1));
    expect(patchDay(before, change('reservations', 'INSERT', bookingRow(5, { branch: 'Hanoi' })))).toBe(before);
    expect(patchDay(before, change('reservations', 'INSERT', bookingRow(5, { date: '2026-12-25' })))).toBe(before);
    expect(
      patchDay(
        before,
        change('reservation_tables', 'INSERT', hold(1, 't9', during('20:00', '21:40'), { branch: 'Hanoi' })),
      ),
    ).toBe(before);
  });

  it('places a new booking on the tables whose holds came before it, in id order', () => {
    const before = live(booking(1), booking(9));
    const commit = '2026-12-24T12:01:00.000Z';
    const held = patchDay(
      before,
      change('reservation_tables', 'INSERT', hold(4, 't2', during('21:00', '22:40')), commit),
    );
    expect(held?.day).toBe(before.day);
    const both =
      held && patchDay(held, change('reservation_tables', 'INSERT', hold(4, 't3', during('21:00', '22:40')), commit));
    const after = both && patchDay(both, change('reservations', 'INSERT', bookingRow(4, { time: '21:00' }), commit));
    expect(after?.day.bookings.map((b) => b.id)).toEqual([1, 4, 9]);
    expect(after?.day.bookings[1]?.holds.map((h) => h.tableId)).toEqual(['t2', 't3']);
    expect(after?.day.bookings[1]?.holds[0]?.from).toBe(at('21:00'));
    expect(after?.early.size).toBe(0);
  });

  it("replaces a booking's holds with those of a later statement (a move), joining those of one statement", () => {
    const before = live(booking(1));
    const move = '2026-12-24T12:02:00.000Z';
    const first = patchDay(
      before,
      change('reservation_tables', 'INSERT', hold(1, 't4', during('19:15', '20:55')), move),
    );
    expect(first?.day.bookings[0]?.holds.map((h) => [h.tableId, h.from])).toEqual([['t4', at('19:15')]]);
    const second =
      first && patchDay(first, change('reservation_tables', 'INSERT', hold(1, 't5', during('19:15', '20:55')), move));
    expect(second?.day.bookings[0]?.holds.map((h) => h.tableId)).toEqual(['t4', 't5']);
    const later =
      second &&
      patchDay(
        second,
        change('reservation_tables', 'INSERT', hold(1, 't1', during('19:30', '21:10')), '2026-12-24T12:03:00.000Z'),
      );
    expect(later?.day.bookings[0]?.holds.map((h) => h.tableId)).toEqual(['t1']);
  });

  it('updates a released or shortened hold on its table', () => {
    const before = live(booking(1));
    const after = patchDay(
      before,
      change('reservation_tables', 'UPDATE', hold(1, 't1', during('19:00', '19:45'), { holds: false })),
    );
    expect(after?.day.bookings[0]?.holds).toEqual([
      { tableId: 't1', from: at('19:00'), to: at('19:45'), holds: false },
    ]);
  });

  it('asks for a read when a message cannot be applied: a deleted hold, a row that does not read', () => {
    const before = live(booking(1));
    expect(patchDay(before, change('reservation_tables', 'DELETE', { id: 7 }))).toBeUndefined();
    expect(patchDay(before, change('reservations', 'UPDATE', { id: 1, status: 'lost' }))).toBeUndefined();
    expect(patchDay(before, change('reservation_tables', 'INSERT', hold(1, 't1', 'empty')))).toBeUndefined();
  });
});

describe('a Realtime message patched into the floor', () => {
  const table = (id: string, name: string, fields: Record<string, unknown> = {}) => ({
    id,
    area_id: 'a1',
    name,
    min_seats: 1,
    max_seats: 4,
    online: true,
    active: true,
    shape: 'rect' as const,
    x: 0,
    y: 0,
    width: 80,
    height: 80,
    rotation: 0,
    ...fields,
  });
  const floor: BranchFloor = {
    branch,
    timeZone: 'Asia/Ho_Chi_Minh',
    turnMinutes: { '1': 90 },
    resetMinutes: 10,
    areas: [{ id: 'a1', name: 'Main', position: 0 }],
    tables: [table('t1', 'T1'), table('t10', 'T10')],
    combinations: [],
  };

  it('adds, moves and retires tables in floor order; ignores another branch; reads again for a new area', () => {
    const added = patchFloor(floor, change('dining_tables', 'INSERT', { ...table('t2', 'T2'), branch }));
    expect(added?.tables.map((t) => t.name)).toEqual(['T1', 'T2', 'T10']);
    const moved = patchFloor(floor, change('dining_tables', 'UPDATE', { ...table('t1', 'T1', { x: '40' }), branch }));
    expect(moved?.tables[0]?.x).toBe(40);
    const retired = patchFloor(
      floor,
      change('dining_tables', 'UPDATE', { ...table('t1', 'T1', { active: false }), branch }),
    );
    expect(retired?.tables.map((t) => t.name)).toEqual(['T10']);
    expect(patchFloor(floor, change('dining_tables', 'INSERT', { ...table('t3', 'T3'), branch: 'Hanoi' }))).toBe(floor);
    expect(
      patchFloor(floor, change('dining_tables', 'INSERT', { ...table('t3', 'T3', { area_id: 'a2' }), branch })),
    ).toBeUndefined();
  });
});
