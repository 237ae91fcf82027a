/**
 * The calendar file of a booking (RFC 5545, written by ical.js): a two-hour event at the branch,
 * in Vietnam's time zone with its VTIMEZONE, the same file whether the guest downloads it from the
 * confirmation panel or the manage page, or opens it from the email.
 */
import ICAL from 'ical.js';
import { bookingSlot } from './availability.ts';
import { branchLocation, branchPhone } from './branch-contact.ts';
import { restaurantTimeZone } from './reservation-options.ts';
import { restaurantProfile } from './restaurant-profile.ts';
import { defaultLanguage, type Language } from './routes.ts';

/** The event's TZID: the restaurant's zone (Vietnam keeps no daylight saving). */
export const calendarTimeZone = restaurantTimeZone;
export const eventHours = 2;

export interface CalendarBooking {
  reference: string;
  date: string;
  time: string;
  period: string;
  guests: number;
  branch: string;
  /** The manage page's absolute URL, when known. */
  manageUrl?: string | undefined;
  /** A cancelled booking's file tells calendars to drop the event. */
  cancelled?: boolean;
  /** The language the guest booked in: the event's title and notes are written in it. */
  language?: Language;
  /** How many times the guest changed the booking: each change is a later version of the event. */
  revision?: number;
}

/** The event's words in each language the site speaks. */
const eventWords: Record<
  Language,
  {
    summary: (guests: number, reference: string) => string;
    reference: string;
    guests: (n: number) => string;
    phone: string;
    manage: string;
  }
> = {
  en: {
    summary: (guests, reference) => `${restaurantProfile.name} — table for ${guests} (${reference})`,
    reference: 'Booking reference',
    guests: (n) => `Table for ${n}`,
    phone: 'Phone',
    manage: 'View or cancel',
  },
  vi: {
    summary: (guests, reference) => `${restaurantProfile.name} — bàn ${guests} người (${reference})`,
    reference: 'Mã đặt bàn',
    guests: (n) => `Bàn cho ${n} người`,
    phone: 'Điện thoại',
    manage: 'Xem hoặc hủy đặt bàn',
  },
};

/** "2026-12-24T19:00:00" plus `hours`, as wall-clock time (Vietnam keeps no daylight saving). */
function addHours(local: string, hours: number): string {
  const at = new Date(`${local}Z`);
  at.setUTCHours(at.getUTCHours() + hours);
  return at.toISOString().slice(0, 19);
}

export function calendarFileName(reference: string): string {
  return `${restaurantProfile.name.toLowerCase().replaceAll(' ', '-')}-${reference}.ics`;
}

export function bookingCalendar(booking: CalendarBooking, now: Date = new Date()): string {
  const slot = bookingSlot(booking.time, booking.period) ?? '19:00';
  const start = `${booking.date}T${slot}:00`;
  const tz = { tzid: calendarTimeZone };
  const words = eventWords[booking.language ?? defaultLanguage];
  const description = [
    `${words.reference}: ${booking.reference}`,
    words.guests(booking.guests),
    `${words.phone}: ${branchPhone(booking.branch)}`,
    ...(booking.manageUrl ? [`${words.manage}: ${booking.manageUrl}`] : []),
  ].join('\n');
  const host = new URL(restaurantProfile.website).hostname;
  const jcal = [
    'vcalendar',
    [
      ['prodid', {}, 'text', `-//${restaurantProfile.name}//Table booking//EN`],
      ['version', {}, 'text', '2.0'],
      ['calscale', {}, 'text', 'GREGORIAN'],
      ['method', {}, 'text', 'PUBLISH'],
    ],
    [
      [
        'vtimezone',
        [['tzid', {}, 'text', calendarTimeZone]],
        [
          [
            'standard',
            [
              ['dtstart', {}, 'date-time', '1975-06-13T00:00:00'],
              ['tzoffsetfrom', {}, 'utc-offset', '+07:00'],
              ['tzoffsetto', {}, 'utc-offset', '+07:00'],
              ['tzname', {}, 'text', 'ICT'],
            ],
            [],
          ],
        ],
      ],
      [
        'vevent',
        [
          ['uid', {}, 'text', `${booking.reference}@${host}`],
          ['dtstamp', {}, 'date-time', `${now.toISOString().slice(0, 19)}Z`],
          ['dtstart', tz, 'date-time', start],
          ['dtend', tz, 'date-time', addHours(start, eventHours)],
          ['summary', {}, 'text', words.summary(booking.guests, booking.reference)],
          ['location', {}, 'text', branchLocation(booking.branch, booking.language)],
          ['description', {}, 'text', description],
          ['status', {}, 'text', booking.cancelled ? 'CANCELLED' : 'CONFIRMED'],
          // A change or a cancellation is a later version of the same event (same UID).
          ['sequence', {}, 'integer', (booking.revision ?? 0) + (booking.cancelled ? 1 : 0)],
          ...(booking.manageUrl ? [['url', {}, 'uri', booking.manageUrl]] : []),
        ],
        [],
      ],
    ],
  ];
  return `${ICAL.stringify(jcal)}\r\n`;
}
