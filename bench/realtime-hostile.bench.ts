/**
 * One hostile staff socket beside 200 ordinary hosts (issue 20, item 2). The hostile host holds
 * as much as the server lets one account hold: one socket, 100 channels, each with 100
 * postgres_changes subscriptions over the 100 distinct filters an account may hold (10,000
 * subscriptions, every one matching every booking). The ordinary hosts are 200 supabase-js
 * clients, one session each, listening for new bookings on the whole table.
 *
 * In the same server process and the same run, first without the hostile socket, then with it:
 * each phase is a series of anonymous bookings (POST /rest/v1/reservations) while an anonymous
 * reader polls /rest/v1. Figures: how long after each booking's 201 every ordinary host hears of
 * it, and the anonymous requests' latency. Goals: ordinary p99 under 250 ms with the hostile
 * socket, and anonymous REST latency with it within 2× of without.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { WebSocket } from 'ws';
import { realtimePath } from '../src/server/realtime/realtime-server.ts';
import { startTestServer } from '../tests/e2e/support/server.ts';
import { guestBooking } from '../tests/support/builders.ts';
import { adminUrl, provideTestPostgres } from '../tests/support/postgres.ts';
import { percentile } from './support/load-driver.ts';

const staff = { email: 'bench-hostile@saffronlotus.test', password: 'a long evening of bookings at the front desk' };
const ordinaryCount = Number(process.env.HOSTILE_ORDINARY ?? 200);
const bookings = Number(process.env.HOSTILE_BOOKINGS ?? 60);
const hostileChannels = 100;
const filtersPerChannel = 100;
const goalP99Ms = 250;
const goalRestRatio = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Phase {
  backend: string;
  phase: 'without' | 'with hostile';
  heard: number;
  missed: number;
  p50: number;
  p99: number;
  max: number;
  postP50: number;
  postP99: number;
  getP50: number;
  getP99: number;
  /** Pushes the hostile socket received (it hears every booking on every channel). */
  hostilePushes: number;
  load: string;
}

interface Ordinary {
  client: SupabaseClient;
  heard: Map<string, number>;
}

async function signIn(url: string, anonKey: string): Promise<string> {
  const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(staff),
  });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function ordinary(url: string, anonKey: string): Promise<Ordinary> {
  const token = await signIn(url, anonKey);
  const client = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    accessToken: async () => token,
  });
  await client.realtime.setAuth();
  const heard = new Map<string, number>();
  await new Promise<void>((resolve, reject) => {
    client
      .channel('board')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'reservations' }, (change) => {
        heard.set(String(change.new.name), performance.now());
      })
      .subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
      });
  });
  return { client, heard };
}

/** The hostile socket, raw: it joins everything it may and reads nothing it hears. */
async function hostile(url: string, anonKey: string): Promise<{ pushes: () => number; close(): void }> {
  const token = await signIn(url, anonKey);
  const ws = new WebSocket(
    `${url.replace('http', 'ws')}${realtimePath}?apikey=${encodeURIComponent(anonKey)}&vsn=2.0.0`,
  );
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let joined = 0;
  let refused = '';
  let pushes = 0;
  ws.on('message', (data) => {
    const text = String(data);
    if (text.includes('"phx_reply"')) {
      if (text.includes('"status":"ok"')) joined += 1;
      else refused = text.slice(0, 300);
    } else if (text.includes('"postgres_changes"')) pushes += 1;
  });
  // Every filter true of every booking (no party is 1,000 strong), so each channel hears each one.
  // The first is the ordinary board's own (the bench's hosts share this account): with it, the
  // account holds exactly as many distinct filters as the cap allows.
  const subscriptions = Array.from({ length: filtersPerChannel }, (_, k) => ({
    event: 'INSERT',
    schema: 'public',
    table: 'reservations',
    ...(k === 0 ? {} : { filter: k % 2 ? `guests=neq.${1000 + k}` : `guests=lt.${1000 + k}` }),
  }));
  for (let c = 0; c < hostileChannels; c += 1) {
    const ref = String(c + 1);
    const payload = { config: { postgres_changes: subscriptions }, access_token: token };
    ws.send(JSON.stringify([ref, ref, `realtime:hostile-${c}`, 'phx_join', payload]));
  }
  const deadline = Date.now() + 120_000;
  while (joined < hostileChannels && !refused && Date.now() < deadline) await sleep(50);
  if (joined < hostileChannels) throw new Error(`hostile joins: ${joined} ${refused}`);
  const heartbeat = setInterval(() => ws.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}])), 20_000);
  return {
    pushes: () => pushes,
    close() {
      clearInterval(heartbeat);
      ws.close();
    },
  };
}

