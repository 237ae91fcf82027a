/**
 * The load generator of the benchmarks: `connections` loops, each sending one request after
 * another until the deadline. A loop stops starting requests at the deadline but waits for the one
 * in flight, so every request sent is counted (a generator that abandons in-flight requests at the
 * end would make stored rows exceed acknowledged ones).
 */
export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
}

/** `requestFor(connection)` gives each loop its request (the same for all, or one per loop). */
export async function drive(
  requestFor: (connection: number) => LoadRequest,
  options: { seconds: number; connections: number },
) {
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async (_, connection) => {
      const request = requestFor(connection);
      while (performance.now() < deadline) {
        const t = performance.now();
        try {
          const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
          await response.arrayBuffer();
          if (response.status >= 200 && response.status < 300) ok += 1;
          else non2xx += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: ok + non2xx + errors,
    ok,
    non2xx,
    errors,
    latencies,
    seconds: (performance.now() - started) / 1000,
  };
}
