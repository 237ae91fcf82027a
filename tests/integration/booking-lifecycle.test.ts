/**
 * The guest's side of a booking in the database (issue 14), through the real supabase-js client on
 * both databases: the reference read back by call 1, the one-time receipt of the manage token, the
 * manage functions (view, cancel, cancel twice, forged and stale tokens, too late), the outbox rows
 * written in the booking's transaction, cancelled covers freeing their slot, and what anon and
 * other roles can (not) read.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newReceiptSecret, receiptSecretHeader } from '../../src/domain/booking-lifecycle.ts';
import { guestBooking, restaurantDate, sheetsPayload } from '../support/builders.ts';
import { anonClient, signUserToken, tokenClient } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

const referencePattern = /^SL-[0-9A-HJKMNP-TV-Z]{6}$/;

describe.each(backends)('booking lifecycle on %s', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;
  let staff: SupabaseClient;

  /** Books as the home form does: the insert carries a receipt secret of its own, which opens the receipt. */
  async function insertWithSecret(booking: ReturnType<typeof guestBooking>, client = anon) {
    const secret = newReceiptSecret();
    const { data, error, status } = await client
      .from('reservations')
      .insert(booking)
      .select('reference')
      .setHeader(receiptSecretHeader, secret);
    expect(error).toBeNull();
    expect(status).toBe(201);
    return { reference: (data as { reference: string }[] | null)?.[0]?.reference ?? '', secret };
  }

  async function book(overrides: Parameters<typeof guestBooking>[0] = {}) {
    const booking = guestBooking(overrides);
    const { reference, secret } = await insertWithSecret(booking);
    const receipt = await anon.rpc('booking_receipt', { p_reference: reference, p_secret: secret });
    expect(receipt.error).toBeNull();
    return { reference, token: String(receipt.data), booking };
  }

  async function outbox(reference: string) {
    const { rows } = await server.deps.db.query<{ kind: string; recipient: string; payload: Record<string, unknown> }>(
      `select kind, recipient, payload from private.outbox where payload ->> 'reference' = $1 order by id`,
      [reference],
    );
    return rows;
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    anon = anonClient(server);
    staff = tokenClient(server, await signUserToken(server, { staff: true }));
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    await server.deps.db.exec('delete from public.reservations; delete from private.outbox;');
  });

  it('call 1 as the spec makes it still books, and asking for the reference returns only that', async () => {
    const plain = await anon.from('reservations').insert(guestBooking({ name: 'Plain Call' }));
    expect(plain.error).toBeNull();
    expect(plain.status).toBe(201);
    expect(plain.data).toBeNull();

    const { data, error } = await anon.from('reservations').insert(guestBooking()).select('reference');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(Object.keys(data?.[0] ?? {})).toEqual(['reference']);
    expect(data?.[0]?.reference).toMatch(referencePattern);

    const { rows } = await server.deps.db.query<{ status: string; reference: string; manage_token_hash: string }>(
      'select status, reference, manage_token_hash from public.reservations order by id',
    );
    expect(rows.map((r) => r.status)).toEqual(['booked', 'booked']);
    expect(rows[1]?.reference).toBe(data?.[0]?.reference);
    expect(rows[0]?.manage_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.reference).not.toBe(rows[1]?.reference);
  });

  it('anon reads no reference but the one it has just inserted, and no other column at all', async () => {
    await book();
    const references = await anon.from('reservations').select('reference');
    expect(references.error).toBeNull();
    expect(references.data).toEqual([]);
    for (const column of ['*', 'name', 'email', 'manage_token_hash', 'status']) {
      const read = await anon.from('reservations').select(column);
      expect(read.data, column).toBeNull();
      expect(read.error?.code, column).toBe('42501');
    }
    // Asking for more than the reference back from an insert is refused, and nothing is stored.
    const greedy = await anon
      .from('reservations')
      .insert(guestBooking({ name: 'Greedy' }))
      .select('reference,email');
    expect(greedy.error?.code).toBe('42501');
    const { rows } = await server.deps.db.query(`select 1 from public.reservations where name = 'Greedy'`);
    expect(rows).toHaveLength(0);
  });

  it('history loaded with the triggers off (replica role) still gets references, but no link and no email', async () => {
    await server.deps.db.transaction((tx) =>
      tx.exec(
        `set local session_replication_role = replica;
         insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
         select 'History ' || i, '0900', 'old' || i || '@example.com', date '2025-01-10', 2, 'Sa Pa', '19:00', 'PM'
           from generate_series(1, 50) i`,
      ),
    );
    const { rows } = await server.deps.db.query<{ n: number; refs: number; hashes: number; booked: number }>(
      `select count(*)::int as n, count(distinct reference)::int as refs, count(manage_token_hash)::int as hashes,
              count(*) filter (where status = 'booked')::int as booked
         from public.reservations where name like 'History %'`,
    );
    expect(rows[0]).toEqual({ n: 50, refs: 50, hashes: 0, booked: 50 });
    const { rows: mail } = await server.deps.db.query('select 1 from private.outbox');
    expect(mail).toHaveLength(0);
  });

  it('several rows inserted as anon in one statement read back exactly their references (the API allows one)', async () => {
    const answer = await server.deps.db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`,
      );
      const inserted = await tx.query<{ reference: string }>(
        `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
         select 'Batch ' || i, '0900', 'b@example.com', $1::date, 2, 'Sa Pa', '19:00', 'PM'
           from generate_series(1, 3) i
         returning reference`,
        [restaurantDate(25)],
      );
      // After the statement, only the transaction's last booking is still readable, and nothing after it.
      const after = await tx.query<{ reference: string }>('select reference from public.reservations');
      return { inserted: inserted.rows, after: after.rows };
    });
    const { rows } = await server.deps.db.query<{ reference: string }>(
      `select reference from public.reservations where name like 'Batch %' order by id`,
    );
    expect(answer.inserted).toEqual(rows);
    expect(answer.after).toEqual(rows.slice(-1));
    expect((await anon.from('reservations').select('reference')).data).toEqual([]);
  });

  it('anon cannot choose a status, reference or token hash', async () => {
    for (const extra of [
      { status: 'cancelled' },
      { reference: 'SL-AAAAAA' },
      { manage_token_hash: 'a'.repeat(64) },
      { cancelled_at: new Date().toISOString() },
    ]) {
      const { error } = await anon.from('reservations').insert({ ...guestBooking(), ...extra });
      expect(error?.code, Object.keys(extra)[0]).toBe('42501');
    }
  });

  it('gives the manage token once, to the client that made the booking, and stores only its hash', async () => {
    const booking = guestBooking({ email: 'Receipt@Example.com' });
    const { reference, secret } = await insertWithSecret(booking);
    const wrongSecret = await anon.rpc('booking_receipt', { p_reference: reference, p_secret: newReceiptSecret() });
    expect(wrongSecret.status).toBe(404);
    const receipt = await anon.rpc('booking_receipt', { p_reference: reference.toLowerCase(), p_secret: secret });
    expect(receipt.error).toBeNull();
    const token = String(receipt.data);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await anon.rpc('booking_receipt', { p_reference: reference, p_secret: secret });
    expect(again.status).toBe(404);
    expect(again.error?.code).toBe('PT404');
    // The secret is kept only as its SHA-256, and with the receipt gone, not at all.
    const { rows: kept } = await server.deps.db.query('select 1 from private.booking_receipts where reference = $1', [
      reference,
    ]);
    expect(kept).toEqual([]);

    const { rows } = await server.deps.db.query<{ stored: string; hash: string }>(
      `select manage_token_hash as stored, encode(sha256(convert_to($2, 'UTF8')), 'hex') as hash
         from public.reservations where reference = $1`,
      [reference, token],
    );
    expect(rows[0]?.stored).toBe(rows[0]?.hash);
    const plainInRow = await server.deps.db.query('select 1 from public.reservations r where r::text like $1', [
      `%${token}%`,
    ]);
    expect(plainInRow.rows).toHaveLength(0);
  });

  it('a receipt older than 15 minutes is gone', async () => {
    const { reference, secret } = await insertWithSecret(guestBooking());
    await server.deps.db.query(
      `update private.booking_receipts set created_at = now() - interval '16 minutes' where reference = $1`,
      [reference],
    );
    const late = await anon.rpc('booking_receipt', { p_reference: reference, p_secret: secret });
    expect(late.status).toBe(404);
  });

  it('a host who knows the reference and the email gets no token: only the booking client can (security review #20, item 7)', async () => {
    const host = tokenClient(server, await signUserToken(server, { staff: true }));
    const booking = guestBooking({ email: 'walk.in@example.com' });
    const { reference, secret } = await insertWithSecret(booking);
    // The host reads both on the dashboard…
    const seen = await host.from('reservations').select('reference, email').eq('reference', reference).single();
    expect(seen.data).toEqual({ reference, email: 'walk.in@example.com' });
    // …and the receipt by reference and email is no more; nor does a guess or another booking's secret open it.
    const other = await insertWithSecret(guestBooking({ name: 'Other Guest' }));
    for (const [client, args] of [
      [host, { p_reference: reference, p_email: booking.email }],
      [anon, { p_reference: reference, p_email: booking.email }],
      [host, { p_reference: reference, p_secret: newReceiptSecret() }],
      [host, { p_reference: reference, p_secret: other.secret }],
      [host, { p_reference: reference, p_secret: '' }],
    ] as const) {
      const attempt = await client.rpc('booking_receipt', args);
      expect(attempt.status, JSON.stringify(Object.keys(args))).toBe(404);
      expect(attempt.data).toBeNull();
    }
    // The booking's own client still can, once.
    const receipt = await anon.rpc('booking_receipt', { p_reference: reference, p_secret: secret });
    expect(String(receipt.data)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await anon.rpc('booking_receipt', { p_reference: reference, p_secret: secret })).status).toBe(404);
  });

  it('a booking made without a receipt secret opens no receipt: call 1 as the spec makes it, the /reservation page, SQL', async () => {
    const receipts = async () =>
      (await server.deps.db.query<{ n: number }>('select count(*)::int as n from private.booking_receipts')).rows[0]?.n;
    await server.deps.db.exec('delete from private.booking_receipts');
    const plain = await anon.from('reservations').insert(guestBooking()).select('reference');
    expect(plain.error).toBeNull();
    // A receipt secret sent to the spreadsheet receiver is left out: the page reads no answer.
    const sheets = await fetch(`${server.url}/sheets/exec`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', [receiptSecretHeader]: newReceiptSecret() },
      body: JSON.stringify(sheetsPayload()),
    });
    expect(sheets.status).toBe(200);
    await server.deps.db.query(
      `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
       values ('SQL Guest', '0912345678', 'sql@example.com', current_date + 30, 2, 'Uptown', '19:00', 'Dinner')`,
    );
    expect(await receipts()).toBe(0);
    // Each of them still has its confirmation email, which carries the link.
    const { rows } = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from private.outbox where kind = 'confirmation' and payload ? 'manage_token'`,
    );
    expect(rows[0]?.n).toBe(3);
  });

  it('a cancellation by a signed-in staff account is recorded as that account, a guest’s as the guest', async () => {
    const host = tokenClient(server, await signUserToken(server, { staff: true }));
    const byStaff = await book({ name: 'Phoned To Cancel' });
    const byGuest = await book({ name: 'Cancels Online' });
    // The guest read the link out on the phone; the host cancels with it while signed in.
    expect((await host.rpc('cancel_booking', { p_token: byStaff.token })).error).toBeNull();
    expect((await anon.rpc('cancel_booking', { p_token: byGuest.token })).error).toBeNull();
    const { rows } = await server.deps.db.query<{ reference: string; actor: string; actor_email: string | null }>(
      `select r.reference, h.actor, h.actor_email
         from public.reservation_history h join public.reservations r on r.id = h.reservation_id
        where h.action = 'updated' and h.changes ? 'status' order by h.id`,
    );
    expect(rows).toEqual([
      { reference: byStaff.reference, actor: 'user', actor_email: 'host@saffron.example' },
      { reference: byGuest.reference, actor: 'guest', actor_email: null },
    ]);
  });

  it('the token shows that booking only, without contact details; cancel, then cancel again', async () => {
    const { token, reference, booking } = await book({ name: 'Cancel Me', guests: 3 });
    const other = await book({ name: 'Someone Else' });
    const view = await anon.rpc('booking_by_token', { p_token: token }).single();
    expect(view.error).toBeNull();
    expect(view.data).toMatchObject({
      reference,
      status: 'booked',
      name: 'Cancel Me',
      date: booking.date,
      time: '19:00',
      period: 'PM',
      guests: 3,
      branch: 'Sa Pa',
      cancelled_at: null,
      cancellable: true,
    });
    expect(Object.keys(view.data ?? {})).not.toContain('email');
    expect(Object.keys(view.data ?? {})).not.toContain('mobile');

    const cancelled = await anon
      .rpc('cancel_booking', { p_token: token })
      .single<{ status: string; cancelled_at: string }>();
    expect(cancelled.error).toBeNull();
    expect(cancelled.data).toMatchObject({ reference, status: 'cancelled', cancellable: false });
    const twice = await anon
      .rpc('cancel_booking', { p_token: token })
      .single<{ status: string; cancelled_at: string }>();
    expect(twice.error).toBeNull();
    expect(twice.data?.status).toBe('cancelled');
    expect(twice.data?.cancelled_at).toBe(cancelled.data?.cancelled_at);

    expect((await outbox(reference)).map((m) => m.kind)).toEqual(['confirmation', 'cancellation']);
    // The other booking is untouched.
    const otherView = await anon.rpc('booking_by_token', { p_token: other.token }).single<{ status: string }>();
    expect(otherView.data?.status).toBe('booked');

    // Staff see it cancelled, and when.
    const rows = await staff.from('reservations').select('name,status,cancelled_at').eq('name', 'Cancel Me');
    expect(rows.data?.[0]).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(String) });
  });

  it('a forged, malformed or deleted booking\'s token is "not found" (404), and changes nothing', async () => {
    const { token } = await book();
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const candidate of [forged, 'not-a-token', '', `${token}x`, "' or 1=1 --"]) {
      for (const fn of ['booking_by_token', 'cancel_booking']) {
        const answer = await anon.rpc(fn, { p_token: candidate });
        expect(answer.status, `${fn} ${candidate}`).toBe(404);
        expect(answer.error?.code).toBe('PT404');
        expect(answer.error?.message).toBe('No booking has this link');
      }
    }
    await server.deps.db.query('delete from public.reservations');
    expect((await anon.rpc('booking_by_token', { p_token: token })).status).toBe(404);
  });

  it("refuses to cancel once the booking's time has come, and says why", async () => {
    const { token, reference } = await book();
    await server.deps.db.query(`update public.reservations set date = $2 where reference = $1`, [
      reference,
      restaurantDate(-1),
    ]);
    const view = await anon.rpc('booking_by_token', { p_token: token }).single<{ cancellable: boolean }>();
    expect(view.data?.cancellable).toBe(false);
    const refused = await anon.rpc('cancel_booking', { p_token: token });
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe('BK010');
    expect(refused.error?.message).toMatch(/can no longer be cancelled online/);
    const { rows } = await server.deps.db.query<{ status: string }>(
      'select status from public.reservations where reference = $1',
      [reference],
    );
    expect(rows[0]?.status).toBe('booked');
    expect((await outbox(reference)).map((m) => m.kind)).toEqual(['confirmation']);
  });

  it("writes the confirmation with the token in the booking's transaction, for both forms; nothing on refusal", async () => {
    const { reference, token } = await book({ email: 'first@example.com' });
    const [message] = await outbox(reference);
    expect(message?.kind).toBe('confirmation');
    expect(message?.recipient).toBe('first@example.com');
    expect(message?.payload).toMatchObject({ reference, manage_token: token, branch: 'Sa Pa', slot: '19:00' });

    const sheets = await fetch(`${server.url}/sheets/exec`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(sheetsPayload({ email: 'sheet@example.com' })),
    });
    expect(sheets.status).toBe(200);
    const { rows } = await server.deps.db.query<{ recipient: string; token: string }>(
      `select recipient, payload ->> 'manage_token' as token from private.outbox where recipient = 'sheet@example.com'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // A refused booking (the past) leaves no row, receipt or email behind.
    const before = await server.deps.db.query('select 1 from private.outbox');
    const refused = await anon.from('reservations').insert(guestBooking({ date: restaurantDate(-2) }));
    expect(refused.error?.code).toBe('BK003');
    expect((await server.deps.db.query('select 1 from private.outbox')).rows).toHaveLength(before.rows.length);
  });

  it('no API role can read the outbox or the receipts, even through SQL', async () => {
    await book();
    for (const role of ['anon', 'authenticated', 'service_role']) {
      for (const table of ['private.outbox', 'private.booking_receipts']) {
        const attempt = server.deps.db.transaction(async (tx) => {
          await tx.query(`select set_config('role', $1, true)`, [role]);
          return tx.query(`select * from ${table}`);
        });
        await expect(attempt, `${role} ${table}`).rejects.toMatchObject({ code: '42501' });
      }
    }
  });

  it('cancelled covers free their slot', async () => {
    await server.deps.db.query(`update public.branch_settings set covers_per_slot = 4 where branch = 'Sa Pa'`);
    try {
      const day = restaurantDate(12);
      const { token } = await book({ date: day, guests: 4 });
      const full = await anon.from('reservations').insert(guestBooking({ date: day, guests: 2 }));
      expect(full.error?.code).toBe('BK001');
      const slots = await anon.rpc('booking_availability', { p_branch: 'Sa Pa', p_date: day, p_guests: 2 });
      expect(slots.data?.find((s: { slot: string }) => s.slot === '19:00')).toMatchObject({
        status: 'full',
        covers_left: 0,
      });

      await anon.rpc('cancel_booking', { p_token: token });
      const freed = await anon.rpc('booking_availability', { p_branch: 'Sa Pa', p_date: day, p_guests: 2 });
      expect(freed.data?.find((s: { slot: string }) => s.slot === '19:00')).toMatchObject({
        status: 'open',
        covers_left: 4,
      });
      const now = await anon.from('reservations').insert(guestBooking({ date: day, guests: 4 }));
      expect(now.error).toBeNull();
    } finally {
      await server.deps.db.query(`update public.branch_settings set covers_per_slot = null where branch = 'Sa Pa'`);
    }
  });

  it("the manage page answers 200 for a booking's link and 404 for any other, never indexed, cached or referred", async () => {
    const { token } = await book();
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    // Every language and spelling of the link answers as /booking/<token> does (review #20, item
    // 6: /vi/booking/<token> was a cacheable, indexable 404); so does any other path under it.
    for (const [path, status, method] of [
      [`/booking/${token}`, 200],
      [`/booking/${token}/`, 200],
      [`/booking/${token}?utm_source=email`, 200],
      [`/vi/booking/${token}`, 200],
      [`/vi/booking/${token}/?utm_source=email`, 200],
      [`/Booking/${token}`, 200],
      [`/booking/${forged}`, 404],
      [`/vi/booking/${forged}`, 404],
      ['/booking/not-a-token', 404],
      ['/vi/booking/not-a-token/', 404],
      [`/vi/booking/${token}/more`, 404],
      ['/vi/booking/', 404],
      [`/vi/booking/${token}`, 404, 'POST'],
      [`/booking/${token}`, 404, 'DELETE'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { method: method ?? 'GET' });
      expect(response.status, path).toBe(status);
      expect(response.headers.get('x-robots-tag'), path).toBe('noindex, nofollow');
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      // The other security headers are still there.
      expect(response.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      await response.arrayBuffer();
    }
    // Elsewhere the site's usual policy holds.
    expect((await fetch(`${server.url}/health`)).headers.get('referrer-policy')).toBe(
      'strict-origin-when-cross-origin',
    );
  });
});
