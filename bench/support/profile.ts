/**
 * Where a page's JavaScript time goes, from Chrome's sampling profiler (CDP Profiler): self time
 * summed by script (the app's chunks by name) and by function, for the benches' results. The
 * built app is minified, so functions are named as they ship (with their chunk and line).
 */
import type { CDPSession } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  // 100 µs between samples: fine enough for a render of tens of milliseconds.
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
}

export interface ProfileSummary {
  totalMs: number;
  byScript: { name: string; ms: number }[];
  byFunction: { name: string; ms: number }[];
}

const scriptName = (url: string): string =>
  url === '' ? '(native, GC, idle)' : ((url.split('/').pop() ?? url).split('?')[0] ?? url);

export async function stopProfile(cdp: CDPSession): Promise<ProfileSummary> {
  const { profile } = await cdp.send('Profiler.stop');
  const nodes = new Map<number, ProfileNode>(profile.nodes.map((node) => [node.id, node]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let totalMs = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, index) => {
    const node = nodes.get(id);
    const ms = (deltas[index + 1] ?? 0) / 1000;
    if (!node || node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') return;
    totalMs += ms;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const script = scriptName(url);
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'} ${script}${url ? `:${lineNumber + 1}:${columnNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => ({ name, ms }));
  await cdp.send('Profiler.disable');
  return { totalMs, byScript: top(byScript, 8), byFunction: top(byFunction, 12) };
}

/** The summary as Markdown lines for a results file. */
export function profileLines(summary: ProfileSummary): string[] {
  return [
    `Sampled JavaScript time: ${summary.totalMs.toFixed(0)} ms (idle and the profiler's own "(program)" left out).`,
    '',
    '| Script | Self time |',
    '|---|---:|',
    ...summary.byScript.map((row) => `| \`${row.name}\` | ${row.ms.toFixed(0)} ms |`),
    '',
    '| Function (as shipped, minified) | Self time |',
    '|---|---:|',
    ...summary.byFunction.map((row) => `| \`${row.name}\` | ${row.ms.toFixed(1)} ms |`),
  ];
}
