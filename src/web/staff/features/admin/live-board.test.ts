/**
 * The live board decides in the browser whether a pushed booking belongs on the page on screen.
 * That guess must agree with the database, which filters the pages: every filter here is asked
 * of the real server through the dashboard's own page query, and compared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBooking, restaurantDate } from '../../../../../tests/support/builders.ts';
import { signUserToken, tokenClient } from '../../../../../tests/support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../../../../../tests/support/test-server.ts';
import { listReservations, type ReservationRow } from './api/list-reservations.ts';
import { matchesFilters, showsOnPage, withNewBooking, withUpdatedRow } from './live-board.ts';
import type { ReservationFilters } from './reservation-filters.ts';

// A day of its own, in the future: the database refuses bookings in the past.
const otherDay = restaurantDate(32);
// Times within the branches' opening hours (the database refuses others).
const bookings = [
  guestBooking({ name: 'Asha Rao', email: 'asha@example.com', branch: 'Sa Pa', guests: 4, time: '19:00' }),
  guestBooking({ name: 'ASHLEY Tran', email: 'ash@example.vn', branch: 'Hanoi (main branch)', guests: 2 }),
  guestBooking({ name: 'Minh 100% Le', mobile: '+84 90 111 2222', branch: 'Da Nang', date: otherDay }),
  guestBooking({ name: 'under_score', email: 'u_s@example.com', branch: 'Ninh Binh', time: '12:30', period: 'PM' }),
  guestBooking({ name: 'Zoë Ängström', email: 'zoe@example.se', guests: 6, branch: 'Sa Pa' }),
  guestBooking({ name: 'Đặng Thu Hà', email: 'thuha@example.vn', branch: 'Da Nang', time: '12:30', period: 'PM' }),
];

const filterCases: ReservationFilters[] = [
  {},
  { q: 'ash' },
  { q: 'ASH' },
  { q: '100%' },
  { q: 'u_s' },
  { q: 'a*h' },
  { q: 'ängström' },
  { q: 'dang thu ha' },
  { q: 'Đ' },
  { q: 'HÀ' },
  { q: '+84 90 111' },
  { branch: 'Sa Pa' },
  { branch: 'Hanoi (main branch)' },
  { date: otherDay },
  { guests: 4 },
  { time: '12:30' },
  { arrived: 'yes' },
  { arrived: 'no', allocated: 'no' },
  { q: 'a', branch: 'Sa Pa', guests: 6 },
  { status: 'booked' },
  { status: 'cancelled' },
  { status: 'cancelled', branch: 'Sa Pa' },
];

describe.each(backends)('the live board’s guess agrees with the database on %s', (backend) => {
  let server: TestServer;
  let rows: ReservationRow[];
  const staff = () => signUserToken(server, { staff: true }).then((token) => tokenClient(server, token));

  beforeAll(async () => {
    server = await startTestServer(backend);
    const client = await staff();
    expect((await client.from('reservations').insert(bookings)).error).toBeNull();
    const { data } = await client.from('reservations').select('id').eq('name', 'Asha Rao');
    expect((await client.from('reservations').update({ arrived: true }).eq('id', data?.[0]?.id)).error).toBeNull();
    // One guest cancelled through the manage link (as cancel_booking does it).
    await server.deps.db.query(
      `update public.reservations set status = 'cancelled', cancelled_at = now() where name = 'Zoë Ängström'`,
    );
    rows = (await listReservations(client, { filters: {}, page: 1 })).rows;
    expect(rows).toHaveLength(bookings.length);
  });
  afterAll(async () => server?.close());

  it.each(filterCases)('filters %j', async (filters) => {
    const fromDatabase = (await listReservations(await staff(), { filters, page: 1 })).rows.map((row) => row.id);
    const guessed = rows.filter((row) => matchesFilters(row, filters)).map((row) => row.id);
    expect(guessed.sort()).toEqual(fromDatabase.sort());
  });
});

describe('placing a pushed booking', () => {
  const row = (id: number, name = `Guest ${id}`): ReservationRow => ({
    id,
    name,
    mobile: '0900000000',
    email: 'guest@example.com',
    date: '2026-12-24',
    time: '19:00',
    period: 'PM',
    status: 'booked',
    guests: 2,
    branch: 'Sa Pa',
    notes: null,
    arrived: false,
    allocated: false,
  });

  it('goes on top of page 1 when it matches, never onto another page', () => {
    expect(showsOnPage(row(1), { filters: { branch: 'Sa Pa' }, page: 1 })).toBe(true);
    expect(showsOnPage(row(1), { filters: { branch: 'Hanoi' }, page: 1 })).toBe(false);
    expect(showsOnPage(row(1), { filters: {}, page: 2 })).toBe(false);
  });

  it('adds one to the count and keeps the page one page long', () => {
    const full = { rows: Array.from({ length: 50 }, (_, i) => row(100 - i)), total: 120 };
    const next = withNewBooking(full, row(101));
    expect(next.total).toBe(121);
    expect(next.rows).toHaveLength(50);
    expect(next.rows[0]?.id).toBe(101);
    expect(next.rows.at(-1)?.id).toBe(52);
    // Heard twice (a read raced the push): counted once.
    expect(withNewBooking(next, row(101))).toBe(next);
  });

  it('replaces a changed row where it is and leaves other pages alone', () => {
    const page = { rows: [row(3), row(2), row(1)], total: 3 };
    const changed = { ...row(2), arrived: true };
    expect(withUpdatedRow(page, changed).rows).toEqual([row(3), changed, row(1)]);
    const other = { rows: [row(9)], total: 1 };
    expect(withUpdatedRow(other, changed)).toBe(other);
  });
});
