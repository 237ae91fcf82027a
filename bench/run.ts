/**
 * `npm run bench`: runs every bench/*.bench.ts in turn (each as its own process, so one cannot
 * warm up another) and leaves their latest results in bench/results/. Pass names to run some:
 * `npm run bench -- rest`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
mkdirSync(join(dir, 'results'), { recursive: true });
const wanted = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.startsWith(name)))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, [join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
if (benches.length === 0) console.log('No benchmark matched.');
process.exit(failed === 0 ? 0 : 1);
