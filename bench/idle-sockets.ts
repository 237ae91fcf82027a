/**
 * A helper process for realtime.bench.ts: opens idle realtime sockets in its own process, so the
 * server's memory can be measured without the clients' memory mixed in. Reads lines
 * `open <count>` on stdin; opens that many more sockets, each joined to a channel listening to
 * reservations with the given token, answers `opened <total>`; exits when stdin closes.
 * Usage: node bench/idle-sockets.ts <ws url with apikey and vsn> <access token>
 */
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

const [url, token] = process.argv.slice(2);
if (!url || !token) throw new Error('usage: idle-sockets.ts <url> <token>');

const join = JSON.stringify([
  '1',
  '1',
  'realtime:idle',
  'phx_join',
  { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'reservations' }] }, access_token: token },
]);
const sockets: WebSocket[] = [];

async function open(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const ws = new WebSocket(url ?? '');
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => ws.send(join));
      ws.once('message', () => resolve());
      ws.once('error', reject);
    });
    sockets.push(ws);
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  const count = Number(/^open (\d+)$/.exec(line)?.[1]);
  if (!Number.isInteger(count)) continue;
  await open(count);
  process.stdout.write(`opened ${sockets.length}\n`);
}
for (const ws of sockets) ws.terminate();
