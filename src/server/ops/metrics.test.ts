/**
 * /metrics: Prometheus' text format, parsed by an independent parser; the counters move with the
 * requests made, labelled by route pattern (a manage link's token never appears); served on its
 * own listener, and on the main port only with the bearer token. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, startTestServer, type TestServer } from '../../../tests/support/test-server.ts';
import { manageBookingPrefix } from '../../domain/routes.ts';

const token = 'metrics-token-0123456789abcdef';

interface Family {
  type: string;
  samples: { name: string; labels: Record<string, string>; value: number }[];
}

/**
 * A strict reader of Prometheus' text format (0.0.4), written from its specification: every line
 * is empty, a HELP or TYPE comment, or a sample of a declared family (histograms: _bucket, _sum, _count),
 * label values are quoted and escaped, values are numbers. Anything else fails the test.
 */
function parse(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: -?\d+)?$/;
  const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(?:,|$)/y;
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '' || line.startsWith('# HELP ')) continue; // the format ignores empty lines
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      expect(families.has(type[1] ?? ''), `declared twice: ${line}`).toBe(false);
      families.set(type[1] ?? '', { type: type[2] ?? '', samples: [] });
      continue;
    }
    const sample = sampleLine.exec(line);
    if (!sample) throw new Error(`not a Prometheus sample line: ${line}`);
    const [, name = '', labelText = '', valueText = ''] = sample;
    // Prometheus reads values with Go's ParseFloat, which takes NaN and Inf in any case.
    const special: Record<string, number> = { nan: Number.NaN, '+inf': Infinity, inf: Infinity, '-inf': -Infinity };
    const value = special[valueText.toLowerCase()] ?? Number(valueText);
    if (Number.isNaN(value) && valueText.toLowerCase() !== 'nan') throw new Error(`not a value: ${line}`);
    const labels: Record<string, string> = {};
    labelPair.lastIndex = 0;
    while (labelPair.lastIndex < labelText.length) {
      const pair = labelPair.exec(labelText);
      if (!pair) throw new Error(`bad labels: ${line}`);
      labels[pair[1] ?? ''] = (pair[2] ?? '').replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    const family =
      families.get(name) ??
      families.get(name.replace(/_(bucket|sum|count)$/, '')) ??
      families.get(name.replace(/_(sum|count)$/, ''));
    if (!family) throw new Error(`a sample of an undeclared family: ${line}`);
    family.samples.push({ name, labels, value });
  }
  return families;
}

/** The value of the first sample named `name` whose labels include `labels` (0 when none). */
function sampleValue(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const family = families.get(name) ?? families.get(name.replace(/_(bucket|count|sum)$/, ''));
  const sample = family?.samples.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return sample?.value ?? 0;
}

describe.each(backends)('metrics on %s', (backend: Backend) => {
  let server: TestServer;
  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return parse(await res.text());
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { METRICS_PORT: '0', METRICS_TOKEN: token });
  }, 120_000);
  afterAll(async () => server?.close());

  it('parses, and moves with the requests made, by route pattern and status', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) await fetch(`${server.url}/config.json`);
    const secret = 'guest-manage-token-that-must-not-leak';
    await fetch(`${server.url}${manageBookingPrefix}${secret}`);
    await fetch(`${server.url}/rest/v1/reservations?select=name`, { headers: { apikey: server.anonKey } });
    const after = await scrape();

    const route = { method: 'GET', route: '/config.json', status: '200' };
    expect(sampleValue(after, 'saffron_http_requests_total', route)).toBe(
      sampleValue(before, 'saffron_http_requests_total', route) + 3,
    );
    expect(after.get('saffron_http_request_duration_seconds')?.type).toBe('histogram');
    expect(
      sampleValue(after, 'saffron_http_request_duration_seconds_count', { route: '/config.json' }) -
        sampleValue(before, 'saffron_http_request_duration_seconds_count', { route: '/config.json' }),
    ).toBe(3);
    expect(
      sampleValue(after, 'saffron_http_request_duration_seconds_bucket', { route: '/config.json', le: '+Inf' }),
    ).toBeGreaterThanOrEqual(3);
    // The REST read went to the database, and was timed.
    expect(sampleValue(after, 'saffron_db_duration_seconds_count', { operation: 'transaction' })).toBeGreaterThan(
      sampleValue(before, 'saffron_db_duration_seconds_count', { operation: 'transaction' }),
    );
    for (const name of [
      'saffron_db_queue_depth',
      'saffron_realtime_sockets',
      'saffron_realtime_channels',
      'saffron_mail_outbox_backlog',
      'saffron_mail_oldest_unsent_seconds',
      'saffron_mail_failed',
    ]) {
      expect(after.has(name), name).toBe(true);
    }
    const routes = after.get('saffron_http_requests_total')?.samples.map((m) => m.labels.route ?? '') ?? [];
    expect(routes).toContain('/rest/v1/:table');
    expect(routes.some((r) => r.includes(secret))).toBe(false);
  });

  it('counts the outbox backlog and a booking email waiting', async () => {
    const before = sampleValue(await scrape(), 'saffron_mail_outbox_backlog');
    const res = await fetch(`${server.url}/rest/v1/reservations`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify({
        name: 'Metric Guest',
        mobile: '+84 912 345 678',
        email: 'metric@example.com',
        date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(Date.now() + 40 * 86_400_000),
        guests: 2,
        branch: 'Sa Pa',
        time: '19:00',
        period: 'PM',
      }),
    });
    expect(res.status).toBe(201);
    // Email is off in tests (no SMTP_URL): the confirmation waits in the outbox.
    expect(sampleValue(await scrape(), 'saffron_mail_outbox_backlog')).toBe(before + 1);
  });

  it('answers on the main port only with the bearer token', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer wrong-token' } })).status).toBe(
      401,
    );
    const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(parse(await res.text()).has('saffron_http_requests_total')).toBe(true);
  });

  it('counts rate-limit refusals', async () => {
    // 20 password sign-ins per address per 5 minutes (src/server/auth/rate-limits.ts); one account each.
    const attempts = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        fetch(`${server.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: `nobody-${i}@example.com`, password: 'not the password at all' }),
        }).then((res) => res.status),
      ),
    );
    const refused = attempts.filter((status) => status === 429).length;
    expect(refused).toBeGreaterThan(0);
    expect(sampleValue(await scrape(), 'saffron_rate_limit_refusals_total', { route: '/auth/v1/token' })).toBe(refused);
  });
});

describe('metrics without a token', () => {
  it('are not served on the main port at all', async () => {
    const server = await startTestServer('pglite');
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      expect(server.metricsPort).toBeUndefined();
    } finally {
      await server.close();
    }
  }, 120_000);
});
