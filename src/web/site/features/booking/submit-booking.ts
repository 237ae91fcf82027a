/**
 * Call 1: the home form inserts the booking into `reservations` through supabase-js, asking back
 * only the new booking's reference (the one column anon may read, of the row its own request has
 * just inserted). Then, as a second call, the one-time receipt of the booking's manage token.
 *
 * The receipt is this form's alone: the insert carries a secret made here for this one booking,
 * in a header (the body stays the spec's call 1), and only that secret opens the receipt. Anyone
 * else who knows the reference and the email (a host sees both) gets nothing.
 */
import { type BookingRefusalCode, isBookingRefusal } from '../../../../domain/availability.ts';
import {
  type BookingReceipt,
  insertedReferenceSchema,
  manageTokenPattern,
  newReceiptSecret,
  receiptSecretHeader,
} from '../../../../domain/booking-lifecycle.ts';
import { marketingConsentVersion } from '../../../../domain/guests.ts';
import type { HomeBooking } from '../../../../domain/reservation.ts';
import { getSupabase } from '../../../shared/lib/supabase.ts';

export type SubmitOutcome =
  | { ok: true; receipt: BookingReceipt | undefined }
  | {
      ok: false;
      serverMessage: string | undefined;
      /** Set when the branch cannot take the booking (full, closed, past, too far, too large). */
      refusal: BookingRefusalCode | undefined;
    };

export async function submitBooking(booking: HomeBooking): Promise<SubmitOutcome> {
  try {
    const supabase = await getSupabase();
    const secret = newReceiptSecret();
    const { data, error } = await supabase
      .from('reservations')
      .insert({
        name: booking.name,
        mobile: booking.mobile,
        email: booking.email,
        date: booking.date,
        guests: booking.guests,
        branch: booking.branch,
        time: booking.time,
        period: booking.period,
        notes: booking.notes ?? null,
      })
      .select('reference')
      .setHeader(receiptSecretHeader, secret);
    if (!error) return { ok: true, receipt: await readReceipt(data, booking, secret) };
    // A refusal from the server carries a code; a network failure does not, and its text is not for
    // guests. The database words its booking refusals for guests ("Sorry, 7:00 PM is now full…").
    return {
      ok: false,
      serverMessage: error.code && error.message ? error.message : undefined,
      refusal: isBookingRefusal(error.code) ? error.code : undefined,
    };
  } catch {
    // The backend (or its configuration) could not be reached.
    return { ok: false, serverMessage: undefined, refusal: undefined };
  }
}

/**
 * The reference and manage token of the booking just made. The booking stands whatever happens
 * here: without a readable answer the panel is left out and the confirmation email carries both.
 */
async function readReceipt(
  inserted: unknown,
  booking: HomeBooking,
  secret: string,
): Promise<BookingReceipt | undefined> {
  const parsed = insertedReferenceSchema.safeParse(inserted);
  if (!parsed.success) return undefined;
  const reference = parsed.data[0]?.reference;
  if (!reference) return undefined;
  const details = {
    reference,
    date: booking.date,
    time: booking.time,
    period: booking.period,
    guests: booking.guests,
    branch: booking.branch,
  };
  try {
    const supabase = await getSupabase();
    const { data } = await supabase.rpc('booking_receipt', { p_reference: reference, p_secret: secret });
    return { ...details, token: typeof data === 'string' && manageTokenPattern.test(data) ? data : undefined };
  } catch {
    return { ...details, token: undefined };
  }
}

/**
 * The guest ticked "news and offers": their consent, in its own call after the booking (by the
 * booking's manage token), with the wording's version. A failure here leaves the booking as it is;
 * the guest can give it from the manage page.
 */
export async function giveNewsConsent(token: string): Promise<void> {
  try {
    const supabase = await getSupabase();
    await supabase.rpc('give_consent', {
      p_token: token,
      p_purpose: 'marketing_email',
      p_text_version: marketingConsentVersion,
      p_source: 'home_form',
    });
  } catch {
    // The backend could not be reached: no consent is recorded, which is the safe side.
  }
}
