/**
 * Valid bookings for tests and benchmarks, one builder per input, so a test states only what it
 * cares about. Pure data with type-only imports: the unit, integration and browser tests and the
 * benchmarks all load it.
 */
import type { ReservationInsert, SheetsReservation } from '../../src/domain/reservation.ts';

/**
 * The date `days` from today in Vietnam ("yyyy-MM-dd"): bookings for the four home branches must
 * be in the future (the database refuses the past), so tests never hard-code a date.
 */
export function restaurantDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** A booking as a guest makes it on the home form (call 1). */
export function guestBooking(overrides: Partial<ReservationInsert> = {}): ReservationInsert {
  return {
    name: 'Asha Rao',
    mobile: '+84 912 345 678',
    email: 'asha@example.com',
    date: restaurantDate(30),
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
    date: restaurantDate(30),
    timestamp: '2026-11-22T08:30:00.000Z',
    arrived: 'No',
    allocated: 'No',
    ...overrides,
  };
}

/** A JSON value `depth` arrays deep (`[[[…1…]]]`), built without recursion. */
export function deepJson(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

/**
 * Dates at and beyond the edges of what Postgres and JavaScript accept, and Postgres's special
 * inputs: year 0 (JavaScript's 1 BC, which Postgres refuses), BC dates, five- and six-digit years,
 * impossible days, and words.
 */
export const extremeDates = [
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '10000-01-01',
  '294277-01-01',
  '5874898-01-01',
  '-0001-01-01',
  '0044-03-15 BC',
  '4714-11-24 BC',
  '2026-02-29',
  '2026-13-01',
  '2026-00-10',
  '1970-01-01',
  'infinity',
  '-infinity',
  'epoch',
  'today',
  'allballs',
  '2026-12-24T25:61:61Z',
  '2026-12-24T00:00:00+99:00',
] as const;

/** Numbers a client can write in JSON or a query string that are awkward for a database. */
export const extremeNumbers = [
  0,
  -0,
  -1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e-300,
  1.5,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '9'.repeat(400),
  '0x10',
  '1_000',
] as const;

/** Strings that have broken parsers, shells, spreadsheets and databases before. */
export const hostileStrings = [
  "'; drop table public.reservations; --",
  '") or 1=1 --',
  'name.eq.x,or(id.gt.0)',
  '*',
  '%00',
  '\u0000',
  'Asha\u0000Rao',
  '\u0000\u0001\u001b[31m',
  '\ud800',
  '\udfff\ud800',
  '__proto__',
  'constructor.prototype',
  '../../etc/passwd',
  'eq.',
  '(((((',
  ')))))',
  '"unterminated',
  '\\',
  '=HYPERLINK("http://example.com")',
  '<img src=x onerror=alert(1)>',
  '$1',
  '::text',
  '\u202e',
  '\ufeff',
] as const;
