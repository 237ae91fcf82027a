/**
 * One branch and day for a host's screen, kept live: the floor and the day's bookings (two
 * TanStack queries), changed as the server announces changes over the existing Realtime channel —
 * postgres_changes on reservations, reservation_tables and dining_tables of this branch — and read
 * again whole each time the channel is joined (changes made meanwhile arrive that way). No polling.
 *
 * A message is patched into the cached day or floor at once (live-day.ts), so another host's
 * change is drawn from the message itself; then, in the background, the day (or floor) is read
 * again once a burst has passed, because not every change can be applied here: deletes reach only
 * the service role (src/server/realtime), and a message may be missed. The read settles whatever
 * the patch could not.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { LiveStatus } from '../admin/api/live-reservations.ts';
import { type BranchDay, type BranchFloor, loadBranchDay, loadBranchFloor } from './api/branch-day.ts';
import { type Change, type EarlyHolds, patchDay, patchFloor } from './live-day.ts';

export function branchFloorQuery(supabase: SupabaseClient, branch: string) {
  return queryOptions({
    queryKey: ['host-view', 'floor', branch] as const,
    queryFn: () => loadBranchFloor(supabase, branch),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function branchDayQuery(supabase: SupabaseClient, branch: string, date: string) {
  return queryOptions({
    queryKey: ['host-view', 'day', branch, date] as const,
    queryFn: () => loadBranchDay(supabase, branch, date),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A postgres_changes filter on one branch, quoted as realtime filters quote awkward values. */
export function branchFilter(branch: string): string {
  const awkward = /[,()"\\]|^\s|\s$/.test(branch);
  return `branch=eq.${awkward ? `"${branch.replace(/["\\]/g, (char) => `\\${char}`)}"` : branch}`;
}

/**
 * The background read after changes: once none has come for `quietMs` (a move is a booking and
 * its holds, a busy evening a stream), and at most `latestMs` after the first one waiting.
 */
const quietMs = 300;
const latestMs = 1500;

let channels = 0;

export function useBranchDay(supabase: SupabaseClient, branch: string | undefined, date: string | undefined) {
  const queryClient = useQueryClient();
  const floor = useQuery({
    ...branchFloorQuery(supabase, branch ?? ''),
    enabled: branch !== undefined,
  });
  const day = useQuery({
    ...branchDayQuery(supabase, branch ?? '', date ?? ''),
    enabled: branch !== undefined && date !== undefined,
  });
  const [status, setStatus] = useState<LiveStatus>('connecting');

  // The day shown now: the channel is the branch's, kept across days.
  const shownDate = useRef(date);
  shownDate.current = date;

  useEffect(() => {
    if (branch === undefined) return;
    let active = true;
    let joinedBefore = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let firstWaiting = 0;
    const pending = new Set<'floor' | 'day'>();
    const readAgain = (what: 'floor' | 'day') => {
      pending.add(what);
      const now = Date.now();
      if (timer === undefined) firstWaiting = now;
      else clearTimeout(timer);
      timer = setTimeout(
        () => {
          timer = undefined;
          for (const part of pending) void queryClient.invalidateQueries({ queryKey: ['host-view', part, branch] });
          pending.clear();
        },
        Math.max(0, Math.min(quietMs, firstWaiting + latestMs - now)),
      );
    };
    let early: EarlyHolds = new Map();
    let earlyFor = shownDate.current;
    const dayChanged = (change: Change) => {
      const date = shownDate.current;
      const key = ['host-view', 'day', branch, date] as const;
      const day = queryClient.getQueryData<BranchDay>(key);
      if (date === undefined || day === undefined) return readAgain('day');
      if (earlyFor !== date) {
        early = new Map();
        earlyFor = date;
      }
      const next = patchDay({ day, early }, change);
      if (next === undefined) return readAgain('day');
      early = next.early;
      if (next.day === day) return;
      queryClient.setQueryData(key, next.day);
      readAgain('day');
    };
    const floorChanged = (change: Change) => {
      const key = ['host-view', 'floor', branch] as const;
      const floor = queryClient.getQueryData<BranchFloor>(key);
      const next = floor === undefined ? undefined : patchFloor(floor, change);
      if (next === undefined) return readAgain('floor');
      if (next === floor) return;
      queryClient.setQueryData(key, next);
      readAgain('floor');
    };
    channels += 1;
    const filter = branchFilter(branch);
    const channel = supabase
      .channel(`host-view-${channels}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'reservations', filter }, dayChanged)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'reservation_tables', filter }, dayChanged)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'dining_tables', filter }, floorChanged);
    // The session's token first: a channel joined without it listens as a guest and hears nothing.
    void supabase.realtime
      .setAuth()
      .catch(() => {})
      .then(() => {
        if (!active) return;
        channel.subscribe((state) => {
          if (!active) return;
          if (state === 'SUBSCRIBED') {
            // Joining again after a drop: read both again. The first join reads the day again
            // too — a host's screen must not miss a booking made while it was joining.
            if (joinedBefore) readAgain('floor');
            readAgain('day');
            joinedBefore = true;
            setStatus('live');
          } else {
            setStatus(joinedBefore ? 'reconnecting' : 'connecting');
          }
        });
      });
    return () => {
      active = false;
      if (timer !== undefined) clearTimeout(timer);
      void supabase.removeChannel(channel);
    };
  }, [supabase, branch, queryClient]);

  return { floor, day, status };
}
