/**
 * Checks on a parsed JSON body that JSON.parse does not make. V8 parses nesting of any depth, but
 * JSON.stringify and every recursive walk after it (ours, a reviver's, the database's JSON parser)
 * overflow their stacks a few thousand levels down: a 10 KB body of brackets became a RangeError
 * and a 500. And Postgres text cannot hold NUL (U+0000), so a string with one can never be stored.
 * The walk is iterative, so it has no stack to overflow itself.
 */

/** Levels of arrays and objects a body may nest; our tables' columns need one or two. */
export const maxJsonDepth = 32;

export type JsonFault = 'too-deep' | 'nul' | 'forbidden-key';

/** The first problem found in `value`, or undefined. `forbiddenKeys` are refused at any depth. */
export function findJsonFault(value: unknown, forbiddenKeys: ReadonlySet<string> = new Set()): JsonFault | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const current = next.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return 'nul';
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (next.depth > maxJsonDepth) return 'too-deep';
    const entries: [string | undefined, unknown][] = Array.isArray(current)
      ? current.map((item) => [undefined, item])
      : Object.entries(current);
    for (const [key, inner] of entries) {
      if (key !== undefined) {
        if (key.includes('\u0000')) return 'nul';
        if (forbiddenKeys.has(key)) return 'forbidden-key';
      }
      pending.push({ value: inner, depth: next.depth + 1 });
    }
  }
  return undefined;
}
