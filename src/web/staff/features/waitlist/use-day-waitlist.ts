/**
 * A day's waitlist, live: read once, then again whenever an entry changes (the waitlist announces
 * its changes over Realtime, ids only) and whenever the channel is joined again after a drop.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadWaitlist, waitlistKey } from '../../../shared/lib/waitlist-rows.ts';
import { branchFilter } from '../host-view/use-branch-day.ts';

let channels = 0;

export function useDayWaitlist(supabase: SupabaseClient, date: string, branch?: string) {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: waitlistKey(date, branch),
    queryFn: () => loadWaitlist(supabase, date, branch),
  });

  useEffect(() => {
    let active = true;
    channels += 1;
    const readAgain = () => void queryClient.invalidateQueries({ queryKey: ['waitlist'] });
    const channel = supabase.channel(`waitlist-${channels}`).on(
      'postgres_changes',
      {
        event: '*',
        schema: 'public',
        table: 'waitlist_entries',
        ...(branch !== undefined ? { filter: branchFilter(branch) } : {}),
      },
      readAgain,
    );
    // The session's token first: a channel joined without it listens as a guest and hears nothing.
    void supabase.realtime
      .setAuth()
      .catch(() => {})
      .then(() => {
        if (!active) return;
        channel.subscribe((state) => {
          if (active && state === 'SUBSCRIBED') readAgain();
        });
      });
    return () => {
      active = false;
      void supabase.removeChannel(channel);
    };
  }, [supabase, branch, queryClient]);

  return list;
}
