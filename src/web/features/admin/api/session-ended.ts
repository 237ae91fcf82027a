/**
 * /rest/v1 refuses an access token whose session ended elsewhere — signed out on another device,
 * the account removed — with 401 PGRST303. Asking /auth/v1/user then confirms it, and supabase-js
 * drops the stored session and emits SIGNED_OUT, which returns the dashboard to sign-in instead
 * of leaving it on "could not load" until the next token refresh.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

export async function noticeEndedSession(supabase: SupabaseClient, error: { code?: string }): Promise<void> {
  if (error.code === 'PGRST303') await supabase.auth.getUser();
}