async function measure(
  url: string,
  anonKey: string,
  subscribers: Ordinary[],
  backend: string,
  phase: Phase['phase'],
  hostilePushes: () => number,
): Promise<Phase> {
  const anonymous = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
  const fromAck: number[] = [];
  const posts: number[] = [];
  const gets: number[] = [];
  let missed = 0;
  let reading = true;
  const pushesBefore = hostilePushes();
  // The anonymous reader: one request after another, 20 ms apart, for the whole phase.
  const reader = (async () => {
    while (reading) {
      const t = performance.now();
      const response = await fetch(`${url}/rest/v1/reservations?select=reference&limit=1`, { headers: anonymous });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`anonymous read: ${response.status}`);
      gets.push(performance.now() - t);
      await sleep(20);
    }
  })();
  for (let i = 0; i < bookings; i += 1) {
    const name = `Hostile bench ${phase} ${i} ${randomBytes(3).toString('hex')}`;
    const sent = performance.now();
    const response = await fetch(`${url}/rest/v1/reservations`, {
      method: 'POST',
      headers: { ...anonymous, 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify(guestBooking({ name })),
    });
    await response.arrayBuffer();
    const acknowledged = performance.now();
    if (response.status !== 201) throw new Error(`insert: ${response.status}`);
    posts.push(acknowledged - sent);
    const deadline = Date.now() + 10_000;
    while (!subscribers.every((s) => s.heard.has(name)) && Date.now() < deadline) await sleep(5);
    for (const s of subscribers) {
      const at = s.heard.get(name);
      if (at === undefined) missed += 1;
      else fromAck.push(Math.max(0, at - acknowledged));
    }
    await sleep(50);
  }
  reading = false;
  await reader;
  for (const list of [fromAck, posts, gets]) list.sort((a, b) => a - b);
  return {
    backend,
    phase,
    heard: fromAck.length,
    missed,
    p50: percentile(fromAck, 0.5),
    p99: percentile(fromAck, 0.99),
    max: Math.round(fromAck.at(-1) ?? Number.NaN),
    postP50: percentile(posts, 0.5),
    postP99: percentile(posts, 0.99),
    getP50: percentile(gets, 0.5),
    getP99: percentile(gets, 0.99),
    hostilePushes: hostilePushes() - pushesBefore,
    load: loadavg()
      .map((l) => l.toFixed(1))
      .join(' / '),
  };
}

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `saffron_hostile_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function run(backend: 'pglite' | 'postgres'): Promise<Phase[]> {
  const database = backend === 'postgres' ? await createDatabase() : undefined;
  const server = await startTestServer({
    RATE_LIMITS: 'off',
    ADMIN_EMAIL: staff.email,
    ADMIN_PASSWORD: staff.password,
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const { supabaseAnonKey: anonKey } = (await (await fetch(`${server.url}/config.json`)).json()) as {
    supabaseAnonKey: string;
  };
  const subscribers: Ordinary[] = [];
  try {
    while (subscribers.length < ordinaryCount) subscribers.push(await ordinary(server.url, anonKey));
    await sleep(500);
    const without = await measure(server.url, anonKey, subscribers, backend, 'without', () => 0);
    console.log(without);
    const attacker = await hostile(server.url, anonKey);
    await sleep(500);
    const withHostile = await measure(server.url, anonKey, subscribers, backend, 'with hostile', attacker.pushes);
    console.log(withHostile);
    attacker.close();
    await Promise.all(subscribers.map((s) => s.client.removeAllChannels()));
    return [without, withHostile];
  } finally {
    await server.stop('SIGTERM');
    await database?.drop();
  }
}

const postgres = await provideTestPostgres();
const phases: Phase[] = [];
try {
  for (const backend of ['pglite', 'postgres'] as const) {
    if (process.env.REALTIME_BACKENDS && !process.env.REALTIME_BACKENDS.split(',').includes(backend)) continue;
    phases.push(...(await run(backend)));
  }
} finally {
  await postgres.stop();
}

const verdicts = [...new Set(phases.map((p) => p.backend))].map((backend) => {
  const without = phases.find((p) => p.backend === backend && p.phase === 'without');
  const withHostile = phases.find((p) => p.backend === backend && p.phase === 'with hostile');
  if (!without || !withHostile) throw new Error(`${backend}: a phase is missing`);
  const ratio = (a: number, b: number) => Number((a / Math.max(1, b)).toFixed(2));
  const postRatio = ratio(withHostile.postP99, without.postP99);
  const getRatio = ratio(withHostile.getP99, without.getP99);
  const met =
    withHostile.p99 < goalP99Ms &&
    withHostile.missed === 0 &&
    postRatio <= goalRestRatio &&
    getRatio <= goalRestRatio &&
    ratio(withHostile.postP50, without.postP50) <= goalRestRatio &&
    ratio(withHostile.getP50, without.getP50) <= goalRestRatio;
  return { backend, postRatio, getRatio, met, p99: withHostile.p99 };
});

const table = [
  '| backend | phase | ordinary changes heard | missed | p50 ms | p99 ms | max ms | anon POST p50 / p99 ms | anon GET p50 / p99 ms | hostile pushes | load (1 / 5 / 15 min) |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...phases.map(
    (p) =>
      `| ${p.backend} | ${p.phase} | ${p.heard} | ${p.missed} | ${p.p50} | ${p.p99} | ${p.max} | ${p.postP50} / ${p.postP99} | ${p.getP50} / ${p.getP99} | ${p.hostilePushes} | ${p.load} |`,
  ),
].join('\n');
const summary = verdicts
  .map(
    (v) =>
      `- ${v.backend}: ordinary p99 with the hostile socket ${v.p99} ms; anonymous p99 with / without: POST ×${v.postRatio}, GET ×${v.getRatio} — ${v.met ? 'met' : 'NOT met'}.`,
  )
  .join('\n');
writeFileSync(
  join(import.meta.dirname, 'results', 'realtime-hostile.md'),
  `# Realtime: one hostile staff socket beside ${ordinaryCount} ordinary hosts

