/**
 * Photo uploads through /storage/v1 on PGlite: a 12-megapixel JPEG (4000×3000, as a phone takes
 * it) uploaded by an owner with supabase-js, timed from the request to the answer (checked, made
 * upright, re-encoded at full size and into AVIF, WebP and JPEG at 320–1280 px, written to disk,
 * its row committed), and the server's resident memory (its own process, started as in
 * production) sampled every 10 ms meanwhile, on the embedded database and on PostgreSQL.
 * Results go to bench/results/storage.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { createTestPostgres } from '../tests/support/postgres.ts';

const owner = { email: 'bench-owner@saffron-lotus.test', password: 'saffron threads in warm milk' };
const runs = Number(process.env.BENCH_UPLOADS ?? 5);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** A photo-like 12-megapixel JPEG: smooth colour with fine grain, so it compresses like a real one. */
async function twelveMegapixels(seed: number): Promise<Buffer> {
  const small = await sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 120 + seed, sigma: 60 },
    },
  })
    .blur(0.6)
    .png()
    .toBuffer();
  return sharp(small).resize(4000, 3000).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer();
}

const root = join(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A process's resident memory (Linux: /proc), in bytes; 0 once it has exited. */
function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The server's memory: its own process and its photo process (its child), in bytes. */
function memoryOf(pid: number): { server: number; photos: number } {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    children = [];
  }
  return { server: rssOf(pid), photos: children.reduce((sum, child) => sum + rssOf(child), 0) };
}

async function measure(backend: 'pglite' | 'postgres', photos: Buffer[]) {
  const dataDir = mkdtempSync(join(tmpdir(), 'saffron-bench-'));
  const pg = backend === 'postgres' ? await createTestPostgres() : undefined;
  await pg?.db.close();
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'src', 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: owner.email,
      ADMIN_PASSWORD: owner.password,
      ADMIN_ROLE: 'owner',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = child.pid ?? 0;
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if ((await fetch(`${url}/health`).catch(() => undefined))?.ok) break;
      if (i > 600) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const { supabaseAnonKey } = (await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string };
    const client = createClient(url, supabaseAnonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { error: signInError } = await client.auth.signInWithPassword(owner);
    if (signInError) throw signInError;
    const before = memoryOf(pid);
    const peak = { server: before.server, photos: 0, total: before.server + before.photos };
    const sampler = setInterval(() => {
      const now = memoryOf(pid);
      peak.server = Math.max(peak.server, now.server);
      peak.photos = Math.max(peak.photos, now.photos);
      peak.total = Math.max(peak.total, now.server + now.photos);
    }, 10);
    const times: number[] = [];
    let variants = 0;
    for (const [i, photo] of photos.entries()) {
      const started = performance.now();
      const { error } = await client.storage
        .from('menu')
        .upload(`bench/dish-${i}.jpg`, new File([new Uint8Array(photo)], 'dish.jpg', { type: 'image/jpeg' }));
      times.push(performance.now() - started);
      if (error) throw error;
      const { data } = await client.storage.from('menu').list('bench', { search: `dish-${i}` });
      const stored = data?.[0]?.metadata?.variants;
      variants = Array.isArray(stored) ? stored.length : 0;
    }
    clearInterval(sampler);
    const sorted = [...times].sort((a, b) => a - b);
    return {
      backend,
      median: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
      fastest: sorted[0] ?? Number.NaN,
      slowest: sorted.at(-1) ?? Number.NaN,
      variants,
      rssBefore: before.server,
      peak,
    };
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
}

const loadBefore = loadavg()[0] ?? 0;
const photos = await Promise.all(Array.from({ length: runs }, (_, i) => twelveMegapixels(i)));
const results = [];
for (const backend of ['pglite', 'postgres'] as const) results.push(await measure(backend, photos));
const loadAfter = loadavg()[0] ?? 0;
const size = photos[0]?.length ?? 0;
const rows = results
  .map(
    (r) =>
      `| ${r.backend === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} | ${runs} | ${Math.round(r.median)} | ${Math.round(r.fastest)} | ${Math.round(r.slowest)} | ${mb(r.rssBefore)} | ${mb(r.peak.server)} | ${mb(r.peak.photos)} | **${mb(r.peak.total)}** |`,
  )
  .join('\n');
const report = `# /storage/v1 photo upload benchmark

Run ${new Date().toISOString()} with \`node bench/run.ts storage\` — Node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}), shared with other work: load average ${loadBefore.toFixed(1)} at the start, ${loadAfter.toFixed(1)} at the end.

## A 12-megapixel JPEG to its stored sizes

${runs} uploads by an owner through supabase-js (multipart, as from a browser File) of a 4000×3000 JPEG (${(size / 1024 / 1024).toFixed(1)} MB, EXIF orientation 6) into the \`menu\` bucket, each timed from request to answer: bytes and header checked, RLS asked, the photo turned upright and re-encoded without metadata at full size, then ${results[0]?.variants} sizes (AVIF, WebP and JPEG at 320, 640, 960 and 1280 px) made from one 1280 px intermediate, written atomically and the row committed. One photo is processed at a time, in the server's photo process (a child, src/server/storage/photo-process.ts: libvips with one thread, its cache off and one malloc arena; it exits after 10 s idle). The server runs as in production (\`node src/server/main.ts\`); the resident memory (RSS, /proc) of the server's process and of its photo process is sampled every 10 ms. Goal: under 300 MB.

| database | uploads | median ms | fastest ms | slowest ms | server RSS before MB | server RSS peak MB | photo process RSS peak MB | together, peak MB |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
${rows}
`;
writeFileSync(join(import.meta.dirname, 'results', 'storage.md'), report);
console.log(report);
