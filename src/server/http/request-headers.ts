/**
 * A request's headers as SQL sees them (`request.headers`, lower-case names, as PostgREST sets
 * it), but for the credentials: the claims are already in request.jwt.claims, and a key or a
 * session cookie has no business in a setting any function can read.
 */
const credentialHeaders = new Set(['authorization', 'apikey', 'cookie']);

export function databaseVisibleHeaders(headers: Headers): string {
  return JSON.stringify(Object.fromEntries([...headers].filter(([name]) => !credentialHeaders.has(name))));
}
