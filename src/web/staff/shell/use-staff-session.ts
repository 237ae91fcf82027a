/**
 * The dashboard guard: the current session (call 5, getSession) and every later change to it.
 * supabase-js keeps the session in local storage and refreshes it before expiry; when it ends
 * (logout, a refused refresh, expiry) it emits SIGNED_OUT and the dashboard returns to sign-in.
 */
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { useCallback, useEffect, useState } from 'react';
import { getSupabase } from '../../shared/lib/supabase.ts';
import { type StaffClaims, staffClaimsOf } from './staff-claims.ts';

export type StaffSession =
  | { status: 'checking' }
  | { status: 'unavailable' }
  | { status: 'signed-out'; ended: boolean }
  | { status: 'not-staff'; email: string; supabase: SupabaseClient }
  | { status: 'staff'; email: string; supabase: SupabaseClient; claims: StaffClaims };

function fromSession(supabase: SupabaseClient, session: Session | null, ended: boolean): StaffSession {
  if (!session) return { status: 'signed-out', ended };
  const email = session.user.email ?? '';
  const claims = staffClaimsOf(session.access_token);
  return claims ? { status: 'staff', email, supabase, claims } : { status: 'not-staff', email, supabase };
}

export function useStaffSession(): { session: StaffSession; retry: () => void } {
  const [session, setSession] = useState<StaffSession>({ status: 'checking' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the check on retry
  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    getSupabase()
      .then(async (supabase) => {
        const { data, error } = await supabase.auth.getSession();
        if (!active) return;
        setSession(error ? { status: 'signed-out', ended: false } : fromSession(supabase, data.session, false));
        const { data: listener } = supabase.auth.onAuthStateChange((event, next) => {
          if (!active || event === 'INITIAL_SESSION') return;
          // A refreshed token may carry a changed role; a SIGNED_OUT means the session ended.
          setSession(fromSession(supabase, event === 'SIGNED_OUT' ? null : next, true));
        });
        unsubscribe = () => listener.subscription.unsubscribe();
      })
      .catch(() => {
        if (active) setSession({ status: 'unavailable' });
      });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setSession({ status: 'checking' });
    setAttempt((n) => n + 1);
  }, []);
  return { session, retry };
}
