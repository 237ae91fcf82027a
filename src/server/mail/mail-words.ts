/**
 * What the booking emails say, in each language the site speaks. Vietnamese is written as a
 * Vietnamese restaurant writes to its guests, not word for word from the English.
 */
import { restaurantProfile } from '../../domain/restaurant-profile.ts';
import type { Language } from '../../domain/routes.ts';

const restaurant = restaurantProfile.name;

/** The booking emails the outbox sends, each with its words below (erasure and door mails have their own). */
export const outboxKinds = ['confirmation', 'cancellation', 'reminder', 'change', 'waitlist_offer'] as const;
export type OutboxKind = (typeof outboxKinds)[number];

export interface MailWords {
  subject: Record<OutboxKind, (branch: string, reference: string) => string>;
  heading: Record<OutboxKind, string>;
  greeting: (name: string) => string;
  lead: Record<OutboxKind, string>;
  labels: { reference: string; when: string; guests: string; where: string; phone: string };
  guests: (count: number) => string;
  manageButton: string;
  manageIntro: string;
  manageHint: string;
  calendarNote: string;
  /** The reminder's two buttons, and the waitlist offer's. */
  confirmButton: string;
  changeButton: string;
  claimButton: string;
  claimHint: (minutes: number) => string;
  /** The footer's link to stop news and offers (issue 25). */
  stopNews: string;
}

export const mailWords: Record<Language, MailWords> = {
  en: {
    subject: {
      confirmation: (branch, reference) => `Your table at ${restaurant} ${branch} — ${reference}`,
      cancellation: (branch, reference) => `Cancelled: your table at ${restaurant} ${branch} — ${reference}`,
      reminder: (branch, reference) => `See you soon at ${restaurant} ${branch} — ${reference}`,
      change: (branch, reference) => `Changed: your table at ${restaurant} ${branch} — ${reference}`,
      waitlist_offer: (branch) => `A table has come free at ${restaurant} ${branch}`,
    },
    heading: {
      confirmation: 'Your table is booked',
      cancellation: 'Your booking is cancelled',
      reminder: 'See you soon',
      change: 'Your booking is changed',
      waitlist_offer: 'A table is free for you',
    },
    greeting: (name) => `Dear ${name},`,
    lead: {
      confirmation: `Thank you for booking with ${restaurant}. We look forward to welcoming you.`,
      cancellation: 'Your booking has been cancelled, as you asked. We hope to welcome you another time.',
      reminder:
        'A reminder of your table with us. Will you be there? One tap tells us, or change or cancel it if your plans have moved.',
      change:
        'Your booking has been changed, as you asked. Here are its new details; the attached calendar file updates your calendar.',
      waitlist_offer: 'Good news: a table you asked about has come free, and we are holding it for you.',
    },
    labels: { reference: 'Booking reference', when: 'When', guests: 'Guests', where: 'Where', phone: 'Phone' },
    guests: (count) => `Table for ${count}`,
    manageButton: 'View or cancel your booking',
    manageIntro: 'To see or cancel your booking, open your private link (keep it to yourself):',
    manageHint:
      'This private link opens your booking only; anyone who has it can cancel it, so keep it to yourself. The attached calendar file adds the booking to your calendar.',
    calendarNote: 'The attached calendar file adds the booking to your calendar.',
    confirmButton: "I'll be there",
    changeButton: 'Change or cancel',
    claimButton: 'Claim this table',
    claimHint: (minutes) =>
      `We hold it for ${minutes} minutes from this email; after that it goes to the next guest waiting.`,
    stopNews: 'Stop news and offers by email, or see, download or erase your data',
  },
  vi: {
    subject: {
      confirmation: (branch, reference) => `Xác nhận đặt bàn tại ${restaurant} ${branch} — ${reference}`,
      cancellation: (branch, reference) => `Đã hủy đặt bàn tại ${restaurant} ${branch} — ${reference}`,
      reminder: (branch, reference) => `Hẹn gặp bạn tại ${restaurant} ${branch} — ${reference}`,
      change: (branch, reference) => `Đã thay đổi đặt bàn tại ${restaurant} ${branch} — ${reference}`,
      waitlist_offer: (branch) => `${restaurant} ${branch} vừa có bàn trống cho bạn`,
    },
    heading: {
      confirmation: 'Bàn của bạn đã được đặt',
      cancellation: 'Đặt bàn của bạn đã được hủy',
      reminder: 'Hẹn sớm gặp bạn',
      change: 'Đặt bàn của bạn đã được thay đổi',
      waitlist_offer: 'Đã có bàn trống cho bạn',
    },
    greeting: (name) => `Xin chào ${name},`,
    lead: {
      confirmation: `Cảm ơn bạn đã đặt bàn tại ${restaurant}. Chúng tôi rất mong được đón tiếp bạn.`,
      cancellation: 'Đặt bàn của bạn đã được hủy theo yêu cầu. Hy vọng sẽ sớm được đón tiếp bạn vào dịp khác.',
      reminder:
        'Chúng tôi xin nhắc bạn về bàn đã đặt. Bạn vẫn đến chứ? Chỉ cần bấm một lần để báo cho chúng tôi, hoặc đổi giờ, hủy bàn nếu kế hoạch của bạn thay đổi.',
      change:
        'Đặt bàn của bạn đã được thay đổi theo yêu cầu. Dưới đây là thông tin mới; tệp lịch đính kèm sẽ cập nhật lịch của bạn.',
      waitlist_offer: 'Tin vui: bàn bạn chờ vừa có chỗ trống, và chúng tôi đang giữ bàn cho bạn.',
    },
    labels: { reference: 'Mã đặt bàn', when: 'Thời gian', guests: 'Số khách', where: 'Địa chỉ', phone: 'Điện thoại' },
    guests: (count) => `Bàn cho ${count} người`,
    manageButton: 'Xem hoặc hủy đặt bàn',
    manageIntro: 'Để xem hoặc hủy đặt bàn, bạn mở đường dẫn riêng dưới đây (vui lòng không chia sẻ cho người khác):',
    manageHint:
      'Đường dẫn riêng này chỉ mở đặt bàn của bạn. Ai có nó đều có thể hủy đặt bàn, vì vậy bạn đừng chia sẻ cho người khác nhé. Tệp lịch đính kèm giúp bạn thêm đặt bàn vào lịch của mình.',
    calendarNote: 'Tệp lịch đính kèm giúp bạn thêm đặt bàn vào lịch của mình.',
    confirmButton: 'Tôi sẽ đến',
    changeButton: 'Đổi hoặc hủy đặt bàn',
    claimButton: 'Nhận bàn này',
    claimHint: (minutes) =>
      `Chúng tôi giữ bàn trong ${minutes} phút kể từ khi gửi thư này; sau đó bàn sẽ được dành cho khách tiếp theo đang chờ.`,
    stopNews: 'Ngừng nhận tin tức và ưu đãi qua email, hoặc xem, tải về, xóa dữ liệu của bạn',
  },
};
