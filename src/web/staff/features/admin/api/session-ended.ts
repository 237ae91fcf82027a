/**
 * /rest/v1 refuses an access token whose session ended elsewhere — signed out on another device,
 * the account removed — with 401 PGRST303. Asking /auth/v1/user then confirms it, and supabase-js
 * drops the stored session and emits SIGNED_OUT, which returns the dashboard to sign-in instead
 * of leaving it on "could not load" until the next token refresh.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

export async function noticeEndedSession(supabase: SupabaseClient, error: { code?: string }): Promise<void> {
  if (error.code !== 'PGRST303') return;
  const { error: userError } = await supabase.auth.getUser();
  // A removed account answers 403 user_not_found, which supabase-js (unlike session_not_found)
  // does not take as signed out: end the session on this device, which emits SIGNED_OUT.
  if (userError?.code === 'user_not_found') await supabase.auth.signOut({ scope: 'local' });
}
