/**
 * What the booking emails say, in each language the site speaks. Vietnamese is written as a
 * Vietnamese restaurant writes to its guests, not word for word from the English.
 */
import { restaurantProfile } from '../../domain/restaurant-profile.ts';
import type { Language } from '../../domain/routes.ts';

const restaurant = restaurantProfile.name;

export interface MailWords {
  subject: {
    confirmation: (branch: string, reference: string) => string;
    cancellation: (branch: string, reference: string) => string;
  };
  heading: { confirmation: string; cancellation: string };
  greeting: (name: string) => string;
  lead: { confirmation: string; cancellation: string };
  labels: { reference: string; when: string; guests: string; where: string; phone: string };
  guests: (count: number) => string;
  manageButton: string;
  manageIntro: string;
  manageHint: string;
  calendarNote: string;
}

export const mailWords: Record<Language, MailWords> = {
  en: {
    subject: {
      confirmation: (branch, reference) => `Your table at ${restaurant} ${branch} — ${reference}`,
      cancellation: (branch, reference) => `Cancelled: your table at ${restaurant} ${branch} — ${reference}`,
    },
    heading: { confirmation: 'Your table is booked', cancellation: 'Your booking is cancelled' },
    greeting: (name) => `Dear ${name},`,
    lead: {
      confirmation: `Thank you for booking with ${restaurant}. We look forward to welcoming you.`,
      cancellation: 'Your booking has been cancelled, as you asked. We hope to welcome you another time.',
    },
    labels: { reference: 'Booking reference', when: 'When', guests: 'Guests', where: 'Where', phone: 'Phone' },
    guests: (count) => `Table for ${count}`,
    manageButton: 'View or cancel your booking',
    manageIntro: 'To see or cancel your booking, open your private link (keep it to yourself):',
    manageHint:
      'This private link opens your booking only; anyone who has it can cancel it, so keep it to yourself. The attached calendar file adds the booking to your calendar.',
    calendarNote: 'The attached calendar file adds the booking to your calendar.',
  },
  vi: {
    subject: {
      confirmation: (branch, reference) => `Xác nhận đặt bàn tại ${restaurant} ${branch} — ${reference}`,
      cancellation: (branch, reference) => `Đã hủy đặt bàn tại ${restaurant} ${branch} — ${reference}`,
    },
    heading: { confirmation: 'Bàn của bạn đã được đặt', cancellation: 'Đặt bàn của bạn đã được hủy' },
    greeting: (name) => `Xin chào ${name},`,
    lead: {
      confirmation: `Cảm ơn bạn đã đặt bàn tại ${restaurant}. Chúng tôi rất mong được đón tiếp bạn.`,
      cancellation: 'Đặt bàn của bạn đã được hủy theo yêu cầu. Hy vọng sẽ sớm được đón tiếp bạn vào dịp khác.',
    },
    labels: { reference: 'Mã đặt bàn', when: 'Thời gian', guests: 'Số khách', where: 'Địa chỉ', phone: 'Điện thoại' },
    guests: (count) => `Bàn cho ${count} người`,
    manageButton: 'Xem hoặc hủy đặt bàn',
    manageIntro: 'Để xem hoặc hủy đặt bàn, bạn mở đường dẫn riêng dưới đây (vui lòng không chia sẻ cho người khác):',
    manageHint:
      'Đường dẫn riêng này chỉ mở đặt bàn của bạn. Ai có nó đều có thể hủy đặt bàn, vì vậy bạn đừng chia sẻ cho người khác nhé. Tệp lịch đính kèm giúp bạn thêm đặt bàn vào lịch của mình.',
    calendarNote: 'Tệp lịch đính kèm giúp bạn thêm đặt bàn vào lịch của mình.',
  },
};
