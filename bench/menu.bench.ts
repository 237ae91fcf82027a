/**
 * Publishing a menu change to visible HTML: an owner changes a dish's price through /rest/v1 with
 * supabase-js, and the prerendered /menu is fetched every 50 ms until its HTML shows the new price;
 * the time from the write's answer to that HTML, over several changes, on the embedded database
 * and on PostgreSQL, against the built app served by the real server (`npm run build` first).
 * Results go to bench/results/menu.md.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { formatDong } from '../src/domain/format-dong.ts';
import { startTestServer } from '../tests/e2e/support/server.ts';
import { createTestPostgres } from '../tests/support/postgres.ts';

const owner = { email: 'bench-owner@saffron-lotus.test', password: 'saffron threads in warm milk' };
const changes = Number(process.env.BENCH_MENU_CHANGES ?? 10);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function measure(env: Record<string, string>): Promise<number[]> {
  const server = await startTestServer({
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
    ADMIN_ROLE: 'owner',
    ...env,
  });
  try {
    const config = (await (await fetch(`${server.url}/config.json`)).json()) as { supabaseAnonKey: string };
    const supabase = createClient(server.url, config.supabaseAnonKey, { auth: { persistSession: false } });
    const { error } = await supabase.auth.signInWithPassword(owner);
    if (error) throw error;
    // Warm: the server renderer is loaded with the first page.
    await (await fetch(`${server.url}/menu`)).text();
    const times: number[] = [];
    for (let run = 0; run < changes; run++) {
      const price = 176000 + run * 1000;
      const written = await supabase.from('menu_items').update({ price }).eq('slug', 'palak-paneer').select('id');
      if (written.error || written.data.length !== 1) throw new Error('the owner’s change was not written');
      const started = performance.now();
      const pattern = new RegExp(`Palak Paneer</h3><p[^>]*>${formatDong(price, 'en')}<`);
      for (;;) {
        if (pattern.test(await (await fetch(`${server.url}/menu`)).text())) break;
        if (performance.now() - started > 10_000) throw new Error('not visible after 10 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b);
  } finally {
    await server.stop();
  }
}

const pg = await createTestPostgres();
await pg.db.close();
const results = { PGlite: await measure({}), PostgreSQL: await measure({ DATABASE_URL: pg.url }) };
await pg.drop();

const rows = Object.entries(results).map(
  ([name, times]) =>
    `| ${name} | ${times.length} | ${Math.round(quantile(times, 0.5))} | ${Math.round(quantile(times, 0.9))} | ${Math.round(times.at(-1) ?? 0)} |`,
);
const report = `# Menu: publish to visible HTML

An owner's price change through /rest/v1, then GET /menu every 50 ms until the prerendered HTML
shows it (bench/menu.bench.ts). The server reads the menu again once a snapshot is a second old,
then renders the page with the app's own components; the time includes that wait.

Machine: ${cpus().length} CPUs, load ${loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ')} when it ended (other work was running).

| database | changes | median ms | p90 ms | max ms |
|---|---|---|---|---|
${rows.join('\n')}
`;
writeFileSync(join(import.meta.dirname, 'results', 'menu.md'), report);
console.log(report);
