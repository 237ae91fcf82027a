/**
 * Shared by the realtime tests: subscribing with the real supabase-js client and waiting for what
 * it hears. Nothing here speaks the protocol: supabase-js does.
 */
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import type { Reservation, ReservationInsert } from '../../src/domain/reservation.ts';
import type { TestServer } from './test-server.ts';

export type Change = RealtimePostgresChangesPayload<Reservation>;

export interface Subscription {
  channel: RealtimeChannel;
  /** Every change heard, in order. */
  changes: Change[];
  /** Every status the subscribe callback was given, in order. */
  statuses: string[];
  /** The `system` messages heard. */
  system: { extension: string; status: string; message: string }[];
}

let channelNumber = 0;

/**
 * Subscribes to reservations (all events, or those given) and resolves once SUBSCRIBED; rejects
 * with the server's reason on CHANNEL_ERROR or TIMED_OUT.
 */
export async function subscribe(
  client: SupabaseClient,
  options: { event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string; table?: string; name?: string } = {},
): Promise<Subscription> {
  channelNumber += 1;
  const subscription: Subscription = {
    channel: client.channel(options.name ?? `test-${channelNumber}`),
    changes: [],
    statuses: [],
    system: [],
  };
  subscription.channel
    .on(
      'postgres_changes',
      {
        event: options.event ?? '*',
        schema: 'public',
        table: options.table ?? 'reservations',
        ...(options.filter ? { filter: options.filter } : {}),
      },
      (change: Change) => subscription.changes.push(change),
    )
    .on('system', {}, (payload: Subscription['system'][number]) => subscription.system.push(payload));
  // supabase-js learns its token asynchronously (from the session, or the accessToken option): a
  // channel subscribed in the same tick as createClient would join without it, as anon.
  await client.realtime.setAuth();
  return new Promise((resolve, reject) => {
    subscription.channel.subscribe((status, error) => {
      subscription.statuses.push(status);
      if (status === 'SUBSCRIBED') resolve(subscription);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
}

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function until(what: string, check: () => boolean, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * After a control subscriber heard a change, how long others get to hear it too: the server
 * writes a change to every socket in one pass, so this is only the local network's delivery.
 */
export const grace = () => new Promise((resolve) => setTimeout(resolve, 300));

/** A booking written straight into the database as its owner, as an operator's SQL would be. */
export async function insertAsOwner(server: TestServer, booking: ReservationInsert): Promise<number> {
  const { rows } = await server.deps.db.query<{ id: number }>(
    `insert into public.reservations (name, mobile, email, date, guests, branch, time, period, notes)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      booking.name,
      booking.mobile,
      booking.email,
      booking.date,
      booking.guests,
      booking.branch,
      booking.time,
      booking.period,
      booking.notes,
    ],
  );
  return rows[0]?.id ?? -1;
}

export function namesOf(changes: readonly Change[]): string[] {
  return changes.map((change) => ('name' in change.new ? String(change.new.name) : ''));
}
