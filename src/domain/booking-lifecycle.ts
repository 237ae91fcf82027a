/**
 * A booking's life after it is made (issue 14): its reference, its private manage link, its status
 * (booked or cancelled by the guest), and what the manage functions of the database answer.
 */
import { z } from 'zod';

/** A booking's life (20261126010000_turns.sql): booked → seated → finished; booked → no_show or cancelled. */
export const bookingStatuses = ['booked', 'seated', 'finished', 'no_show', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** SL- and six characters of Crockford's base32 (no I, L, O or U). */
export const bookingReferencePattern = /^SL-[0-9A-HJKMNP-TV-Z]{6}$/;
/** 32 random bytes, base64url without padding: the manage link's token. */
export const manageTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * The request header that carries the home form's receipt secret with its insert (call 1, whose
 * body stays the spec's): 32 random bytes, base64url, made by the form for this one booking. The
 * database keeps its SHA-256 with the booking's receipt, and booking_receipt gives the manage token
 * only for the same secret, once (supabase/migrations/20261125220000_receipt_secret.sql).
 */
export const receiptSecretHeader = 'x-booking-receipt';

/** A new receipt secret, from the platform's cryptographic random source (browser and Node alike). */
export function newReceiptSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** SQLSTATE of a cancel refused because the booking's time has come. */
export const tooLateToCancelCode = 'BK010';
/** SQLSTATEs of issue 26: no longer confirmable, changeable; a waitlist table already claimed, or its hold run out. */
export const guestAnswerCodes = {
  notConfirmable: 'BK040',
  notChangeable: 'BK041',
  alreadyClaimed: 'BK042',
  holdExpired: 'BK043',
} as const;
/**
 * SQLSTATEs of a waitlist entry refused (review #31, item 2): a table is free in the window (book
 * instead), the window is longer than 3 hours, the mobile number or email already waits that day.
 * The booking rules' own codes (BK002 to BK005) refuse the rest.
 */
export const waitlistRefusalCodes = { free: 'BK070', window: 'BK071', alreadyWaiting: 'BK072' } as const;

/** The detail of a BK070 refusal: the times of the window with a table free ("19:30"). */
export const waitlistFreeTimesSchema = z.object({
  free: z
    .array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/))
    .min(1)
    .max(48),
});

/** SQLSTATE (PostgREST's PTxyz, HTTP 404) of a token that opens no booking. */
export const noSuchBookingCode = 'PT404';

/** The call 1 read-back: the reference of the booking just inserted, and nothing else. */
export const insertedReferenceSchema = z
  .array(z.object({ reference: z.string().regex(bookingReferencePattern) }))
  .length(1);

/** What the confirmation panel shows after a booking on the home form. */
export interface BookingReceipt {
  reference: string;
  /** Missing when the receipt could not be read: the email then carries the link. */
  token: string | undefined;
  date: string;
  time: string;
  period: string;
  guests: number;
  branch: string;
}

/** public.booking_by_token and public.cancel_booking: one booking's public details. */
export const managedBookingSchema = z.object({
  reference: z.string(),
  status: z.enum(bookingStatuses),
  name: z.string(),
  date: z.iso.date(),
  time: z.string(),
  period: z.string(),
  guests: z.number().int(),
  branch: z.string(),
  cancelled_at: z.string().nullable(),
  starts_at: z.string().nullable(),
  cancellable: z.boolean(),
  /** When the guest answered "I'll be there" (issue 26). */
  confirmed_at: z.string().nullable().default(null),
  /** Changes the guest has made: the calendar file's SEQUENCE. */
  revision: z.number().int().default(0),
  /** A table held for a waitlist guest until then, not yet claimed. */
  held_until: z.string().nullable().default(null),
});
export type ManagedBooking = z.infer<typeof managedBookingSchema>;
