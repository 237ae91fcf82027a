/** Call 1: the home form inserts the booking into `reservations` through supabase-js. */
import { type BookingRefusalCode, isBookingRefusal } from '../../../domain/availability.ts';
import type { HomeBooking } from '../../../domain/reservation.ts';
import { getSupabase } from '../../lib/supabase.ts';

export type SubmitOutcome =
  | { ok: true }
  | {
      ok: false;
      serverMessage: string | undefined;
      /** Set when the branch cannot take the booking (full, closed, past, too far, too large). */
      refusal: BookingRefusalCode | undefined;
    };

export async function submitBooking(booking: HomeBooking): Promise<SubmitOutcome> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.from('reservations').insert({
      name: booking.name,
      mobile: booking.mobile,
      email: booking.email,
      date: booking.date,
      guests: booking.guests,
      branch: booking.branch,
      time: booking.time,
      period: booking.period,
      notes: booking.notes ?? null,
    });
    if (!error) return { ok: true };
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
