/**
 * Security review #20, item 5, on both databases: a booking's email is one mailbox and its other
 * text fields plain text, on every path — REST through the real supabase-js, the spreadsheet
 * receiver, and SQL — each refusal a clear 400 that stores nothing; and a booking stored before
 * the rule, with a bad value, can still be marked arrived.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBooking, sheetsPayload } from '../support/builders.ts';
import { anonClient, signUserToken, tokenClient } from '../support/rest-clients.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

const badEmails = [
  'a@example.com,b@example.com',
  'a@example.com, b@example.com',
  'a@example.com;b@example.com',
  'friends: a@example.com, b@example.com;',
  'Asha Rao <asha@example.com>',
  '"Asha Rao" <asha@example.com>',
  'asha@example.com (Asha)',
  'asha@example.com\r\nBcc: victim@example.com',
  'asha@example.com\n',
  ' asha@example.com',
  'asha @example.com',
  'asha@localhost',
  'asha@example.com\u3000victim@example.com',
];

describe.each(backends)('guest text on %s', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;
  let staff: SupabaseClient;

  async function count(): Promise<number> {
    const { rows } = await server.deps.db.query<{ n: number }>('select count(*)::int as n from public.reservations');
    return rows[0]?.n ?? -1;
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
    anon = anonClient(server);
    staff = tokenClient(server, await signUserToken(server, { staff: true }));
  });
  afterAll(async () => server?.close());

  it('REST refuses an email that is not one mailbox with a clear 400, and stores nothing', async () => {
    const before = await count();
    for (const email of badEmails) {
      const { error, status } = await anon.from('reservations').insert(guestBooking({ email }));
      expect(status, JSON.stringify(email)).toBe(400);
      expect(error?.code).toBe('23514');
      expect(error?.message).toBe(
        'The email must be one address, like name@example.com: no lists, names or line breaks',
      );
    }
    // Staff taking a phone booking are held to it too.
    const byStaff = await staff.from('reservations').insert(guestBooking({ email: badEmails[0] }));
    expect(byStaff.status).toBe(400);
    expect(await count()).toBe(before);
    // What the forms accept still books.
    for (const email of [
      'asha@example.com',
      'Asha.Rao+table_4@mail.example.co.uk',
      "o'neil-x@saffron-lotus.vn",
      'an@đà-nẵng.vn',
    ]) {
      const { error } = await anon.from('reservations').insert(guestBooking({ email }));
      expect(error, email).toBeNull();
    }
    expect(await count()).toBe(before + 4);
  });

  it('REST refuses line breaks and control characters in names, numbers and the other one-line fields', async () => {
    const before = await count();
    const cases: [Parameters<typeof guestBooking>[0], string][] = [
      [{ name: 'Asha\r\nBcc: x@example.com' }, 'The name must be one line without control characters'],
      [{ name: 'Asha\nRao' }, 'The name must be one line without control characters'],
      [{ name: 'Asha\tRao' }, 'The name must be one line without control characters'],
      [{ name: 'Asha\u2028Rao' }, 'The name must be one line without control characters'],
      [{ name: 'Asha\u0085Rao' }, 'The name must be one line without control characters'],
      [{ mobile: '+84 912\n345 678' }, 'The mobile number must be one line without control characters'],
      [{ mobile: '\u001b[31m0912' }, 'The mobile number must be one line without control characters'],
      [{ period: 'PM\r' }, 'The time and period must be one line without control characters'],
      [{ notes: 'bell\u0007' }, 'The notes must not contain control characters (line breaks and tabs are fine)'],
      [{ notes: 'escape \u001b[2J' }, 'The notes must not contain control characters (line breaks and tabs are fine)'],
    ];
    for (const [overrides, message] of cases) {
      const { error, status } = await anon.from('reservations').insert(guestBooking(overrides));
      expect(status, JSON.stringify(overrides)).toBe(400);
      expect(error?.message).toBe(message);
    }
    expect(await count()).toBe(before);
    // Notes keep their line breaks and tabs; names their diacritics.
    const kept = await anon
      .from('reservations')
      .insert(guestBooking({ name: 'Nguyễn Thị Hồng', notes: 'Window table\r\n\tbirthday cake' }));
    expect(kept.error).toBeNull();
  });

  it('the spreadsheet receiver and SQL obey the same rules', async () => {
    const before = await count();
    const post = (body: unknown) =>
      fetch(`${server.url}/sheets/exec`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify(body),
      });
    for (const overrides of [{ email: badEmails[0] }, { name: 'Anh\nNguyen' }, { mobile: '0912\r\n345' }]) {
      const answer = await post(sheetsPayload(overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(await answer.json()).toMatchObject({ ok: false });
    }
    for (const email of [badEmails[0], badEmails[4], badEmails[7]]) {
      await expect(
        server.deps.db.query(
          `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
           values ('SQL Guest', '0912345678', $1, current_date + 30, 2, 'Uptown', '19:00', 'Dinner')`,
          [email],
        ),
        email,
      ).rejects.toMatchObject({ code: '23514' });
    }
    await expect(
      server.deps.db.query(
        `update public.reservations set email = 'a@example.com,b@example.com' where id = (select min(id) from public.reservations)`,
      ),
    ).rejects.toMatchObject({ code: '23514' });
    expect(await count()).toBe(before);
  });

  it('a booking stored before the rule with a bad value can still be marked arrived', async () => {
    // As an operator's bulk load stores it (the rules, like the booking rules, stand aside).
    const { rows } = await server.deps.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      return tx.query<{ id: string }>(
        `insert into public.reservations (name, mobile, email, date, guests, branch, time, period)
         values (E'Old\\nRow', '0912345678', 'a@example.com,b@example.com', current_date + 3, 2, 'Uptown', '19:00', 'Dinner')
         returning id::text`,
      );
    });
    const id = Number(rows[0]?.id);
    const { data, error } = await staff.from('reservations').update({ arrived: true }).eq('id', id).select('arrived');
    expect(error).toBeNull();
    expect(data).toEqual([{ arrived: true }]);
  });
});
