/**
 * Shared by the REST tests: supabase-js clients for each kind of caller, tokens signed with the
 * server's own key (valid bookings: guestBooking in tests/support/builders.ts).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from '../../../tests/support/test-server.ts';

/** An access token like the auth surface issues, for a staff member or any other user. */
export async function signUserToken(
  server: TestServer,
  options: { staff: boolean; role?: string; now?: number },
): Promise<string> {
  const { token } = await server.deps.tokens.sign(
    {
      sub: options.staff ? '6b0f8f0e-4c5e-4a43-9a55-4f5e2a1c0001' : '6b0f8f0e-4c5e-4a43-9a55-4f5e2a1c0002',
      email: options.staff ? 'host@saffron.example' : 'someone@example.com',
      phone: '',
      app_metadata: options.staff
        ? { provider: 'email', providers: ['email'], role: 'staff' }
        : { provider: 'email', providers: ['email'] },
      user_metadata: {},
      role: options.role ?? 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
      session_id: '7c1d9a3e-0000-4000-8000-000000000001',
      is_anonymous: false,
    },
    options.now,
  );
  return token;
}

export function anonClient(server: TestServer, anonKey = server.anonKey): SupabaseClient {
  return createClient(server.url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

export function tokenClient(server: TestServer, token: string): SupabaseClient {
  return createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    accessToken: async () => token,
  });
}

/** Every row, counted as the table's owner: what is really stored, whatever RLS shows. */
export async function storedRows(server: TestServer): Promise<number> {
  const { rows } = await server.deps.db.query<{ n: number }>('select count(*)::int as n from public.reservations');
  return rows[0]?.n ?? -1;
}
