import { describe, expect, it } from 'vitest';
import { composeDataLinkMail, dataLinkPayloadSchema } from './data-link-mail.ts';

const token = 'b'.repeat(43);
const site = { siteUrl: 'https://saffronlotus.vn' };

describe('the emailed link to all of a guest’s data', () => {
  it('in English: the link to the data page, its life, and what to do when the guest did not ask', () => {
    const mail = composeDataLinkMail(
      { messageKey: 'data_link.7.abc', payload: dataLinkPayloadSchema.parse({ manage_token: token }) },
      site,
    );
    expect(mail.messageId).toBe('<data_link.7.abc@saffronlotus.vn>');
    expect(mail.subject).toBe('Saffron Lotus: your link to all your data');
    expect(mail.text).toContain(`See all my data: https://saffronlotus.vn/booking/data/${token}`);
    expect(mail.text).toContain('30 minutes');
    expect(mail.text).toContain('If you did not ask for it, ignore this email');
    expect(mail.html).toContain(`href="https://saffronlotus.vn/booking/data/${token}"`);
    expect(mail.attachments).toEqual([]);
  });

  it('in Vietnamese, to the Vietnamese page', () => {
    const mail = composeDataLinkMail(
      { messageKey: 'data_link.7.abc', payload: dataLinkPayloadSchema.parse({ manage_token: token, language: 'vi' }) },
      site,
    );
    expect(mail.subject).toBe('Saffron Lotus: đường dẫn tới toàn bộ dữ liệu của bạn');
    expect(mail.text).toContain(`https://saffronlotus.vn/vi/booking/data/${token}`);
    expect(mail.text).toContain('30 phút');
    expect(mail.html).toContain('<html lang="vi">');
  });
});
