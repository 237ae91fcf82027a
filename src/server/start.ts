/** `npm start`: builds the web app when it is not built yet, then runs the server. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultWebRoot, projectRoot, runMain } from './main.ts';
import { runQuietly } from './quiet-build.ts';

if (!existsSync(join(defaultWebRoot, 'index.html'))) {
  console.log('Building the web app (first start, about a minute)…');
  const vite = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const status = runQuietly([vite, 'build', '--logLevel', 'warn'], projectRoot);
  if (status !== 0) process.exit(status);
}

await runMain();
