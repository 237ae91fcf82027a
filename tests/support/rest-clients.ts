/**
 * Shared by the REST tests: supabase-js clients for each kind of caller, tokens signed with the
 * server's own key (valid bookings: guestBooking in tests/support/builders.ts).
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from './test-server.ts';

/**
 * An access token like the auth surface issues, for a staff member or any other user, with a
 * session of its own in the database (REST refuses tokens whose session does not exist).
 */
export async function signUserToken(
  server: TestServer,
  options: { staff: boolean; role?: string; now?: number },
): Promise<string> {
  const sub = options.staff ? '6b0f8f0e-4c5e-4a43-9a55-4f5e2a1c0001' : '6b0f8f0e-4c5e-4a43-9a55-4f5e2a1c0002';
  const email = options.staff ? 'host@saffron.example' : 'someone@example.com';
  const appMetadata = options.staff
    ? { provider: 'email', providers: ['email'], role: 'staff' }
    : { provider: 'email', providers: ['email'] };
  const sessionId = randomUUID();
  await server.deps.db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
         created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, now(), $3::jsonb, '{}'::jsonb, now(), now())
       on conflict do nothing`,
      [sub, email, JSON.stringify(appMetadata)],
    );
    await tx.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`,
      [sessionId, sub],
    );
  });
  const { token } = await server.deps.tokens.sign(
    {
      sub,
      email,
      phone: '',
      app_metadata: appMetadata,
      user_metadata: {},
      role: options.role ?? 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
      session_id: sessionId,
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
