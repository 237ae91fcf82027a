/**
 * The live board's subscription: inserts and updates of reservations, pushed by the server over
 * Supabase Realtime (postgres_changes). Only the staff dashboard calls this, so public pages never
 * open a socket. Rows are checked at the boundary, as REST rows are. Each time the channel is
 * joined again (after the connection dropped, or the server failed the channel), `resync` asks
 * for a fresh read: changes made meanwhile reach the page that way. The first join does not: the
 * page is reading then anyway, and a second read would slow its first paint; a booking made in the
 * instant between that read and the join shows at the next read (within a minute).
 */
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useRef, useState } from 'react';
import { type ReservationRow, reservationRowSchema } from './list-reservations.ts';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

export interface LiveHandlers {
  inserted(row: ReservationRow): void;
  updated(row: ReservationRow): void;
  resync(): void;
}

let boards = 0;

export function useLiveReservations(supabase: SupabaseClient, handlers: LiveHandlers): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    let active = true;
    let joinedBefore = false;
    // A topic of its own per board: a channel being removed is never handed to the next one.
    boards += 1;
    const channel = supabase.channel(`reservations-board-${boards}`);
    channel.on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'reservations' },
      (change: RealtimePostgresChangesPayload<Record<string, unknown>>) => {
        if (change.eventType !== 'INSERT' && change.eventType !== 'UPDATE') return;
        const row = reservationRowSchema.safeParse(change.new);
        if (!row.success) return;
        if (change.eventType === 'INSERT') latest.current.inserted(row.data);
        else latest.current.updated(row.data);
      },
    );
    // The session's token first: a channel joined without it listens as a guest and hears nothing.
    void supabase.realtime
      .setAuth()
      .catch(() => {})
      .then(() => {
        if (!active) return;
        channel.subscribe((state) => {
          if (!active) return;
          if (state === 'SUBSCRIBED') {
            if (joinedBefore) latest.current.resync();
            joinedBefore = true;
            setStatus('live');
          } else {
            setStatus(joinedBefore ? 'reconnecting' : 'connecting');
          }
        });
      });
    return () => {
      active = false;
      void supabase.removeChannel(channel);
    };
  }, [supabase]);

  return status;
}
