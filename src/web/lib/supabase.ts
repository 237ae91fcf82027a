/**
 * The supabase-js client, created on first use: the library and the runtime configuration load
 * only when a screen needs the backend, so they never weigh on the first paint.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { getRuntimeConfig } from './runtime-config.ts';

let pending: Promise<SupabaseClient> | undefined;

export function getSupabase(): Promise<SupabaseClient> {
  pending ??= Promise.all([getRuntimeConfig(), import('@supabase/supabase-js')])
    .then(([config, { createClient }]) =>
      createClient(config.supabaseUrl, config.supabaseAnonKey, {
        auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
      }),
    )
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}
