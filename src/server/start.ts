/** `npm start`: builds the web app when it is not built yet, then runs the server. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultWebRoot, projectRoot, runMain } from './main.ts';

if (!existsSync(join(defaultWebRoot, 'index.html'))) {
  console.log('Building the web app (first start, about a minute)…');
  const vite = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  // The build tool's warnings (chunk sizes, plugin notes) mean nothing to someone starting the
  // site: they are kept, and shown only if the build fails, where they may say why.
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    console.error(`Could not build the web app${build.error ? `: ${build.error.message}` : ''}.`);
    process.exit(build.status ?? 1);
  }
}

await runMain();
