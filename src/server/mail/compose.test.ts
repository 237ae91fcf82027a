import { describe, expect, it } from 'vitest';
import { composeMail, outboxPayloadSchema } from './compose.ts';

const payload = (language?: 'en' | 'vi') =>
  outboxPayloadSchema.parse({
    reference: 'SL-7K3Q9X',
    name: 'Nguyễn <Thu> Hà',
    date: '2026-12-24',
    time: '07:30',
    period: 'PM',
    guests: 4,
    branch: 'Sa Pa',
    manage_token: 'a'.repeat(43),
    ...(language ? { language } : {}),
  });

const site = { siteUrl: 'https://saffronlotus.vn', now: new Date('2026-11-23T10:00:00Z') };

describe('a booking email', () => {
  it('in English: subject, details, the manage link and the calendar file', () => {
    const mail = composeMail(
      { messageKey: 'sl-7k3q9x.confirmation.9', kind: 'confirmation', payload: payload('en') },
      site,
    );
    expect(mail.messageId).toBe('<sl-7k3q9x.confirmation.9@saffronlotus.vn>');
    expect(mail.subject).toBe('Your table at Saffron Lotus Sa Pa — SL-7K3Q9X');
    expect(mail.text).toContain('Dear Nguyễn <Thu> Hà,');
    expect(mail.text).toContain('When: Thursday, 24 December 2026, 7:30 PM');
    expect(mail.text).toContain('Guests: Table for 4');
    expect(mail.text).toContain(`https://saffronlotus.vn/booking/${'a'.repeat(43)}`);
    expect(mail.html).toContain('<html lang="en">');
    // The guest's name is text in the HTML part, never markup.
    expect(mail.html).toContain('Nguyễn &lt;Thu&gt; Hà');
    expect(mail.attachments[0]?.content).toContain('SUMMARY:Saffron Lotus — table for 4 (SL-7K3Q9X)');
  });

  it('in Vietnamese for a guest who booked in Vietnamese, with the Vietnamese manage page', () => {
    const mail = composeMail(
      { messageKey: 'sl-7k3q9x.confirmation.9', kind: 'confirmation', payload: payload('vi') },
      site,
    );
    expect(mail.subject).toBe('Xác nhận đặt bàn tại Saffron Lotus Sa Pa — SL-7K3Q9X');
    expect(mail.text).toContain('Xin chào Nguyễn <Thu> Hà,');
    expect(mail.text).toContain('Thời gian: Thứ Năm, 24/12/2026, 19:30');
    expect(mail.text).toContain('Số khách: Bàn cho 4 người');
    expect(mail.text).toContain(`https://saffronlotus.vn/vi/booking/${'a'.repeat(43)}`);
    expect(mail.text).not.toMatch(/Booking reference|Table for|Dear/);
    expect(mail.html).toContain('<html lang="vi">');
    expect(mail.html).toContain('Xem hoặc hủy đặt bàn');
    expect(mail.attachments[0]?.content).toContain('bàn 4 người');
    // The place as Vietnamese write it, in the subject, the body and the calendar file.
    const daNang = composeMail(
      { messageKey: 'k.confirmation.9', kind: 'confirmation', payload: { ...payload('vi'), branch: 'Da Nang' } },
      site,
    );
    expect(daNang.subject).toBe('Xác nhận đặt bàn tại Saffron Lotus Đà Nẵng — SL-7K3Q9X');
    expect(daNang.text).toContain('Địa chỉ: Saffron Lotus Đà Nẵng, 88 Bạch Đằng, Hải Châu, Đà Nẵng');
    expect(daNang.attachments[0]?.content).toContain('LOCATION:Saffron Lotus Đà Nẵng\\, 88 Bạch Đằng');
  });

  it('a cancellation in each language, with a calendar file that drops the event', () => {
    const english = composeMail({ messageKey: 'k.cancellation.9', kind: 'cancellation', payload: payload('en') }, site);
    const vietnamese = composeMail(
      { messageKey: 'k.cancellation.9', kind: 'cancellation', payload: payload('vi') },
      site,
    );
    expect(english.subject).toBe('Cancelled: your table at Saffron Lotus Sa Pa — SL-7K3Q9X');
    expect(vietnamese.subject).toBe('Đã hủy đặt bàn tại Saffron Lotus Sa Pa — SL-7K3Q9X');
    expect(vietnamese.html).toContain('Đặt bàn của bạn đã được hủy');
    expect(vietnamese.attachments[0]?.content).toContain('STATUS:CANCELLED');
  });

  it('reads a row queued before bookings had a language as English', () => {
    expect(payload().language).toBe('en');
    expect(() => outboxPayloadSchema.parse({ ...payload(), language: 'fr' })).toThrow();
  });
});
