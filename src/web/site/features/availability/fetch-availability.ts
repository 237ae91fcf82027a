/**
 * booking_availability(): each half hour of a day at a branch, whether it can take the party and
 * how many covers it has left. A GET, as PostgREST allows for a stable function: anyone may call
 * it, it changes nothing, and browsers and proxies may treat it as the read it is.
 */
import { type AvailabilityRow, availabilityRowSchema } from '../../../../domain/availability.ts';
import { getSupabase } from '../../../shared/lib/supabase.ts';
import '../../../shared/lib/zod-jitless.ts';

export interface AvailabilityKey {
  branch: string;
  date: string;
  guests: number;
}

export async function fetchAvailability(key: AvailabilityKey, signal?: AbortSignal): Promise<AvailabilityRow[]> {
  const supabase = await getSupabase();
  let call = supabase.rpc(
    'booking_availability',
    { p_branch: key.branch, p_date: key.date, p_guests: key.guests },
    { get: true },
  );
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw new Error(error.message);
  return availabilityRowSchema.array().parse(data);
}
