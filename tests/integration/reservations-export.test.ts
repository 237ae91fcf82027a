/**
 * The dashboard's CSV export against the real REST layer (1,000 rows at most per response), on
 * PGlite and PostgreSQL: every row of a filter comes back across pages, none twice even when a
 * booking arrives mid-export, Vietnamese names intact and a formula-like name neutralised in the file.
 */
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchReservationsForExport } from '../../src/web/staff/features/admin/api/export-reservations.ts';
import {
  type CsvColumn,
  type CsvLabels,
  reservationsCsv,
} from '../../src/web/staff/features/admin/reservations-csv.ts';
import { restaurantDate } from '../support/builders.ts';
import { signUserToken } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

const headers: Record<CsvColumn, string> = {
  bookedAt: 'Booked at',
  name: 'Name',
  mobile: 'Mobile',
  email: 'Email',
  date: 'Date',
  time: 'Time',
  period: 'Period',
  guests: 'Guests',
  branch: 'Branch',
  notes: 'Notes',
  arrived: 'Arrived',
  allocated: 'Allocated',
};

const labels: CsvLabels = {
  header: (column) => headers[column],
  yes: 'Yes',
  no: 'No',
};

describe.each(backends)('CSV export on %s', (backend) => {
  let server: TestServer;
  let token: string;
  const day = restaurantDate(30);

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    token = await signUserToken(server, { staff: true });
    // 2,345 bookings at Downtown (a branch without booking rules) and 700 at Uptown, as the owner.
    await server.deps.db.query(
      `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
       select case when n % 100 = 0 then 'Trần Thị Ngọc Ánh ' || n else 'Guest ' || n end,
              '09' || lpad(n::text, 8, '0'), 'guest' || n || '@example.vn', $1::date, 1 + n % 10,
              case when n <= 2345 then 'Downtown' else 'Uptown' end, '19:00', 'Dinner'
         from generate_series(1, 3045) as n`,
      [day],
    );
    await server.deps.db.query(
      `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
       values ('=cmd|'' /C calc''!A0', '0900000000', 'formula@example.vn', $1::date, 2, 'Downtown', '19:00', 'Dinner')`,
      [day],
    );
  });
  afterAll(async () => server?.close());

  it('reads every matching row across pages of at most 1,000, once each, and writes them all', async () => {
    let requests = 0;
    const supabase = createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      accessToken: async () => token,
      global: {
        fetch: (input, init) => {
          requests += 1;
          return fetch(input, init);
        },
      },
    });
    const progress: number[] = [];
    let bookedMeanwhile = false;
    const rows = await fetchReservationsForExport(supabase, { branch: 'Downtown' }, async (read) => {
      progress.push(read);
      // A booking made while the export runs is newer than all it reads: it is not mixed in.
      if (!bookedMeanwhile) {
        bookedMeanwhile = true;
        await server.deps.db.query(
          `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
           values ('Late Arrival', '0900000001', 'late@example.vn', $1::date, 2, 'Downtown', '19:00', 'Dinner')`,
          [day],
        );
      }
    });
    expect(rows).toHaveLength(2346);
    expect(new Set(rows.map((row) => row.id)).size).toBe(2346);
    expect(rows.every((row) => row.branch === 'Downtown')).toBe(true);
    expect(rows.some((row) => row.name === 'Late Arrival')).toBe(false);
    expect(progress).toEqual([1000, 2000, 2346, 2346]);
    // Four reads: three of rows and the empty one that ends the export.
    expect(requests).toBe(4);

    const csv = reservationsCsv(rows, labels);
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2347);
    expect(csv.startsWith('\uFEFF"Booked at","Name"')).toBe(true);
    expect(lines.filter((line) => line.includes('"Trần Thị Ngọc Ánh '))).toHaveLength(23);
    expect(csv).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(csv).not.toContain(`"=cmd`);
  });

  it('applies the same filters as the list: search and flags', async () => {
    const supabase = createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      accessToken: async () => token,
    });
    const found = await fetchReservationsForExport(supabase, { q: 'Ngọc Ánh', branch: 'Uptown' });
    expect(found.map((row) => row.name).sort()).toEqual(
      Array.from({ length: 7 }, (_, i) => `Trần Thị Ngọc Ánh ${2400 + i * 100}`).sort(),
    );
    const arrived = await fetchReservationsForExport(supabase, { arrived: 'yes' });
    expect(arrived).toEqual([]);
  });
});
