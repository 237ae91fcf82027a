import { describe, expect, it } from 'vitest';
import { guestBooking, sheetsPayload } from '../../tests/support/builders.ts';
import {
  breaksOneLine,
  hasControlCharacters,
  homeBookingSchema,
  oneMailboxPattern,
  reservationInsertSchema,
  sheetsReservationSchema,
} from './reservation.ts';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('dates', () => {
  it('refuses year 0000, which JavaScript reads as 1 BC and Postgres refuses', () => {
    expect(new Date('0000-01-01T00:00:00Z').toISOString()).toBe('0000-01-01T00:00:00.000Z');
    for (const schema of [reservationInsertSchema, sheetsReservationSchema]) {
      const base = schema === sheetsReservationSchema ? sheetsPayload() : guestBooking();
      expect(messages(schema.safeParse({ ...base, date: '0000-01-01' }))).toEqual(['date: Not a calendar date']);
      expect(messages(schema.safeParse({ ...base, date: '0000-12-31' }))).toEqual(['date: Not a calendar date']);
      expect(schema.safeParse({ ...base, date: '0001-01-01' }).success).toBe(true);
      expect(schema.safeParse({ ...base, date: '9999-12-31' }).success).toBe(true);
    }
  });

  it('still refuses impossible days and other formats', () => {
    for (const date of ['2026-02-29', '2026-13-01', '2026-00-10', '10000-01-01', '-0001-01-01', 'infinity', 'today']) {
      expect(reservationInsertSchema.safeParse(guestBooking({ date })).success, date).toBe(false);
    }
  });
});

describe('one-line fields and one mailbox (security review #20, item 5)', () => {
  it('refuses line breaks, tabs, C1 controls and Unicode separators in one-line fields, as the database does', () => {
    for (const name of ['Asha\nRao', 'Asha\r\nBcc: x@example.com', 'Asha\tRao', 'Asha\u0085Rao', 'Asha\u2028Rao']) {
      expect(breaksOneLine(name), JSON.stringify(name)).toBe(true);
      expect(messages(reservationInsertSchema.safeParse(guestBooking({ name }))), name).toEqual([
        'name: Contains control characters',
      ]);
    }
    expect(breaksOneLine('Nguyễn Thị Hồng')).toBe(false);
    expect(hasControlCharacters('\u0085')).toBe(true);
  });

  it('knows one mailbox from a list, a group or a display name', () => {
    for (const email of ['asha@example.com', 'Asha.Rao+4@mail.example.co.uk', "o'neil@x-y.vn", 'priya@đà-nẵng.vn']) {
      expect(oneMailboxPattern.test(email), email).toBe(true);
    }
    for (const email of [
      'a@x.vn,b@y.vn',
      'a@x.vn;b@y.vn',
      'g: a@x.vn;',
      'A <a@x.vn>',
      'a@x.vn\n',
      'a@localhost',
      'a@x.vn\u3000b@y.vn',
      'a@x.vn\u2028',
    ]) {
      expect(oneMailboxPattern.test(email), email).toBe(false);
    }
  });
});

describe('control characters in notes', () => {
  it('counts NUL and other C0 controls, but not tab, new line or carriage return', () => {
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    expect(hasControlCharacters('\u001b[31m')).toBe(true);
    expect(hasControlCharacters('\u007f')).toBe(true);
    expect(hasControlCharacters('line one\r\n\tline two')).toBe(false);
  });

  it('refuses them in the notes of every input, as in the other text fields', () => {
    for (const notes of ['Window\u0000seat', 'bell\u0007']) {
      expect(messages(reservationInsertSchema.safeParse(guestBooking({ notes })))).toEqual([
        'notes: Contains control characters',
      ]);
      expect(homeBookingSchema.safeParse(guestBooking({ notes, branch: 'Sa Pa' })).success).toBe(false);
      expect(messages(sheetsReservationSchema.safeParse(sheetsPayload({ notes })))).toEqual([
        'notes: Contains control characters',
      ]);
    }
    expect(reservationInsertSchema.parse(guestBooking({ notes: 'High chair\n\tplease' })).notes).toBe(
      'High chair\n\tplease',
    );
    expect(sheetsReservationSchema.parse(sheetsPayload({ notes: 'High chair\n\tplease' })).notes).toBe(
      'High chair\n\tplease',
    );
  });
});
