/**
 * What the server writes to its log: requests are logged (method, path, status, time), but never
 * a guest's details, a password or a token — not even at debug level, not even on errors.
 */
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../e2e/support/server.ts';
import { guestBooking, sheetsPayload } from '../support/builders.ts';

const staff = { email: 'log-check@saffronlotus.test', password: 'log-check-passphrase-42' };
const guest = {
  name: 'Priya Logcheck',
  mobile: '+84 91 777 6543',
  email: 'priya.logcheck@example.com',
  notes: 'Window seat, nut allergy',
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'debug', ADMIN_EMAIL: staff.email, ADMIN_PASSWORD: staff.password });
});
afterAll(async () => {
  await server.stop('SIGTERM');
});

describe('the log', () => {
  it('holds requests but no personal data, passwords or tokens', async () => {
    const config = (await (await fetch(`${server.url}/config.json`)).json()) as { supabaseAnonKey: string };
    const client = createClient(server.url, config.supabaseAnonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });

    const insert = await client.from('reservations').insert(guestBooking(guest));
    expect(insert.error).toBeNull();
    // A refused insert (its error message quotes nothing of the guest either).
    const refused = await client.from('reservations').insert(guestBooking({ ...guest, date: 'soon' }));
    expect(refused.error).not.toBeNull();
    // A failed and a successful sign-in, a search as staff, and a sheets booking.
    await client.auth.signInWithPassword({ email: staff.email, password: 'wrong-password-123' });
    const signedIn = await client.auth.signInWithPassword(staff);
    expect(signedIn.error).toBeNull();
    const search = await client.from('reservations').select('*').ilike('name', `%${guest.name}%`);
    expect(search.data).toHaveLength(1);
    const sheets = await fetch(`${server.url}/sheets/exec`, {
      method: 'POST',
      body: JSON.stringify(sheetsPayload({ ...guest, guests: 0 })),
    });
    expect(sheets.status).toBe(400);
    await client.auth.signOut();

    const log = server.output();
    expect(log).toContain('/rest/v1/reservations');
    const secrets = [
      guest.name,
      guest.mobile,
      guest.email,
      guest.notes,
      'Logcheck',
      staff.password,
      'wrong-password-123',
      config.supabaseAnonKey,
      signedIn.data.session?.access_token ?? 'missing-token',
      signedIn.data.session?.refresh_token ?? 'missing-token',
    ];
    for (const secret of secrets) expect(log, `the log must not contain ${secret.slice(0, 6)}…`).not.toContain(secret);
  });
});
