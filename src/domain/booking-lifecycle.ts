/**
 * A booking's life after it is made (issue 14): its reference, its private manage link, its status
 * (booked or cancelled by the guest), and what the manage functions of the database answer.
 */
import { z } from 'zod';

export const bookingStatuses = ['booked', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** SL- and six characters of Crockford's base32 (no I, L, O or U). */
export const bookingReferencePattern = /^SL-[0-9A-HJKMNP-TV-Z]{6}$/;
/** 32 random bytes, base64url without padding: the manage link's token. */
export const manageTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** SQLSTATE of a cancel refused because the booking's time has come. */
export const tooLateToCancelCode = 'BK010';
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
});
export type ManagedBooking = z.infer<typeof managedBookingSchema>;
