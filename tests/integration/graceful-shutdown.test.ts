/**
 * SIGTERM under load, on the real entry point: 32 keep-alive connections keep sending (reads and
 * bookings) when the signal comes. Every request sent is answered (none cut by a reset), the
 * process exits 0 having released the data folder, a restart on the same folder and port serves
 * at once, and a staff member's realtime channel comes back by itself and hears a new booking.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../e2e/support/free-port.ts';
import { guestBooking, sheetsPayload } from '../support/builders.ts';

const staff = { email: 'night-manager@saffron-lotus.test', password: 'lanterns drift past the old bridge at dusk' };
const main = join(import.meta.dirname, '..', '..', 'src', 'server', 'main.ts');
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The real entry point on `port` and `dir`; resolves once /health answers (a busy machine may take a while). */
async function start(env: Record<string, string>, dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  children.push(child);
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    if (
      await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

type Outcome = { kind: 'answered'; status: number } | { kind: 'refused' } | { kind: 'cut'; code: string };

/** One request on the shared keep-alive agent; a reset or a hang-up after sending is "cut". */
function send(agent: Agent, port: number, index: number): Promise<Outcome> {
  const booking = index % 2 === 0;
  const body = booking ? JSON.stringify(sheetsPayload({ name: `Load ${index}` })) : undefined;
  return new Promise((resolve) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: booking ? 'POST' : 'GET',
        path: booking ? '/sheets/exec' : '/health',
        headers: booking ? { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(body ?? '') } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ kind: 'answered', status: res.statusCode ?? 0 }));
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'cut', code: error.code ?? error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'cut', code: error.code ?? error.message }),
    );
    req.end(body);
  });
}

describe('SIGTERM under load', () => {
  it('answers every request it took, exits 0, restarts at once, and realtime clients come back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'saffron-drain-'));
    dirs.push(dir);
    const port = await freePort();
    const env = { PORT: String(port), RATE_LIMITS: 'off', ADMIN_EMAIL: staff.email, ADMIN_PASSWORD: staff.password };
    const url = `http://127.0.0.1:${port}`;
    const first = await start(env, dir, port);
    const { supabaseAnonKey } = (await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string };

    // A staff member's live board, and a raw socket that records how it is closed.
    const host = createClient(url, supabaseAnonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    expect((await host.auth.signInWithPassword(staff)).error).toBeNull();
    await host.realtime.setAuth();
    const statuses: string[] = [];
    const heard: string[] = [];
    host
      .channel('board')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'reservations' }, (change) =>
        heard.push(String((change.new as { name?: unknown }).name)),
      )
      .subscribe((status) => statuses.push(status));
    await expect.poll(() => statuses, { timeout: 20_000 }).toContain('SUBSCRIBED');
    const raw = new WebSocket(`ws://127.0.0.1:${port}/realtime/v1/websocket?apikey=${supabaseAnonKey}&vsn=1.0.0`);
    await new Promise((resolve) => raw.once('open', resolve));
    const rawClosed = new Promise<number>((resolve) => raw.once('close', (code) => resolve(code)));

    const agent = new Agent({ keepAlive: true, maxSockets: 32 });
    const outcomes: Outcome[] = [];
    let sent = 0;
    let stopped = false;
    const loops = Array.from({ length: 32 }, async () => {
      while (!stopped) {
        const outcome = await send(agent, port, sent++);
        outcomes.push(outcome);
        if (outcome.kind === 'refused') return; // the server no longer accepts: this client stops
      }
    });
    await expect.poll(() => outcomes.length, { timeout: 30_000 }).toBeGreaterThan(200);
    const answeredBefore = outcomes.length;
    const code = await stop(first, 'SIGTERM');
    stopped = true;
    await Promise.all(loops);
    agent.destroy();

    expect(code).toBe(0);
    expect(outcomes.filter((o) => o.kind === 'cut')).toEqual([]);
    // Requests kept being answered after the signal, on connections already open.
    expect(outcomes.filter((o) => o.kind === 'answered').length).toBeGreaterThan(answeredBefore);
    expect(outcomes.filter((o) => o.kind === 'answered' && o.status >= 500)).toEqual([]);
    expect(await rawClosed).toBe(1001);
    // The lock is released, not left to go stale.
    expect(readdirSync(dir).filter((name) => name.startsWith('pgdata.lock'))).toEqual([]);

    const second = await start(env, dir, port);
    expect((await fetch(`${url}/ready`)).status).toBe(200);
    // supabase-js reconnects by itself and joins the channel again.
    await expect.poll(() => statuses.filter((s) => s === 'SUBSCRIBED').length, { timeout: 30_000 }).toBe(2);
    const guest = createClient(url, supabaseAnonKey, { auth: { persistSession: false } });
    expect((await guest.from('reservations').insert(guestBooking({ name: 'After the restart' }))).error).toBeNull();
    await expect.poll(() => heard, { timeout: 20_000 }).toContain('After the restart');
    await host.removeAllChannels();
    expect(await stop(second, 'SIGTERM')).toBe(0);
  }, 420_000);
});
