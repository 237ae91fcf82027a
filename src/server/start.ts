/** `npm start`: builds the web app when it is not built yet, then runs the server. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultWebRoot, projectRoot, runMain } from './main.ts';

if (!existsSync(join(defaultWebRoot, 'index.html'))) {
  console.log('Building the web app (first start only)…');
  const vite = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await runMain();
