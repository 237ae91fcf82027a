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
} from '../../../domain/booking-lifecycle.ts';
import { getSupabase } from '../../lib/supabase.ts';

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
