/**
 * Prices, clock times and dates as each language writes them. Its own module, free of zod, so
 * the home page can show prices without loading the menu schema.
 */
import { defaultLanguage, type Language } from './routes.ts';

/**
 * English: "₫350,000", the dong sign followed by the number grouped in thousands (spec §2).
 * Vietnamese: "350.000 ₫", dots between thousands and the sign after a no-break space.
 */
export function formatDong(amount: number, language: Language = defaultLanguage): string {
  if (language === 'vi') {
    return `${new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 }).format(amount)}\u00a0₫`;
  }
  return `₫${new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(amount)}`;
}

/** "19:30" → "7:30 PM" in English; Vietnamese keeps the 24-hour clock ("19:30"). */
export function formatClock(hhmm: string, language: Language = defaultLanguage): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  const mm = String(minutes).padStart(2, '0');
  if (language === 'vi') return `${String(hours).padStart(2, '0')}:${mm}`;
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${mm} ${hours < 12 ? 'AM' : 'PM'}`;
}

const weekdaysVi = ['Chủ Nhật', 'Thứ Hai', 'Thứ Ba', 'Thứ Tư', 'Thứ Năm', 'Thứ Sáu', 'Thứ Bảy'] as const;

/**
 * A yyyy-MM-dd day written out: "Monday, November 23, 2026" or "Thứ Hai, 23/11/2026". Vietnamese
 * is written by hand: Intl gives "Thứ Hai, 23 tháng 11, 2026", not the day/month/year a Vietnamese
 * reader expects on a booking.
 */
/** Made once: building an Intl format costs far more than using one (screens call this each render). */
let longDateFormat: Intl.DateTimeFormat | undefined;

export function formatLongDate(day: string, language: Language = defaultLanguage): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const utc = new Date(Date.UTC(year, month - 1, date));
  if (language === 'vi') {
    const dd = String(date).padStart(2, '0');
    const mm = String(month).padStart(2, '0');
    return `${weekdaysVi[utc.getUTCDay()]}, ${dd}/${mm}/${year}`;
  }
  longDateFormat ??= new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return longDateFormat.format(utc);
}

/** A yyyy-MM-dd day in short form: "Nov 23, 2026" or "23/11/2026". */
export function formatShortDate(day: string, language: Language = defaultLanguage): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  if (language === 'vi') return `${String(date).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}
