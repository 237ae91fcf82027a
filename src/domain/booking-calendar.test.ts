import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingCalendar, calendarFileName } from './booking-calendar.ts';

const booking = {
  reference: 'SL-7K3Q9X',
  date: '2026-12-24',
  time: '07:30',
  period: 'PM',
  guests: 4,
  branch: 'Sa Pa',
  manageUrl: 'https://saffronlotus.vn/booking/abc',
};

describe('a booking as a calendar file', () => {
  it('is RFC 5545: CRLF lines, a VTIMEZONE, a two-hour event in Vietnam time at the branch', () => {
    const text = bookingCalendar(booking, new Date('2026-11-23T10:00:00Z'));
    expect(text.split('\r\n').every((line) => line.length <= 75)).toBe(true);
    expect(text).toContain('DTSTART;TZID=Asia/Ho_Chi_Minh:20261224T193000\r\n');
    expect(text).toContain('DTEND;TZID=Asia/Ho_Chi_Minh:20261224T213000\r\n');
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const zone = calendar.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('Asia/Ho_Chi_Minh');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(event.uid).toBe('SL-7K3Q9X@saffronlotus.vn');
    expect(event.location).toBe('Saffron Lotus Sa Pa, 45 Cầu Mây, Sa Pa, Lào Cai');
    expect(event.summary).toContain('SL-7K3Q9X');
    expect(event.description).toContain('View or cancel: https://saffronlotus.vn/booking/abc');
    // With its own VTIMEZONE registered, the start is 12:30 UTC (UTC+7).
    ICAL.TimezoneService.register(zone as ICAL.Component);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-24T12:30:00.000Z');
    expect(event.endDate.subtractDate(event.startDate).toSeconds()).toBe(2 * 3600);
  });

  it('marks a cancelled booking CANCELLED, as a later version of the same event', () => {
    const text = bookingCalendar({ ...booking, cancelled: true });
    expect(text).toContain('STATUS:CANCELLED');
    expect(text).toContain('SEQUENCE:1');
    expect(calendarFileName('SL-7K3Q9X')).toBe('saffron-lotus-SL-7K3Q9X.ics');
  });

  it('speaks the language the guest booked in, with the same times and place', () => {
    const english = new ICAL.Event(
      new ICAL.Component(ICAL.parse(bookingCalendar(booking))).getFirstSubcomponent('vevent') ?? undefined,
    );
    const text = bookingCalendar({ ...booking, manageUrl: 'https://saffronlotus.vn/vi/booking/abc', language: 'vi' });
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent') ?? undefined);
    expect(english.summary).toBe('Saffron Lotus — table for 4 (SL-7K3Q9X)');
    expect(event.summary).toBe('Saffron Lotus — bàn 4 người (SL-7K3Q9X)');
    expect(event.description).toBe(
      'Mã đặt bàn: SL-7K3Q9X\nBàn cho 4 người\nĐiện thoại: ' +
        english.description.split('\n')[2]?.replace('Phone: ', '') +
        '\nXem hoặc hủy đặt bàn: https://saffronlotus.vn/vi/booking/abc',
    );
    expect(text).toContain('DTSTART;TZID=Asia/Ho_Chi_Minh:20261224T193000\r\n');
    expect(event.location).toBe(english.location);
  });
});
