/**
 * The manage page's two calls: the booking its link opens (public.booking_by_token) and its
 * cancellation (public.cancel_booking). Both send the token in a POST body, never in a URL.
 */
import {
  type ManagedBooking,
  managedBookingSchema,
  manageTokenPattern,
  noSuchBookingCode,
  tooLateToCancelCode,
} from '../../../../domain/booking-lifecycle.ts';
import { getSupabase } from '../../../shared/lib/supabase.ts';

export type LoadOutcome = { kind: 'found'; booking: ManagedBooking } | { kind: 'not-found' } | { kind: 'failed' };
export type CancelOutcome =
  | { kind: 'cancelled'; booking: ManagedBooking }
  | { kind: 'too-late' }
  | { kind: 'not-found' }
  | { kind: 'failed' };

async function call(fn: 'booking_by_token' | 'cancel_booking', token: string) {
  const supabase = await getSupabase();
  const { data, error, status } = await supabase.rpc(fn, { p_token: token });
  if (error) return { error, status } as const;
  const parsed = managedBookingSchema.array().length(1).safeParse(data);
  return parsed.success ? ({ booking: parsed.data[0] } as const) : ({ error: undefined, status } as const);
}

export async function fetchManagedBooking(token: string): Promise<LoadOutcome> {
  if (!manageTokenPattern.test(token)) return { kind: 'not-found' };
  try {
    const answer = await call('booking_by_token', token);
    if ('booking' in answer && answer.booking) return { kind: 'found', booking: answer.booking };
    if ('error' in answer && (answer.status === 404 || answer.error?.code === noSuchBookingCode)) {
      return { kind: 'not-found' };
    }
    return { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

export async function cancelManagedBooking(token: string): Promise<CancelOutcome> {
  try {
    const answer = await call('cancel_booking', token);
    if ('booking' in answer && answer.booking) return { kind: 'cancelled', booking: answer.booking };
    if ('error' in answer && answer.error?.code === tooLateToCancelCode) {
      return { kind: 'too-late' };
    }
    if ('error' in answer && answer.status === 404) return { kind: 'not-found' };
    return { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

/** The guest's answers from the manage page (issue 26): "I'll be there", a change, a waitlist claim. */
export type AnswerOutcome =
  | { kind: 'done'; booking: ManagedBooking }
  | { kind: 'refused'; code: string }
  | { kind: 'failed' };

async function answer(
  fn: 'confirm_booking' | 'change_booking' | 'claim_waitlist_table',
  args: Record<string, string | number>,
): Promise<AnswerOutcome> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.rpc(fn, args);
    if (error) return error.code ? { kind: 'refused', code: error.code } : { kind: 'failed' };
    const parsed = managedBookingSchema.array().length(1).safeParse(data);
    return parsed.success && parsed.data[0] ? { kind: 'done', booking: parsed.data[0] } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

export const confirmManagedBooking = (token: string) => answer('confirm_booking', { p_token: token });
export const claimWaitlistTable = (token: string) => answer('claim_waitlist_table', { p_token: token });
export const changeManagedBooking = (token: string, change: { date: string; time: string; guests: number }) =>
  answer('change_booking', { p_token: token, p_date: change.date, p_time: change.time, p_guests: change.guests });
