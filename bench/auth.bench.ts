/**
 * Password sign-ins per second through POST /auth/v1/token?grant_type=password on PGlite (rate
 * limits off): sequential, and 8 concurrent clients. Each sign-in is one bcrypt comparison (cost
 * 10) plus a new session, refresh token and signed JWT; bcrypt alone is measured in the same run
 * for comparison. Results go to bench/results/auth.md.
 */

import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcrypt';
import { bcryptCost } from '../src/server/auth/passwords.ts';
import { startTestServer, type TestServer } from '../tests/support/test-server.ts';

const staff = { email: 'bench@saffron-lotus.test', password: 'bench passphrase 1' };
const sequentialRuns = Number(process.env.BENCH_SIGNINS ?? 40);
const concurrency = 8;
const concurrentSeconds = Number(process.env.BENCH_SECONDS ?? 8);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function signIn(server: TestServer): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify(staff),
  });
  const body = (await response.json()) as { access_token?: string };
  if (response.status !== 200 || !body.access_token) throw new Error(`sign-in failed with ${response.status}`);
  return performance.now() - started;
}

const loadBefore = loadavg()[0] ?? 0;
const server = await startTestServer('pglite', {
  ADMIN_EMAIL: staff.email,
  ADMIN_PASSWORD: staff.password,
  RATE_LIMITS: 'off',
});
try {
  for (let i = 0; i < 3; i++) await signIn(server);

  const hash = await bcrypt.hash(staff.password, bcryptCost);
  const bcryptStarted = performance.now();
  for (let i = 0; i < 20; i++) await bcrypt.compare(staff.password, hash);
  const bcryptPerSecond = 20 / ((performance.now() - bcryptStarted) / 1000);

  const sequential: number[] = [];
  const sequentialStarted = performance.now();
  for (let i = 0; i < sequentialRuns; i++) sequential.push(await signIn(server));
  const sequentialPerSecond = sequentialRuns / ((performance.now() - sequentialStarted) / 1000);
  sequential.sort((a, b) => a - b);

  const concurrent: number[] = [];
  const deadline = performance.now() + concurrentSeconds * 1000;
  const concurrentStarted = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) concurrent.push(await signIn(server));
    }),
  );
  const concurrentPerSecond = concurrent.length / ((performance.now() - concurrentStarted) / 1000);
  concurrent.sort((a, b) => a - b);

  const loadAfter = loadavg()[0] ?? 0;
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const row = (label: string, perSecond: number, samples: number[]) =>
    `| ${label} | ${samples.length} | ${perSecond.toFixed(1)} | ${percentile(samples, 50).toFixed(0)} | ${percentile(samples, 95).toFixed(0)} |`;
  const report = `# /auth/v1 benchmark

Run ${new Date().toISOString()} with \`node bench/run.ts auth\` — Node ${process.version}, ${cpus().length} CPU(s) (${cpu}), shared with other work: load average ${loadBefore.toFixed(1)} at the start, ${loadAfter.toFixed(1)} at the end.

## Password sign-ins on PGlite

\`POST /auth/v1/token?grant_type=password\` for one staff account, rate limits off, over HTTP from the same process. A sign-in is one bcrypt comparison (cost ${bcryptCost}, native \`bcrypt\`, on the libuv thread pool so other requests keep flowing), a session, an amr claim and a refresh token written in one transaction, the user read back and an ES256 access token signed.

| clients | sign-ins | per second | median ms | p95 ms |
|---|---:|---:|---:|---:|
${row('1 (sequential)', sequentialPerSecond, sequential)}
${row(`${concurrency} concurrent`, concurrentPerSecond, concurrent)}

bcrypt alone on this machine: ${bcryptPerSecond.toFixed(1)} comparisons per second (sequential). bcrypt dominates on purpose — it is what makes guessing passwords slow — so sign-ins per second stay close to it; concurrent clients can use both cores because the comparisons run on the thread pool, not the JavaScript thread. The per-address sign-in limit (20 per 5 minutes) keeps any single client far below this rate.
`;
  writeFileSync(join(import.meta.dirname, 'results', 'auth.md'), report);
  console.log(report);
} finally {
  await server.close();
}
