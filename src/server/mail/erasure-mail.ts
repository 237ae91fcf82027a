/**
 * The erasure confirmation (issue 25): tells the guest their personal data is gone. It names no
 * booking and no one (the database has already forgotten both); its address leaves the outbox as
 * soon as it is sent (20261204020000_erasure.sql).
 */
import { html } from 'hono/html';
import { z } from 'zod';
import { restaurantProfile } from '../../domain/restaurant-profile.ts';
import { defaultLanguage, type Language, languages, languageTags } from '../../domain/routes.ts';
import type { ComposedMail } from './compose.ts';

export const erasurePayloadSchema = z.object({
  language: z.enum(languages).default(defaultLanguage),
  bookings: z.number().int().min(0),
});
export type ErasurePayload = z.infer<typeof erasurePayloadSchema>;

const words: Record<Language, { subject: string; lead: (bookings: number) => string; kept: string }> = {
  en: {
    subject: `${restaurantProfile.name}: your personal data has been erased`,
    lead: (bookings) =>
      `As you asked, we have erased your name, mobile number, email address and notes from ${bookings === 1 ? 'your booking' : `your ${bookings} bookings`}, from their history and from our emails. This cannot be undone.`,
    kept: 'We keep only the number of guests and the dates, without anything that says who you are, to count our covers.',
  },
  vi: {
    subject: `${restaurantProfile.name}: dữ liệu cá nhân của bạn đã được xóa`,
    lead: (bookings) =>
      `Theo yêu cầu của bạn, chúng tôi đã xóa họ tên, số điện thoại, email và ghi chú khỏi ${bookings === 1 ? 'lượt đặt bàn' : `${bookings} lượt đặt bàn`} của bạn, khỏi lịch sử thay đổi và các email liên quan. Việc xóa này không thể khôi phục.`,
    kept: 'Chúng tôi chỉ giữ lại số khách và ngày đặt bàn, không kèm bất kỳ thông tin nào cho biết bạn là ai, để thống kê lượng khách.',
  },
};

export function composeErasureMail(
  row: { messageKey: string; payload: ErasurePayload },
  options: { siteUrl: string },
): ComposedMail {
  const w = words[row.payload.language];
  const domain = new URL(options.siteUrl).hostname || new URL(restaurantProfile.website).hostname;
  const lead = w.lead(row.payload.bookings);
  const footer = `${restaurantProfile.name} · ${restaurantProfile.phone} · ${restaurantProfile.email}`;
  const body = html`<!doctype html>
<html lang="${languageTags[row.payload.language].bcp47}">
  <head><meta charset="utf-8" /><title>${w.subject}</title></head>
  <body style="margin:0;padding:24px;background:#fbf6ee;color:#22201d;font:16px/1.5 Arial,sans-serif">
    <p>${lead}</p>
    <p>${w.kept}</p>
    <p style="color:#5a534b;font-size:14px">${footer}</p>
  </body>
</html>`;
  return {
    messageId: `<${row.messageKey}@${domain}>`,
    subject: w.subject,
    text: [lead, '', w.kept, '', footer].join('\n'),
    html: body.toString(),
    attachments: [],
  };
}
