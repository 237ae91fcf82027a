/**
 * The request headers that shape a PostgREST response: `Prefer` (postgrest-js appends several,
 * so they arrive comma-joined), `Accept` (array or single object) and the schema profiles.
 */
import { RestError } from './rest-error.ts';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | undefined;
  /** exact: counted; planned: the planner's estimate; estimated: counted up to the row cap, then planned. */
  count: 'exact' | 'planned' | 'estimated' | undefined;
  missing: 'default' | 'null' | undefined;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  tx: 'commit' | 'rollback' | undefined;
  /** strict: an unknown or malformed preference is an error (PGRST122), and max-affected holds. */
  handling: 'strict' | 'lenient' | undefined;
  /** max-affected=N: with handling=strict, an update or delete of more rows fails (PGRST124). */
  maxAffected: number | undefined;
}

const allowed = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  missing: ['default', 'null'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
} as const;

type Key = keyof typeof allowed;

function isKey(key: string): key is Key {
  return Object.hasOwn(allowed, key);
}

/**
 * Unknown or malformed preferences are ignored, as PostgREST does, unless `handling=strict` is
 * among them: then they are refused with PGRST122.
 */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = {
    return: undefined,
    count: undefined,
    missing: undefined,
    resolution: undefined,
    tx: undefined,
    handling: undefined,
    maxAffected: undefined,
  };
  const invalid: string[] = [];
  for (const part of (header ?? '').split(',')) {
    if (part.trim() === '') continue;
    const [rawKey, rawValue] = part.split('=', 2);
    const key = rawKey?.trim().toLowerCase() ?? '';
    const value = rawValue?.trim().toLowerCase() ?? '';
    if (key === 'max-affected' && /^\d{1,15}$/.test(value)) {
      prefs.maxAffected = Number(value);
      continue;
    }
    const options: readonly string[] = isKey(key) ? allowed[key] : [];
    if (options.includes(value)) Object.assign(prefs, { [key]: value });
    else invalid.push(part.trim().slice(0, 100));
  }
  if (prefs.handling === 'strict' && invalid.length > 0) {
    throw new RestError(400, {
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: `Invalid preferences: ${invalid.join(', ')}`,
    });
  }
  return prefs;
}

/** The preferences that were honoured, for `Preference-Applied`. */
export function appliedPreferences(prefs: Preferences): string | undefined {
  const parts = (Object.keys(allowed) as Key[]).flatMap((key) => (prefs[key] ? [`${key}=${prefs[key]}`] : []));
  if (prefs.maxAffected !== undefined && prefs.handling === 'strict') parts.push(`max-affected=${prefs.maxAffected}`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** PGRST124 when a strict max-affected is exceeded; thrown inside the transaction, so nothing is kept. */
export function checkMaxAffected(prefs: Preferences, affected: number): void {
  if (prefs.handling !== 'strict' || prefs.maxAffected === undefined || affected <= prefs.maxAffected) return;
  throw new RestError(400, {
    code: 'PGRST124',
    message: 'Query result exceeds max-affected preference constraint',
    details: `The query affects ${affected} rows`,
  });
}

/** A JSON array (the default), a single object, or CSV. */
export type Shape = 'array' | 'object' | 'csv';

const arrayTypes = new Set(['', '*/*', 'application/*', 'application/json', 'application/vnd.pgrst.array+json']);
const objectTypes = new Set(['application/vnd.pgrst.object+json', 'application/vnd.pgrst.object']);

/** Array (the default), a single object or CSV; any other media type is refused with 406 PGRST107. */
export function responseShape(accept: string | undefined): Shape {
  if (!accept) return 'array';
  for (const part of accept.split(',')) {
    const type = (part.split(';')[0] ?? '').trim().toLowerCase();
    if (objectTypes.has(type)) return 'object';
    if (arrayTypes.has(type)) return 'array';
    if (type === 'text/csv') return 'csv';
  }
  throw new RestError(406, {
    code: 'PGRST107',
    message: `None of these media types are available: ${accept.slice(0, 200)}`,
    details: null,
  });
}

/**
 * The schema a request reads or writes (Accept-Profile / Content-Profile): one of the exposed
 * ones, the first when none is named; any other is PGRST106.
 */
export function chooseSchema(profile: string | undefined, exposed: readonly string[] = ['public']): string {
  const fallback = exposed[0] ?? 'public';
  if (profile === undefined || profile === '') return fallback;
  if (exposed.includes(profile)) return profile;
  throw new RestError(406, {
    code: 'PGRST106',
    // PostgREST's wording; the schema asked for is not repeated.
    message: `The schema must be one of the following: ${exposed.join(', ')}`,
  });
}
