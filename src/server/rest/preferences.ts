/**
 * The request headers that shape a PostgREST response: `Prefer` (postgrest-js appends several,
 * so they arrive comma-joined), `Accept` (array or single object) and the schema profiles.
 */
import { RestError } from './rest-error.ts';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | undefined;
  /** planned and estimated are answered with an exact count: the tables here are small enough. */
  count: 'exact' | 'planned' | 'estimated' | undefined;
  missing: 'default' | 'null' | undefined;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  tx: 'commit' | 'rollback' | undefined;
}

const allowed = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  missing: ['default', 'null'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  tx: ['commit', 'rollback'],
} as const;

type Key = keyof typeof allowed;

function isKey(key: string): key is Key {
  return Object.hasOwn(allowed, key);
}

/** Unknown or malformed preferences are ignored, as PostgREST does without `handling=strict`. */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = {
    return: undefined,
    count: undefined,
    missing: undefined,
    resolution: undefined,
    tx: undefined,
  };
  for (const part of (header ?? '').split(',')) {
    const [rawKey, rawValue] = part.split('=', 2);
    const key = rawKey?.trim().toLowerCase() ?? '';
    const value = rawValue?.trim().toLowerCase() ?? '';
    if (!isKey(key)) continue;
    const options: readonly string[] = allowed[key];
    if (options.includes(value)) Object.assign(prefs, { [key]: value });
  }
  return prefs;
}

/** The preferences that were honoured, for `Preference-Applied`. */
export function appliedPreferences(prefs: Preferences): string | undefined {
  const parts = (Object.keys(allowed) as Key[]).flatMap((key) => (prefs[key] ? [`${key}=${prefs[key]}`] : []));
  return parts.length > 0 ? parts.join(', ') : undefined;
}

export type Shape = 'array' | 'object';

const arrayTypes = new Set(['', '*/*', 'application/*', 'application/json', 'application/vnd.pgrst.array+json']);
const objectTypes = new Set(['application/vnd.pgrst.object+json', 'application/vnd.pgrst.object']);

/** Array (the default) or a single object; any other media type is refused with 406 PGRST107. */
export function responseShape(accept: string | undefined): Shape {
  if (!accept) return 'array';
  for (const part of accept.split(',')) {
    const type = (part.split(';')[0] ?? '').trim().toLowerCase();
    if (objectTypes.has(type)) return 'object';
    if (arrayTypes.has(type)) return 'array';
  }
  throw new RestError(406, {
    code: 'PGRST107',
    message: `None of these media types are available: ${accept.slice(0, 200)}`,
    details: null,
  });
}

/** Only schema public is exposed (Accept-Profile / Content-Profile). */
export function checkProfile(profile: string | undefined): void {
  if (profile === undefined || profile === '' || profile === 'public') return;
  throw new RestError(406, {
    code: 'PGRST106',
    message: `Invalid schema: ${profile.slice(0, 100)}`,
    hint: 'Only the following schemas are exposed: public',
  });
}
