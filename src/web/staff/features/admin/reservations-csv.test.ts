import { describe, expect, it } from 'vitest';
import type { ExportRow } from './api/export-reservations.ts';
import {
  type CsvColumn,
  type CsvLabels,
  exportFileName,
  reservationsCsv,
  restaurantDateTime,
} from './reservations-csv.ts';

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

const row = (overrides: Partial<ExportRow>): ExportRow => ({
  id: 1,
  name: 'Nguyễn Văn Đức',
  mobile: '0912 345 678',
  email: 'duc@example.vn',
  date: '2026-12-24',
  time: '07:30',
  period: 'PM',
  status: 'booked',
  guests: 4,
  branch: 'Sa Pa',
  notes: null,
  arrived: true,
  allocated: false,
  created_at: '2026-11-23T12:02:00.000Z',
  ...overrides,
});

describe('reservations CSV', () => {
  it('writes the header and one record per booking, booking time on the restaurant clock', () => {
    const text = reservationsCsv([row({}), row({ id: 2, name: '=cmd|calc', notes: 'Say "hi", please' })], labels);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"Booked at","Name","Mobile","Email","Date","Time","Period","Guests","Branch","Notes","Arrived","Allocated"',
    );
    expect(lines[1]).toBe(
      '"2026-11-23 19:02","Nguyễn Văn Đức","0912 345 678","duc@example.vn","2026-12-24","19:30","PM","4","Sa Pa","","Yes","No"',
    );
    expect(lines[2]).toContain('"\'=cmd|calc"');
    expect(lines[2]).toContain('"Say ""hi"", please"');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it('writes one canonical time per booking, whatever path stored it', () => {
    const times = reservationsCsv(
      [
        row({ time: '19:00', period: 'PM' }),
        row({ time: '07:00', period: 'PM' }),
        row({ time: '19:00', period: 'Dinner' }),
        row({ time: 'soon', period: 'PM' }),
      ],
      labels,
    )
      .split('\r\n')
      .slice(1, 5)
      .map((line) => line.split(',').slice(5, 7).join(','));
    expect(times).toEqual(['"19:00","PM"', '"19:00","PM"', '"19:00","Dinner"', '"soon","PM"']);
  });

  it('formats times across midnight in Vietnam, not in the machine’s zone', () => {
    expect(restaurantDateTime('2026-11-23T17:30:00Z')).toBe('2026-11-24 00:30');
    expect(restaurantDateTime('not a time')).toBe('not a time');
  });

  it('names the file after the filters, in plain letters', () => {
    expect(exportFileName('2026-11-23', {})).toBe('reservations-2026-11-23.csv');
    expect(exportFileName('2026-11-23', { branch: 'Hanoi (main branch)', date: '2026-12-01' })).toBe(
      'reservations-Hanoi-main-branch-2026-12-01.csv',
    );
    expect(exportFileName('2026-11-23', { branch: 'Đà Nẵng' })).toBe('reservations-Da-Nang-2026-11-23.csv');
  });
});
