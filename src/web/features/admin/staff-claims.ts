/**
 * Whether a session belongs to staff. The database decides who may read reservations from the
 * access token's `app_metadata.role` (the RLS policies read auth.jwt()), so the dashboard reads
 * the same claim from the same token, not a copy kept elsewhere. This only chooses what to show:
 * the REST layer returns no rows to a non-staff token whatever the browser does.
 */
import { z } from 'zod';

export const staffRole = 'staff';

const claimsSchema = z.object({
  app_metadata: z.object({ role: z.string().optional() }).optional(),
});

function decodeBase64Url(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The role in a JWT's app_metadata, or undefined when the token or claim is missing or malformed. */
export function appRoleOf(accessToken: string): string | undefined {
  const payload = accessToken.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = claimsSchema.safeParse(JSON.parse(decodeBase64Url(payload)));
    return claims.success ? claims.data.app_metadata?.role : undefined;
  } catch {
    return undefined;
  }
}

export function isStaffToken(accessToken: string): boolean {
  return appRoleOf(accessToken) === staffRole;
}