${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, ${postgres.label}, on this 2-core machine shared with other work (load averages in the table: above 2, other work competes for the cores). Server in its own process (as \`npm start\`, rate limits off); the clients in the benchmark's process.

The hostile host: one socket, ${hostileChannels} channels, each with ${filtersPerChannel} subscriptions over the ${filtersPerChannel} distinct filters one account may hold (the cap, \`filtersPerAccount\`; one of them the ordinary board's, whose account it shares), every one true of every booking — ${hostileChannels * filtersPerChannel} subscriptions. The ordinary hosts: ${ordinaryCount} supabase-js clients, one session each, listening for new bookings (sessions of one account: rate limits off lift the per-account token cap, so they stand in for ${ordinaryCount} hosts, each read once per change). Each phase: ${bookings} anonymous bookings one at a time, 50 ms apart, while an anonymous reader sends GET /rest/v1/reservations?select=reference&limit=1 one after another, 20 ms apart. Latency of an ordinary host: from the booking's 201 to its callback. Both phases in the same server, the same run.

${table}

Goals: ordinary p99 under ${goalP99Ms} ms with the hostile socket, nothing missed, and anonymous REST latency (p50 and p99, POST and GET) with it within ${goalRestRatio}× of without:

${summary}

Before the fix (issue 20), the same hostile host made each booking cost about 7 s of database time.
`,
);
console.log(table);
console.log(summary);
if (!verdicts.every((v) => v.met)) process.exitCode = 1;
