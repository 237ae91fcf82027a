/**
 * Valid bookings for tests and benchmarks, one builder per input, so a test states only what it
 * cares about. Pure data with type-only imports: the unit, integration and browser tests and the
 * benchmarks all load it.
 */
import type { ReservationInsert, SheetsReservation } from '../../src/domain/reservation.ts';

/** A booking as a guest makes it on the home form (call 1). */
export function guestBooking(overrides: Partial<ReservationInsert> = {}): ReservationInsert {
  return {
    name: 'Asha Rao',
    mobile: '+84 912 345 678',
    email: 'asha@example.com',
    date: '2026-12-24',
    guests: 4,
    branch: 'Sa Pa',
    time: '19:00',
    period: 'PM',
    notes: null,
    ...overrides,
  };
}

/** The /reservation page's spreadsheet payload (call 8), with its keys in the order the page sends them. */
export function sheetsPayload(overrides: Partial<SheetsReservation> = {}): SheetsReservation {
  return {
    action: 'reserve',
    name: 'Anh Nguyen',
    mobile: '+84 912 345 678',
    email: 'anh@example.com',
    guests: 4,
    branch: 'Uptown',
    time: '19:00',
    period: 'Dinner',
    notes: 'Window table, please',
    date: '2026-12-24',
    timestamp: '2026-11-22T08:30:00.000Z',
    arrived: 'No',
    allocated: 'No',
    ...overrides,
  };
}
