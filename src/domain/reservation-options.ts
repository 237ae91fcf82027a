/**
 * The reservation's plain values: option sets, limits and the restaurant's time zone. Kept apart
 * from the zod schemas (reservation.ts, which re-exports all of this) so that a page that only
 * shows the options does not download the validation library before it needs it.
 */

/** Branches offered by the home form and the dashboard filter (spec §3). */
export const homeBranches = ['Hanoi (main branch)', 'Ninh Binh', 'Sa Pa', 'Da Nang'] as const;
export const homePeriods = ['AM', 'PM'] as const;
export const defaultPeriod = 'PM' satisfies (typeof homePeriods)[number];
/** Guests on the home form and the dashboard filter: 1 to 10. */
export const minGuests = 1;
export const maxHomeGuests = 10;
export const homeGuestOptions: readonly number[] = Array.from({ length: maxHomeGuests }, (_, i) => i + 1);

/** The /reservation page's own option sets: they differ from the home form's on purpose (spec §3). */
export const reservationPageBranches = ['Downtown', 'Uptown', 'Suburb'] as const;
export const reservationPageTimes = ['12:00', '13:00', '14:00', '18:00', '19:00', '20:00', '21:00'] as const;
export const reservationPagePeriods = ['Lunch', 'Dinner'] as const;

/** Maximum lengths, mirrored by CHECK constraints in the reservations migration. */
export const limits = {
  name: 120,
  mobile: 32,
  email: 254,
  branch: 64,
  time: 16,
  period: 16,
  notes: 1000,
  guests: 1000,
} as const;

/** The restaurant's time zone: "today" and "past" are decided here, whatever the device says. */
export const restaurantTimeZone = 'Asia/Ho_Chi_Minh';

/**
 * True when text holds a control character other than tab, newline and carriage return: C0 (NUL
 * included), DEL or C1. What multi-line text (notes) refuses; the database's
 * private.is_plain_text agrees (supabase/migrations/20261125210000_guest_text.sql).
 */
export function hasControlCharacters(value: string): boolean {
  for (const char of value) {
    if (isControl(char.charCodeAt(0)) && char !== '\t' && char !== '\n' && char !== '\r') return true;
  }
  return false;
}

/** C0 (NUL to U+001F), DEL and C1 (U+0080 to U+009F). */
function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/**
 * True when text is not one plain line: any control character (tab, line feed and carriage return
 * included) or a Unicode line or paragraph separator. What names, numbers and the other one-line
 * fields refuse; the database's private.is_one_line agrees.
 */
export function breaksOneLine(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (isControl(code) || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

/**
 * One mailbox, the way the database checks it (private.is_one_mailbox): a local part, @, and a
 * domain with a dot — no list, group, display name, comment, space or control character; letters
 * beyond ASCII are allowed (an @đà-nẵng.vn domain), punctuation and spaces beyond ASCII not. zod's
 * email is narrower still; the mail worker checks each recipient against this before sending.
 */
export const oneMailboxPattern =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.\u00c0-\u1fff\u3040-\u9fff\uac00-\ud7a3-]+@[A-Za-z0-9\u00c0-\u1fff\u3040-\u9fff\uac00-\ud7a3][A-Za-z0-9\u00c0-\u1fff\u3040-\u9fff\uac00-\ud7a3-]*(?:\.[A-Za-z0-9\u00c0-\u1fff\u3040-\u9fff\uac00-\ud7a3][A-Za-z0-9\u00c0-\u1fff\u3040-\u9fff\uac00-\ud7a3-]*)+$/;
