/**
 * What the server writes to its log: requests are logged (method, path, status, time), but never
 * a guest's details, a password or a token — not even at debug level, not even on errors, not even
 * in the path of a manage link in any language or spelling (review #20, item 6).
 */
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newReceiptSecret, receiptSecretHeader } from '../../src/domain/booking-lifecycle.ts';
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

  it("never holds a manage link's token, whatever the path it came in", async () => {
    const config = (await (await fetch(`${server.url}/config.json`)).json()) as { supabaseAnonKey: string };
    const client = createClient(server.url, config.supabaseAnonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const booking = guestBooking({ email: 'token.logcheck@example.com' });
    // As the home form books: the insert carries the receipt secret that opens its receipt.
    const secret = newReceiptSecret();
    const inserted = await client
      .from('reservations')
      .insert(booking)
      .select('reference')
      .setHeader(receiptSecretHeader, secret);
    const reference = (inserted.data as { reference: string }[] | null)?.[0]?.reference ?? '';
    const receipt = await client.rpc('booking_receipt', { p_reference: reference, p_secret: secret });
    const token = String(receipt.data);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Another token of the right shape, which opens nothing.
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const encoded = [...token].map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join('');

    const visits: [string, number, string?][] = [
      [`/booking/${token}`, 200],
      [`/booking/${token}/`, 200],
      [`/booking/${token}?utm_source=email`, 200],
      [`/vi/booking/${token}`, 200],
      [`/vi/booking/${token}/?utm_source=email&lang=vi`, 200],
      [`/Booking/${token}`, 200],
      [`/vi/booking/${encoded}`, 200],
      [`/booking/${forged}`, 404],
      [`/vi/booking/${forged}/`, 404],
      [`/vi/booking/${forged}?x=1`, 404],
      [`/booking/${token}/extra`, 404],
      [`/bookings/${token}`, 404],
      [`/vi/${token}`, 404],
      [`/vi/booking/${token}`, 404, 'POST'],
    ];
    const statuses: Record<string, number> = {};
    for (const [path, , method] of visits) {
      const response = await fetch(`${server.url}${path}`, { method: method ?? 'GET' });
      statuses[`${method ?? 'GET'} ${path}`] = response.status;
      await response.arrayBuffer();
    }
    // The manage page's own call.
    const opened = await client.rpc('booking_by_token', { p_token: token });
    expect(opened.error).toBeNull();
    const get = await fetch(`${server.url}/rest/v1/rpc/booking_by_token?p_token=${token}`, {
      headers: { apikey: config.supabaseAnonKey },
    });
    expect(get.status).toBe(200);

    // The server writes its log as it answers; the last request's line may still be on its way.
    await expect.poll(() => server.output()).toContain('/rest/v1/rpc/booking_by_token');
    const log = server.output();
    expect(log).toContain('"path":"/vi/booking/:token"');
    expect(log).toContain('"path":"/booking/:token"');
    for (const secret of [token, forged]) {
      // Not the token, nor any long piece of it.
      for (const piece of [secret, secret.slice(0, 16), secret.slice(14, 30), secret.slice(-16)]) {
        expect(log, `the log must not contain ${piece.slice(0, 4)}…`).not.toContain(piece);
      }
    }
    // And each link answered as it should (the Vietnamese one was a 404).
    expect(statuses).toEqual(
      Object.fromEntries(visits.map(([path, status, method]) => [`${method ?? 'GET'} ${path}`, status])),
    );
  });
});
