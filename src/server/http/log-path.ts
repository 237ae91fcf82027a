/**
 * The path a request log line may hold. Paths can carry secrets — a manage link's token today,
 * who knows what tomorrow — and the log must hold none, whichever route (or no route) answered.
 * So redaction is by shape, on every logged path, not by route:
 *
 * - every segment after a `booking` segment (any language prefix, any case, percent-encoded or
 *   not) is the manage link's token or follows it: the path ends at `booking/:token`;
 * - any run of 20 or more characters of the URL-safe alphabet (base64url, hex, base32 and UUIDs
 *   all fall in it) that holds a digit or a capital letter is `:secret`. A secret of this product
 *   is at least 128 random bits, over 20 such characters, and random base64url or hex of that
 *   length is all lower case without digits about once in 10^7 tries (a real manage token is
 *   caught by the first rule whatever its letters; a new secret written in lower-case letters
 *   only would need a rule of its own). What this spares is what the log is for: table and
 *   function names (`/rest/v1/rpc/booking_availability`), pages and file names, and the build's
 *   own file names under /assets/ (words, then Vite's 8-character hash: `manage-booking-page-Bx7d9kQ2.js`).
 */
const secretSegmentParents = new Set(['booking']);
const urlSafeRun = /[A-Za-z0-9_-]{20,}/g;
const builtAsset = /^\/assets\/[A-Za-z]+(?:-[A-Za-z]+)*-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

/** A percent-decoded segment, or the segment itself when it does not decode. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function redactRuns(segment: string): string {
  return segment.replace(urlSafeRun, (run) => (/[A-Z0-9]/.test(run) ? ':secret' : run));
}

export function loggedPath(path: string): string {
  if (builtAsset.test(path)) return path;
  const segments = path.split('/');
  const kept: string[] = [];
  for (const [index, segment] of segments.entries()) {
    const plain = decoded(segment);
    if (index > 0 && secretSegmentParents.has(decoded(segments[index - 1] ?? '').toLowerCase())) {
      kept.push(':token');
      break;
    }
    // Logged decoded when any part of it is redacted: an encoded secret must not slip past.
    const redacted = redactRuns(plain);
    kept.push(redacted === plain ? segment : redacted);
  }
  return kept.join('/');
}
