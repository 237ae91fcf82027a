/**
 * The second-factor gate of every staff screen. A session with a verified factor but only the
 * password (aal1) is sent back to sign-in for its code; an account without a factor, while the
 * owner requires two-factor sign-in for everyone, is sent to the account screen to enrol. The
 * database refuses such sessions everything anyway (row-level security asks for aal2): this only
 * spares them an empty screen. Re-checked whenever the session changes (a verified code, a
 * refreshed token).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { readTwoFactorRequired, secondFactorStanding } from './two-factor.ts';

export type SecondFactorGate = 'checking' | 'passed' | 'needs-code' | 'needs-enrolment';

/** `supabase` is undefined while there is no staff session to check; `session` changes with each new token. */
export function useSecondFactorGate(supabase: SupabaseClient | undefined, session: unknown): SecondFactorGate {
  const [gate, setGate] = useState<{ for: unknown; gate: SecondFactorGate }>({ for: undefined, gate: 'checking' });

  useEffect(() => {
    if (!supabase) return;
    let active = true;
    void (async () => {
      const standing = await secondFactorStanding(supabase);
      let next: SecondFactorGate = 'passed';
      if (standing === 'needs-code') next = 'needs-code';
      // Only an aal1 account without a factor needs to ask whether one is required.
      else if (standing === 'no-factor' && (await readTwoFactorRequired(supabase))) next = 'needs-enrolment';
      if (active) setGate({ for: session, gate: next });
    })();
    return () => {
      active = false;
    };
  }, [supabase, session]);

  if (!supabase) return 'passed';
  // A new session keeps its last answer until the check of the new one is done, so a screen
  // already shown does not blink back to "checking" on every token refresh.
  return gate.for === undefined ? 'checking' : gate.gate;
}
