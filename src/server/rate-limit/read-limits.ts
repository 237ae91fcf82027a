/**
 * Per-address limits on guests' reads (review #20, item 8): before them, a dozen clients asking
 * without pause made every other visitor wait six times longer. Counted like the write limits (per
 * client address, an IPv6 client by its /64, TRUST_PROXY honoured; in memory or in Redis).
 *
 * Sized so a real guest never meets them. The booking forms ask booking_availability once per
 * branch, day or party size picked (answers are kept 20 s), and again when the tab is shown
 * again: a guest trying every option of a form quickly asks 10 to 20 times a minute. A hotel's
 * Wi-Fi or a mobile carrier's shared address can put several guests behind one address, so a
 * minute allows six such guests at full speed, or many more at a normal pace. A flood gets its
 * first 120 answers, then 429 for the rest of the minute: at most 2 queries a second per address.
 */
import type { Limit } from './rate-limiter.ts';

/**
 * GET and HEAD on /rest/v1 (tables and functions: booking_availability, booking_by_token …) by
 * guests — anonymous callers and accounts without a staff role — per client address. Staff are
 * not limited, as for writes.
 */
export const guestReadLimit: Limit = { max: 120, windowSeconds: 60 };

/**
 * Opening a manage link (/booking/<token> in any language): each answer looks the token up in the
 * database. A guest opens their link a few times; 60 a minute leaves room for many guests behind
 * one address. The page's own calls (booking_by_token, cancel_booking) are guests' calls by POST,
 * counted with the other guest writes.
 */
export const manageLinkLimit: Limit = { max: 60, windowSeconds: 60 };
