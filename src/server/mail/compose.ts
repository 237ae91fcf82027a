/**
 * A booking email from its outbox row: subject, plain text, HTML (escaped by hono/html) and, for a
 * confirmation, the booking's .ics. The same outbox row always makes the same message, under the
 * same Message-ID, so a retry after a lost answer is shown once by mail clients.
 */
import { html } from 'hono/html';
import { z } from 'zod';
import { bookingCalendar, calendarFileName } from '../../domain/booking-calendar.ts';
import { formatBookingDate, formatBookingTime } from '../../domain/booking-format.ts';
import { branchLocation, branchPhone } from '../../domain/branch-contact.ts';
import { branchName } from '../../domain/branch-names.ts';
import { restaurantProfile } from '../../domain/restaurant-profile.ts';
import { defaultLanguage, languages, languageTags, localizePath, manageBookingPath } from '../../domain/routes.ts';
import { mailWords } from './mail-words.ts';

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
  /** Rows queued before bookings had a language are English. */
  language: z.enum(languages).default(defaultLanguage),
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

export function composeMail(
  row: { messageKey: string; kind: OutboxKind; payload: OutboxPayload },
  options: { siteUrl: string; now?: Date },
): ComposedMail {
  const p = row.payload;
  const restaurant = restaurantProfile.name;
  const domain = new URL(options.siteUrl).hostname || new URL(restaurantProfile.website).hostname;
  const language = p.language;
  const words = mailWords[language];
  const manageUrl = p.manage_token
    ? new URL(localizePath(manageBookingPath(p.manage_token), language), options.siteUrl).href
    : undefined;
  const place = branchLocation(p.branch, language);
  const phone = branchPhone(p.branch);
  const when = `${formatBookingDate(p.date, language)}, ${formatBookingTime(p.time, p.period, language)}`;
  const table = words.guests(p.guests);
  const kind = row.kind;
  const confirmed = kind === 'confirmation';
  const subject = words.subject[kind](branchName(p.branch, language), p.reference);
  const lead = words.lead[kind];

  const text = [
    words.greeting(p.name),
    '',
    lead,
    '',
    `${words.labels.reference}: ${p.reference}`,
    `${words.labels.when}: ${when}`,
    `${words.labels.guests}: ${table}`,
    `${words.labels.where}: ${place}`,
    `${words.labels.phone}: ${phone}`,
    '',
    ...(manageUrl ? [words.manageIntro, manageUrl, '', words.calendarNote, ''] : []),
    `${restaurant} · ${restaurantProfile.phone} · ${restaurantProfile.email}`,
  ].join('\n');

  const rows: [string, string][] = [
    [words.labels.reference, p.reference],
    [words.labels.when, when],
    [words.labels.guests, table],
    [words.labels.where, place],
    [words.labels.phone, phone],
  ];
  const body = html`<!doctype html>
<html lang="${languageTags[language].bcp47}">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width" /><title>${subject}</title></head>
  <body style="margin:0;padding:24px;background:#fbf6ee;color:#22201d;font-family:Georgia,serif">
    <table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px;border-collapse:separate">
      <tr><td>
        <p style="margin:0 0 8px;color:#9a5b00;font:700 13px/1.4 Arial,sans-serif;letter-spacing:.12em;text-transform:uppercase">${restaurant}</p>
        <h1 style="margin:0 0 16px;font-size:26px;color:${confirmed ? '#22201d' : '#b3261e'}">${words.heading[kind]}</h1>
        <p style="margin:0 0 16px;font:16px/1.5 Arial,sans-serif">${words.greeting(p.name)}</p>
        <p style="margin:0 0 24px;font:16px/1.5 Arial,sans-serif">${lead}</p>
        <table role="presentation" style="font:16px/1.5 Arial,sans-serif;border-collapse:collapse;margin:0 0 24px">
          ${rows.map(
            ([label, value]) =>
              html`<tr><th align="left" style="padding:4px 16px 4px 0;color:#5a534b;font-weight:600">${label}</th><td style="padding:4px 0">${value}</td></tr>`,
          )}
        </table>
        ${
          manageUrl
            ? html`<p style="margin:0 0 8px"><a href="${manageUrl}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:#7a1f2b;color:#ffffff;font:700 16px Arial,sans-serif;text-decoration:none">${words.manageButton}</a></p>
        <p style="margin:0 0 24px;color:#5a534b;font:14px/1.5 Arial,sans-serif">${words.manageHint}</p>`
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
      language,
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
