/**
 * The "table ready" email of a party on the door list (issue 26): the host pressed **Table ready**
 * and the guest left an email. It names the branch and the party, in the guest's language; no link.
 */
import { html } from 'hono/html';
import { z } from 'zod';
import { branchPhone } from '../../domain/branch-contact.ts';
import { branchName } from '../../domain/branch-names.ts';
import { restaurantProfile } from '../../domain/restaurant-profile.ts';
import { defaultLanguage, type Language, languages, languageTags } from '../../domain/routes.ts';
import type { ComposedMail } from './compose.ts';

export const doorReadyPayloadSchema = z.object({
  language: z.enum(languages).default(defaultLanguage),
  name: z.string(),
  guests: z.number().int(),
  branch: z.string(),
});
export type DoorReadyPayload = z.infer<typeof doorReadyPayloadSchema>;

const words: Record<
  Language,
  { subject: (branch: string) => string; greeting: (name: string) => string; lead: (guests: number) => string }
> = {
  en: {
    subject: (branch) => `Your table at ${restaurantProfile.name} ${branch} is ready`,
    greeting: (name) => `Hi ${name},`,
    lead: (guests) => `Your table for ${guests} is ready. Please come back to the host stand and we will seat you.`,
  },
  vi: {
    subject: (branch) => `Bàn của bạn tại ${restaurantProfile.name} ${branch} đã sẵn sàng`,
    greeting: (name) => `Chào ${name},`,
    lead: (guests) =>
      `Bàn cho ${guests} người của bạn đã sẵn sàng. Mời bạn quay lại quầy lễ tân để chúng tôi đưa bạn vào bàn nhé.`,
  },
};

export function composeDoorReadyMail(
  row: { messageKey: string; payload: DoorReadyPayload },
  options: { siteUrl: string },
): ComposedMail {
  const p = row.payload;
  const w = words[p.language];
  const domain = new URL(options.siteUrl).hostname || new URL(restaurantProfile.website).hostname;
  const subject = w.subject(branchName(p.branch, p.language));
  const lead = w.lead(p.guests);
  const footer = `${restaurantProfile.name} ${branchName(p.branch, p.language)} · ${branchPhone(p.branch)}`;
  const body = html`<!doctype html>
<html lang="${languageTags[p.language].bcp47}">
  <head><meta charset="utf-8" /><title>${subject}</title></head>
  <body style="margin:0;padding:24px;background:#fbf6ee;color:#22201d;font:16px/1.5 Arial,sans-serif">
    <p>${w.greeting(p.name)}</p>
    <p>${lead}</p>
    <p style="color:#5a534b;font-size:14px">${footer}</p>
  </body>
</html>`;
  return {
    messageId: `<${row.messageKey}@${domain}>`,
    subject,
    text: [w.greeting(p.name), '', lead, '', footer].join('\n'),
    html: body.toString(),
    attachments: [],
  };
}
