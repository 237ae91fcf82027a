import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runQuietly } from './quiet-build.ts';

const dir = mkdtempSync(join(tmpdir(), 'saffron-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for the build tool: warns on both streams, then exits with `code`. */
function fakeBuild(code: number): string {
  const script = join(dir, `build-${code}.mjs`);
  writeFileSync(
    script,
    `console.log('(!) Some chunks are larger than 500 kB');\nconsole.error('[PLUGIN_WARNING] a note');\nprocess.exit(${code});\n`,
  );
  return script;
}

function captured() {
  const lines: string[] = [];
  return { lines, output: { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t) } };
}

describe('the first start’s build', () => {
  it('keeps the build tool’s warnings out of the start log when the build succeeds', () => {
    const { lines, output } = captured();
    expect(runQuietly([fakeBuild(0)], dir, output)).toBe(0);
    expect(lines.join('')).toBe('');
  });

  it('shows them, and says the build failed, when it fails', () => {
    const { lines, output } = captured();
    expect(runQuietly([fakeBuild(3)], dir, output)).toBe(3);
    const text = lines.join('');
    expect(text).toContain('Some chunks are larger than 500 kB');
    expect(text).toContain('[PLUGIN_WARNING] a note');
    expect(text).toContain('Could not build the web app.');
  });
});
