/**
 * A booking email from its outbox row: subject, plain text, HTML (escaped by hono/html) and, for a
 * confirmation, a change or a cancellation, the booking's .ics (a change raises its SEQUENCE). A
 * reminder carries "I'll be there" and "Change or cancel"; a waitlist offer the claim link (the
 * held booking's manage page). The same outbox row always makes the same message, under the
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
import { mailWords, type OutboxKind } from './mail-words.ts';

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
  /** Changes by the guest so far (rows queued before changes existed: none). */
  revision: z.number().int().min(0).default(0),
  /** A waitlist offer: how long the table is held. */
  hold_minutes: z.number().int().positive().optional(),
});
export type OutboxPayload = z.infer<typeof outboxPayloadSchema>;

/** The query the reminder's "I'll be there" adds to the manage link: the page offers the answer first. */
export const confirmQuery = 'confirm=1';

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
  // The footer's withdrawal link opens the manage page, which withdraws the consent at once.
  const stopNewsUrl = manageUrl ? `${manageUrl}?consent=withdraw` : undefined;
  const place = branchLocation(p.branch, language);
  const phone = branchPhone(p.branch);
  const when = `${formatBookingDate(p.date, language)}, ${formatBookingTime(p.time, p.period, language)}`;
  const table = words.guests(p.guests);
  const kind = row.kind;
  const cancelled = kind === 'cancellation';
  const subject = words.subject[kind](branchName(p.branch, language), p.reference);
  const lead = words.lead[kind];
  const withCalendar = kind === 'confirmation' || kind === 'change' || cancelled;
  /** The email's buttons, first the main one; each also written out in the plain text. */
  const buttons: { label: string; url: string }[] = !manageUrl
    ? []
    : kind === 'reminder'
      ? [
          { label: words.confirmButton, url: `${manageUrl}?${confirmQuery}` },
          { label: words.changeButton, url: manageUrl },
        ]
      : kind === 'waitlist_offer'
        ? [{ label: words.claimButton, url: manageUrl }]
        : [{ label: words.manageButton, url: manageUrl }];
  const hint = kind === 'waitlist_offer' ? words.claimHint(p.hold_minutes ?? 15) : words.manageHint;

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
    ...(kind === 'reminder' || kind === 'waitlist_offer'
      ? buttons.flatMap((button) => [`${button.label}: ${button.url}`, ''])
      : []),
    ...(kind === 'waitlist_offer' ? [hint, ''] : []),
    ...(manageUrl && kind !== 'reminder' && kind !== 'waitlist_offer'
      ? [words.manageIntro, manageUrl, '', words.calendarNote, '']
      : []),
    `${restaurant} · ${restaurantProfile.phone} · ${restaurantProfile.email}`,
    ...(stopNewsUrl ? ['', `${words.stopNews}: ${stopNewsUrl}`] : []),
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
        <h1 style="margin:0 0 16px;font-size:26px;color:${cancelled ? '#b3261e' : '#22201d'}">${words.heading[kind]}</h1>
        <p style="margin:0 0 16px;font:16px/1.5 Arial,sans-serif">${words.greeting(p.name)}</p>
        <p style="margin:0 0 24px;font:16px/1.5 Arial,sans-serif">${lead}</p>
        <table role="presentation" style="font:16px/1.5 Arial,sans-serif;border-collapse:collapse;margin:0 0 24px">
          ${rows.map(
            ([label, value]) =>
              html`<tr><th align="left" style="padding:4px 16px 4px 0;color:#5a534b;font-weight:600">${label}</th><td style="padding:4px 0">${value}</td></tr>`,
          )}
        </table>
        ${
          buttons.length > 0
            ? html`<p style="margin:0 0 8px">${buttons.map(
                (button, index) =>
                  html`<a href="${button.url}" style="display:inline-block;margin:0 8px 8px 0;padding:12px 20px;border-radius:999px;${index === 0 ? 'background:#7a1f2b;color:#ffffff' : 'background:#ffffff;color:#7a1f2b;border:2px solid #7a1f2b'};font:700 16px Arial,sans-serif;text-decoration:none">${button.label}</a>`,
              )}</p>
        <p style="margin:0 0 24px;color:#5a534b;font:14px/1.5 Arial,sans-serif">${hint}</p>`
            : ''
        }
        <p style="margin:0;color:#5a534b;font:14px/1.5 Arial,sans-serif">${restaurant} · ${restaurantProfile.phone} · <a href="mailto:${restaurantProfile.email}" style="color:#7a1f2b">${restaurantProfile.email}</a></p>
        ${stopNewsUrl ? html`<p style="margin:8px 0 0;font:13px/1.5 Arial,sans-serif"><a href="${stopNewsUrl}" style="color:#5a534b">${words.stopNews}</a></p>` : ''}
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
      cancelled,
      language,
      revision: p.revision,
    },
    options.now,
  );
  return {
    messageId: `<${row.messageKey}@${domain}>`,
    subject,
    text,
    html: body.toString(),
    attachments: withCalendar
      ? [
          {
            filename: calendarFileName(p.reference),
            content: calendar,
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          },
        ]
      : [],
  };
}
