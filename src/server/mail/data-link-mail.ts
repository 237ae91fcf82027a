/**
 * The emailed link to all of a guest's data (review #31, item 1): asked for on a booking's manage
 * page, sent to the booking's address, so whoever opens it holds that mailbox. It names no one and
 * no booking (whoever asked may not be the guest); it says how long the link lives and what to do
 * when the guest did not ask. Its token leaves the outbox once the email is sent
 * (20261209000000_mailbox_proof.sql).
 */
import { html } from 'hono/html';
import { z } from 'zod';
import { restaurantProfile } from '../../domain/restaurant-profile.ts';
import {
  dataLinkPath,
  defaultLanguage,
  type Language,
  languages,
  languageTags,
  localizePath,
} from '../../domain/routes.ts';
import type { ComposedMail } from './compose.ts';

export const dataLinkPayloadSchema = z.object({
  language: z.enum(languages).default(defaultLanguage),
  manage_token: z.string(),
});
export type DataLinkPayload = z.infer<typeof dataLinkPayloadSchema>;

/** How long the link lives (the database's interval in request_data_link). */
export const dataLinkMinutes = 30;

const words: Record<Language, { subject: string; lead: string; button: string; expiry: string; notYou: string }> = {
  en: {
    subject: `${restaurantProfile.name}: your link to all your data`,
    lead: 'You asked for a link to everything we keep about you under this email address: your bookings, their history, your consents and our emails. With it you can see it, download a copy, withdraw your consent to news and offers, or erase it all.',
    button: 'See all my data',
    expiry: `The link works for ${dataLinkMinutes} minutes, until you erase your data with it. Do not forward this email: whoever has the link can do all of this.`,
    notYou: 'If you did not ask for it, ignore this email: nothing changes.',
  },
  vi: {
    subject: `${restaurantProfile.name}: đường dẫn tới toàn bộ dữ liệu của bạn`,
    lead: 'Bạn đã yêu cầu đường dẫn tới mọi thông tin chúng tôi lưu về bạn theo địa chỉ email này: các lượt đặt bàn, lịch sử thay đổi, các sự đồng ý của bạn và email chúng tôi đã gửi. Với đường dẫn này, bạn có thể xem, tải về một bản sao, rút lại đồng ý nhận tin tức và ưu đãi, hoặc xóa toàn bộ.',
    button: 'Xem toàn bộ dữ liệu của tôi',
    expiry: `Đường dẫn có hiệu lực trong ${dataLinkMinutes} phút, hoặc cho đến khi bạn dùng nó để xóa dữ liệu. Vui lòng không chuyển tiếp email này: ai có đường dẫn cũng có thể làm tất cả những việc trên.`,
    notYou: 'Nếu bạn không yêu cầu, hãy bỏ qua email này: sẽ không có gì thay đổi.',
  },
};

export function composeDataLinkMail(
  row: { messageKey: string; payload: DataLinkPayload },
  options: { siteUrl: string },
): ComposedMail {
  const p = row.payload;
  const w = words[p.language];
  const domain = new URL(options.siteUrl).hostname || new URL(restaurantProfile.website).hostname;
  const url = new URL(localizePath(dataLinkPath(p.manage_token), p.language), options.siteUrl).href;
  const footer = `${restaurantProfile.name} · ${restaurantProfile.phone} · ${restaurantProfile.email}`;
  const body = html`<!doctype html>
<html lang="${languageTags[p.language].bcp47}">
  <head><meta charset="utf-8" /><title>${w.subject}</title></head>
  <body style="margin:0;padding:24px;background:#fbf6ee;color:#22201d;font:16px/1.5 Arial,sans-serif">
    <p>${w.lead}</p>
    <p><a href="${url}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:#7a1f2b;color:#ffffff;font-weight:700;text-decoration:none">${w.button}</a></p>
    <p>${w.expiry}</p>
    <p>${w.notYou}</p>
    <p style="color:#5a534b;font-size:14px">${footer}</p>
  </body>
</html>`;
  return {
    messageId: `<${row.messageKey}@${domain}>`,
    subject: w.subject,
    text: [w.lead, '', `${w.button}: ${url}`, '', w.expiry, '', w.notYou, '', footer].join('\n'),
    html: body.toString(),
    attachments: [],
  };
}
