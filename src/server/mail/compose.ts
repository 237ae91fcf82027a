/**
 * A booking email from its outbox row: subject, plain text, HTML (escaped by hono/html) and, for a
 * confirmation, the booking's .ics. The same outbox row always makes the same message, under the
 * same Message-ID, so a retry after a lost answer is shown once by mail clients.
 */
import { html } from 'hono/html';
import { z } from 'zod';
import { bookingSlot } from '../../domain/availability.ts';
import { bookingCalendar, calendarFileName } from '../../domain/booking-calendar.ts';
import { branchLocation, branchPhone } from '../../domain/branch-contact.ts';
import { restaurantProfile } from '../../domain/restaurant-profile.ts';
import { manageBookingPath } from '../../domain/routes.ts';

/** What the database writes into an outbox row's payload (private.booking_payload). */
export const outboxPayloadSchema = z.object({
  reference: z.string(),
  name: z.string(),
  date: z.string(),
  time: z.string(),
  period: z.string(),
  guests: z.number().int(),
  branch: z.string(),
  manage_token: z.string().optional(),
});
export type OutboxPayload = z.infer<typeof outboxPayloadSchema>;

export type OutboxKind = 'confirmation' | 'cancellation';

export interface ComposedMail {
  messageId: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; content: string; contentType: string }[];
}

function displayDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day);
}

function displayTime(time: string, period: string): string {
  const slot = bookingSlot(time, period);
  if (!slot) return `${time} ${period}`;
  const [hours = 0, minutes = 0] = slot.split(':').map(Number);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

export function composeMail(
  row: { messageKey: string; kind: OutboxKind; payload: OutboxPayload },
  options: { siteUrl: string; now?: Date },
): ComposedMail {
  const p = row.payload;
  const restaurant = restaurantProfile.name;
  const domain = new URL(options.siteUrl).hostname || new URL(restaurantProfile.website).hostname;
  const manageUrl = p.manage_token ? new URL(manageBookingPath(p.manage_token), options.siteUrl).href : undefined;
  const place = branchLocation(p.branch);
  const phone = branchPhone(p.branch);
  const when = `${displayDate(p.date)}, ${displayTime(p.time, p.period)}`;
  const table = `Table for ${p.guests}`;
  const confirmed = row.kind === 'confirmation';
  const subject = confirmed
    ? `Your table at ${restaurant} ${p.branch} — ${p.reference}`
    : `Cancelled: your table at ${restaurant} ${p.branch} — ${p.reference}`;
  const lead = confirmed
    ? `Thank you for booking with ${restaurant}. We look forward to welcoming you.`
    : 'Your booking has been cancelled, as you asked. We hope to welcome you another time.';

  const text = [
    `Dear ${p.name},`,
    '',
    lead,
    '',
    `Booking reference: ${p.reference}`,
    `When: ${when}`,
    `Guests: ${table}`,
    `Where: ${place}`,
    `Phone: ${phone}`,
    '',
    ...(manageUrl
      ? [
          'To see or cancel your booking, open your private link (keep it to yourself):',
          manageUrl,
          '',
          'The attached calendar file adds the booking to your calendar.',
          '',
        ]
      : []),
    `${restaurant} · ${restaurantProfile.phone} · ${restaurantProfile.email}`,
  ].join('\n');

  const rows: [string, string][] = [
    ['Booking reference', p.reference],
    ['When', when],
    ['Guests', table],
    ['Where', place],
    ['Phone', phone],
  ];
  const body = html`<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width" /><title>${subject}</title></head>
  <body style="margin:0;padding:24px;background:#fbf6ee;color:#22201d;font-family:Georgia,serif">
    <table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px;border-collapse:separate">
      <tr><td>
        <p style="margin:0 0 8px;color:#9a5b00;font:700 13px/1.4 Arial,sans-serif;letter-spacing:.12em;text-transform:uppercase">${restaurant}</p>
        <h1 style="margin:0 0 16px;font-size:26px;color:${confirmed ? '#22201d' : '#b3261e'}">${confirmed ? 'Your table is booked' : 'Your booking is cancelled'}</h1>
        <p style="margin:0 0 16px;font:16px/1.5 Arial,sans-serif">Dear ${p.name},</p>
        <p style="margin:0 0 24px;font:16px/1.5 Arial,sans-serif">${lead}</p>
        <table role="presentation" style="font:16px/1.5 Arial,sans-serif;border-collapse:collapse;margin:0 0 24px">
          ${rows.map(
            ([label, value]) =>
              html`<tr><th align="left" style="padding:4px 16px 4px 0;color:#5a534b;font-weight:600">${label}</th><td style="padding:4px 0">${value}</td></tr>`,
          )}
        </table>
        ${
          manageUrl
            ? html`<p style="margin:0 0 8px"><a href="${manageUrl}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:#7a1f2b;color:#ffffff;font:700 16px Arial,sans-serif;text-decoration:none">View or cancel your booking</a></p>
        <p style="margin:0 0 24px;color:#5a534b;font:14px/1.5 Arial,sans-serif">This private link opens your booking only; anyone who has it can cancel it, so keep it to yourself. The attached calendar file adds the booking to your calendar.</p>`
            : ''
        }
        <p style="margin:0;color:#5a534b;font:14px/1.5 Arial,sans-serif">${restaurant} · ${restaurantProfile.phone} · <a href="mailto:${restaurantProfile.email}" style="color:#7a1f2b">${restaurantProfile.email}</a></p>
      </td></tr>
    </table>
  </body>
</html>`;

  const calendar = bookingCalendar(
    {
      reference: p.reference,
      date: p.date,
      time: p.time,
      period: p.period,
      guests: p.guests,
      branch: p.branch,
      manageUrl,
      cancelled: !confirmed,
    },
    options.now,
  );
  return {
    messageId: `<${row.messageKey}@${domain}>`,
    subject,
    text,
    html: body.toString(),
    attachments: [
      {
        filename: calendarFileName(p.reference),
        content: calendar,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}
