/**
 * The first `npm start` builds the web app. The build tool's warnings (chunk sizes, plugin notes)
 * mean nothing to someone starting the site, so they are kept and shown only if the build fails,
 * where they may say why.
 */
import { spawnSync } from 'node:child_process';

export interface BuildOutput {
  out(text: string): void;
  err(text: string): void;
}

const toConsole: BuildOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** Runs `node <args>` in `cwd`; returns its exit status, printing its output only when that is not 0. */
export function runQuietly(args: string[], cwd: string, output: BuildOutput = toConsole): number {
  const build = spawnSync(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (build.status === 0) return 0;
  output.out(build.stdout ?? '');
  output.err(build.stderr ?? '');
  output.err(`Could not build the web app${build.error ? `: ${build.error.message}` : ''}.\n`);
  return build.status ?? 1;
}
