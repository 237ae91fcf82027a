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

/** True when text holds a control character other than tab, newline and carriage return (NUL included). */
export function hasControlCharacters(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 && char !== '\t' && char !== '\n' && char !== '\r') || code === 0x7f) return true;
  }
  return false;
}
