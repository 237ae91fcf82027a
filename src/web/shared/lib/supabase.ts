/**
 * The supabase-js client, created on first use: the library and the runtime configuration load
 * only when a screen needs the backend, so they never weigh on the first paint.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { languageTags, splitLanguage } from '../../../domain/routes.ts';
import { getRuntimeConfig } from './runtime-config.ts';

/**
 * Every request says which language the page is in (its URL, at the time of the request), so the
 * database writes a booking's emails in the language the guest booked in.
 */
const inPageLanguage: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  headers.set('Accept-Language', languageTags[splitLanguage(window.location.pathname).language].bcp47);
  return fetch(input, { ...init, headers });
};

let pending: Promise<SupabaseClient> | undefined;

export function getSupabase(): Promise<SupabaseClient> {
  pending ??= Promise.all([getRuntimeConfig(), import('@supabase/supabase-js')])
    .then(([config, { createClient }]) =>
      createClient(config.supabaseUrl, config.supabaseAnonKey, {
        auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
        global: { fetch: inPageLanguage },
      }),
    )
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}
