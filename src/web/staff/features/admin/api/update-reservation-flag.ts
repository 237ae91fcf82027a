/**
 * Call 3: set one flag (arrived or allocated) of one reservation. The box changes at once
 * (optimistic); on failure it returns to its previous state. The row is read back so that an
 * update that reached no row (removed, or no longer permitted) counts as a failure, not a success.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ReservationFlag } from '../../../../../domain/reservation.ts';
import { type ReservationPage, reservationPagesKey } from './list-reservations.ts';
import { noticeEndedSession } from './session-ended.ts';

export interface FlagChange {
  id: number;
  flag: ReservationFlag;
  value: boolean;
}

export async function updateReservationFlag(supabase: SupabaseClient, change: FlagChange): Promise<void> {
  const { data, error } = await supabase
    .from('reservations')
    .update({ [change.flag]: change.value })
    .eq('id', change.id)
    .select('id');
  if (error) {
    await noticeEndedSession(supabase, error);
    throw new Error(error.message);
  }
  if (z.array(z.object({ id: z.number() })).parse(data).length !== 1) throw new Error('No reservation was updated');
}

export function useUpdateReservationFlag(
  supabase: SupabaseClient,
  pageKey: QueryKey,
  callbacks: { onSuccess: (change: FlagChange) => void; onError: (change: FlagChange) => void },
) {
  const queryClient = useQueryClient();
  const setRowFlag = (key: QueryKey, change: FlagChange, value: boolean) =>
    queryClient.setQueryData<ReservationPage>(key, (page) =>
      page
        ? {
            ...page,
            rows: page.rows.map((row) => (row.id === change.id ? { ...row, [change.flag]: value } : row)),
          }
        : page,
    );
  return useMutation({
    mutationFn: (change: FlagChange) => updateReservationFlag(supabase, change),
    onMutate: async (change) => {
      // A page load in flight must not overwrite the optimistic value with the old one.
      const key = pageKey;
      await queryClient.cancelQueries({ queryKey: key });
      setRowFlag(key, change, change.value);
      return { key };
    },
    onError: (_error, change, context) => {
      // Only this box goes back: other boxes changed meanwhile keep their own state.
      if (context) setRowFlag(context.key, change, !change.value);
      callbacks.onError(change);
    },
    onSuccess: (_data, change) => callbacks.onSuccess(change),
    // Counts and filtered lists (e.g. "Not arrived") follow the saved state.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationPagesKey }),
  });
}
