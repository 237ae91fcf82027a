import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restaurantDate, sheetsPayload } from '../../../tests/support/builders.ts';
import { backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { newReceiptSecret, receiptSecretHeader } from '../../domain/booking-lifecycle.ts';
import { marketingConsentVersion } from '../../domain/guests.ts';
import { createApp } from '../app.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { sheetsConnectOrigins, sheetsRateLimit, sheetsReceiverPath } from './routes.ts';

/** The page's payload with some fields replaced, by invalid values too. */
function payload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...sheetsPayload(), ...overrides };
}

function without(key: string): Record<string, unknown> {
  const { [key]: _, ...rest } = payload();
  return rest;
}

describe.each(backends)('the sheets receiver on %s', (backend) => {
  let server: TestServer;
  const post = (body: string, contentType: string | null = 'text/plain;charset=UTF-8') =>
    fetch(`${server.url}${sheetsReceiverPath}`, {
      method: 'POST',
      headers: contentType ? { 'Content-Type': contentType } : {},
      body,
    });
  // Read as the table owner: the receiver itself writes as anon, which may not read.
  const rows = async () =>
    (
      await server.deps.db.query<Record<string, unknown>>(
        'select name, mobile, email, date, guests, branch, time, period, notes, arrived, allocated from public.reservations order by id',
      )
    ).rows;

  beforeAll(async () => {
    // Limits off here: this block sends more requests than one client may; the next block tests the limit.
    server = await startTestServer(backend, { RATE_LIMITS: 'off' });
  });
  afterAll(async () => server.close());
  beforeEach(async () => {
    await server.deps.db.query('delete from public.reservations');
  });

  it('stores the text/plain body a no-cors request sends, as given, and answers {ok:true}', async () => {
    const response = await post(JSON.stringify(payload()));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(await rows()).toEqual([
      {
        name: 'Anh Nguyen',
        mobile: '+84 912 345 678',
        email: 'anh@example.com',
        date: restaurantDate(30),
        guests: 4,
        branch: 'Uptown',
        time: '19:00',
        period: 'Dinner',
        notes: 'Window table, please',
        arrived: false,
        allocated: false,
      },
    ]);
  });

  it('accepts application/json and a missing content type, and stores empty notes as null', async () => {
    expect((await post(JSON.stringify(payload({ notes: '' })), 'application/json')).status).toBe(200);
    expect((await post(JSON.stringify(payload({ notes: '   ', name: 'Bao' })), null)).status).toBe(200);
    const stored = await rows();
    expect(stored.map((row) => row.notes)).toEqual([null, null]);
    expect(stored.map((row) => row.name)).toEqual(['Anh Nguyen', 'Bao']);
  });

  const bad: [string, string][] = [
    ['broken JSON', '{"action":"reserve",'],
    ['an empty body', ''],
    ['a JSON array', JSON.stringify([payload()])],
    ['a JSON string', JSON.stringify('reserve')],
    ['another action', JSON.stringify(payload({ action: 'delete' }))],
    ['a missing name', JSON.stringify(without('name'))],
    ['a blank name', JSON.stringify(payload({ name: '   ' }))],
    ['a missing mobile', JSON.stringify(without('mobile'))],
    ['a missing email', JSON.stringify(without('email'))],
    ['a malformed email', JSON.stringify(payload({ email: 'not-an-email' }))],
    ['a missing date', JSON.stringify(without('date'))],
    ['an impossible date', JSON.stringify(payload({ date: '2026-02-30' }))],
    ['a missing timestamp', JSON.stringify(without('timestamp'))],
    ['an unknown branch', JSON.stringify(payload({ branch: 'Hanoi (main branch)' }))],
    ['a time off the list', JSON.stringify(payload({ time: '15:00' }))],
    ['a 12-hour time', JSON.stringify(payload({ time: '7:00 PM' }))],
    ['a home-form period', JSON.stringify(payload({ period: 'PM' }))],
    ['0 guests', JSON.stringify(payload({ guests: 0 }))],
    ['guests as text', JSON.stringify(payload({ guests: 'abc' }))],
    ['guests as a numeric string', JSON.stringify(payload({ guests: '4' }))],
    ['fractional guests', JSON.stringify(payload({ guests: 2.5 }))],
    ['arrived already Yes', JSON.stringify(payload({ arrived: 'Yes' }))],
    ['notes over 1000 characters', JSON.stringify(payload({ notes: 'x'.repeat(1001) }))],
    ['a control character in the name', JSON.stringify(payload({ name: 'Anh\u0001Nguyen' }))],
    ['a NUL in the name', JSON.stringify(payload({ name: 'Anh\u0000Nguyen' }))],
    ['a NUL in the notes', JSON.stringify(payload({ notes: 'Window\u0000seat' }))],
    ['an escape sequence in the notes', JSON.stringify(payload({ notes: '\u001b[31mred' }))],
    ['a date in year 0', JSON.stringify(payload({ date: '0000-01-01' }))],
    ['a value nested 5,000 arrays deep', `{"notes":${'['.repeat(5000)}1${']'.repeat(5000)}}`],
    ['a body nested 5,000 objects deep', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
    ['an extra column', JSON.stringify(payload({ id: 1 }))],
    ['a __proto__ key', `{"__proto__":{"polluted":true},${JSON.stringify(payload()).slice(1)}`],
    [
      'a nested __proto__ key',
      JSON.stringify(payload({ notes: '' })).replace('"notes":""', '"notes":{"__proto__":{}}'),
    ],
    ['a constructor key', JSON.stringify(payload({ constructor: { prototype: { polluted: true } } }))],
  ];

  it.each(bad)('refuses %s with 400 {ok:false, error} and stores nothing', async (_, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { ok: boolean; error: string };
    expect(answer.ok).toBe(false);
    expect(answer.error).toEqual(expect.any(String));
    expect(await rows()).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('says why in plain words: NUL, a date that does not exist, deep nesting', async () => {
    const answers = await Promise.all(
      [
        JSON.stringify(payload({ notes: 'Window\u0000seat' })),
        JSON.stringify(payload({ date: '0000-01-01' })),
        JSON.stringify(payload({ notes: 'a\u0007b' })),
        `{"notes":${'['.repeat(5000)}1${']'.repeat(5000)}}`,
      ].map(async (body) => (await post(body)).json()),
    );
    expect(answers).toEqual([
      { ok: false, error: 'The body holds a NUL character, which cannot be stored' },
      { ok: false, error: 'Invalid reservation: date: Not a calendar date' },
      { ok: false, error: 'Invalid reservation: notes: Contains control characters' },
      { ok: false, error: 'The body is nested too deeply' },
    ]);
  });

  it('keeps tabs and new lines in the notes', async () => {
    expect((await post(JSON.stringify(payload({ notes: 'Two tables:\n\tone by the window' })))).status).toBe(200);
    expect((await rows()).map((row) => row.notes)).toEqual(['Two tables:\n\tone by the window']);
  });

  describe('the news-and-offers box, as ?news=yes beside the payload', () => {
    const consentsOf = async (email: string) =>
      (
        await server.deps.db.query<Record<string, unknown>>(
          `select c.purpose, c.text_version, c.source, c.withdrawn_at is null as current
             from public.consents c join public.reservations r on r.guest_id = c.guest_id where r.email = $1`,
          [email],
        )
      ).rows;
    const receipts = async () =>
      Number(
        (await server.deps.db.query<{ n: number }>('select count(*)::int as n from private.booking_receipts')).rows[0]
          ?.n,
      );
    // A guest of its own for each test (one guest per mobile or email, and guests outlive the bookings
    // the suite deletes), so no test sees another's consent.
    let guests = 0;
    const guest = (email: string) => {
      guests += 1;
      return payload({ email, mobile: `+84 913 ${String(guests).padStart(6, '0')}` });
    };
    const postTo = (query: string, body: Record<string, unknown>) =>
      fetch(`${server.url}${sheetsReceiverPath}${query}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify(body),
      });

    it('ticked, records the home form’s consent for the booking’s guest, sourced to this form, and keeps no receipt', async () => {
      const before = await receipts();
      const response = await postTo('?news=yes', guest('ticked@example.com'));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
      expect((await rows()).map((row) => row.email)).toEqual(['ticked@example.com']);
      expect(await consentsOf('ticked@example.com')).toEqual([
        {
          purpose: 'marketing_email',
          text_version: marketingConsentVersion,
          source: 'reservation_form',
          current: true,
        },
      ]);
      expect(await receipts()).toBe(before);
    });

    it('unticked (no parameter), stores the booking and no consent', async () => {
      const response = await postTo('', guest('unticked@example.com'));
      expect(response.status).toBe(200);
      expect((await rows()).map((row) => row.email)).toEqual(['unticked@example.com']);
      expect(await consentsOf('unticked@example.com')).toEqual([]);
    });

    it('ignores a receipt secret sent along: the booking still opens no receipt', async () => {
      const before = await receipts();
      const response = await fetch(`${server.url}${sheetsReceiverPath}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', [receiptSecretHeader]: newReceiptSecret() },
        body: JSON.stringify(guest('secret@example.com')),
      });
      expect(response.status).toBe(200);
      expect(await receipts()).toBe(before);
    });

    it('refuses any other value, storing neither the booking nor a consent', async () => {
      const response = await postTo('?news=no', guest('other@example.com'));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ ok: false, error: 'Invalid reservation: news must be yes, or left out' });
      expect(await rows()).toEqual([]);
      expect(await consentsOf('other@example.com')).toEqual([]);
    });

    it('a booking the branch refuses records no consent either', async () => {
      const response = await postTo('?news=yes', { ...guest('refused@example.com'), date: restaurantDate(-1) });
      expect(response.status).toBe(400);
      expect(await rows()).toEqual([]);
      expect(await consentsOf('refused@example.com')).toEqual([]);
    });
  });

  it('answers 400 when the database refuses the row, and logs neither the value nor the message quoting it', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'debug', base: undefined }, { write: (line: string) => void lines.push(line) });
    const app = createApp({ ...server.deps, logger });
    // A data exception the way Postgres words one (22008 quotes the value), raised by the database itself.
    await server.deps.db.exec(`
      create function public.refuse_reservation() returns trigger language plpgsql as $$
      begin
        raise exception 'date/time field value out of range: "%"', new.date using errcode = '22008';
      end $$;
      create trigger refuse_reservation before insert on public.reservations
        for each row execute function public.refuse_reservation();
    `);
    try {
      const response = await app.request(sheetsReceiverPath, {
        method: 'POST',
        body: JSON.stringify(payload({ date: '2031-07-09', name: 'Refused Guest' })),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ ok: false, error: 'The reservation was refused by the database' });
    } finally {
      await server.deps.db.exec(
        'drop trigger refuse_reservation on public.reservations; drop function public.refuse_reservation();',
      );
    }
    expect(await rows()).toEqual([]);
    expect(lines).toHaveLength(1); // the request line
    expect(lines.join('\n')).not.toMatch(/2031-07-09|Refused Guest|out of range/);
  });

  it('answers 503 in its own shape when the database cannot be reached, and logs no details', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'debug', base: undefined }, { write: (line: string) => void lines.push(line) });
    const gone =
      backend === 'pglite' ? await openPglite(undefined) : await openPostgres(server.deps.config.databaseUrl ?? '');
    await gone.close();
    const app = createApp({ ...server.deps, db: gone, logger });
    const response = await app.request(sheetsReceiverPath, { method: 'POST', body: JSON.stringify(payload()) });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      ok: false,
      error: 'The reservation service is unavailable, please try again later',
    });
    const warnings = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.level === 40);
    expect(warnings.filter((warning) => 'sheetsError' in warning)).toEqual([
      expect.objectContaining({ sheetsError: expect.any(String), errorName: expect.any(String) }),
    ]);
    // The only other warning may be the REST schema cache's failing to listen: names, no details.
    const named = ['level', 'time', 'msg', 'errorName', 'restError', 'sheetsError'];
    for (const warning of warnings) expect(Object.keys(warning).filter((key) => !named.includes(key))).toEqual([]);
    expect(lines.join('\n')).not.toContain('Anh Nguyen');
  });

  it('writes as anon: without the anon insert grant nothing is stored', async () => {
    await server.deps.db.query('revoke insert on table public.reservations from anon');
    try {
      const response = await post(JSON.stringify(payload()));
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ ok: false, error: 'The reservation could not be stored' });
      expect(await rows()).toEqual([]);
    } finally {
      await server.deps.db.query(
        'grant insert (name, mobile, email, date, guests, branch, time, period, notes) on table public.reservations to anon',
      );
    }
    expect((await post(JSON.stringify(payload()))).status).toBe(200);
  });

  it('does not echo the guest details in its errors', async () => {
    const response = await post(JSON.stringify(payload({ email: 'secret-guest-address', guests: 0 })));
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain('secret-guest-address');
  });

  it('refuses a body over the size limit with 413 and stores nothing', async () => {
    const response = await post(JSON.stringify(payload({ notes: 'x'.repeat(100_000) })));
    expect(response.status).toBe(413);
    expect(await rows()).toEqual([]);
  });

  it('refuses other content types with 415', async () => {
    const response = await post(JSON.stringify(payload()), 'application/x-www-form-urlencoded');
    expect(response.status).toBe(415);
    expect(await rows()).toEqual([]);
  });

  it('answers other methods with 405 and Allow: POST', async () => {
    const response = await fetch(`${server.url}${sheetsReceiverPath}`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe.each(backends)('the sheets receiver rate limit on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => server.close());

  it(`answers 429 with Retry-After after ${sheetsRateLimit.max} posts a minute from one client, and stores no more`, async () => {
    const send = () =>
      fetch(`${server.url}${sheetsReceiverPath}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify(payload()),
      });
    for (let i = 0; i < sheetsRateLimit.max; i++) expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ ok: false, error: expect.any(String) });
    const { rows } = await server.deps.db.query<{ count: number }>(
      'select count(*)::int as count from public.reservations',
    );
    expect(rows[0]?.count).toBe(sheetsRateLimit.max);
  });
});

describe('sheetsConnectOrigins', () => {
  it('allows the endpoint origin, and for Apps Script also the origin its answer redirects to', () => {
    expect(sheetsConnectOrigins(undefined)).toEqual([]);
    expect(sheetsConnectOrigins('http://127.0.0.1:9000/macros/s/x/exec')).toEqual(['http://127.0.0.1:9000']);
    expect(sheetsConnectOrigins('https://script.google.com/macros/s/AKfy/exec')).toEqual([
      'https://script.google.com',
      'https://script.googleusercontent.com',
    ]);
  });

  it('puts both Apps Script origins in the Content-Security-Policy', async () => {
    const server = await startTestServer('pglite', {
      SHEETS_ENDPOINT: 'https://script.google.com/macros/s/AKfy/exec',
    });
    try {
      const response = await fetch(`${server.url}/health`);
      expect(response.headers.get('content-security-policy')).toContain(
        "connect-src 'self' https://script.google.com https://script.googleusercontent.com;",
      );
    } finally {
      await server.close();
    }
  });
});
