/**
 * Whether a session belongs to staff, and which role and branches it has. The database decides
 * who may read reservations from the access token's `app_metadata` (the RLS policies read
 * auth.jwt()), so the dashboard reads the same claims from the same token, not a copy kept
 * elsewhere. This only chooses what to show: the REST layer returns no rows to a non-staff token,
 * and only their branches' rows to a host, whatever the browser does.
 */
import { z } from 'zod';
import { type StaffRole, staffRoleSchema } from '../../../domain/team.ts';

const claimsSchema = z.object({
  app_metadata: z.object({ role: z.string().optional(), branches: z.unknown().optional() }).optional(),
});

/** What a staff token says about its holder: the role, and a host's branches (empty for the others). */
export interface StaffClaims {
  role: StaffRole;
  branches: string[];
}

function decodeBase64Url(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function appMetadataOf(accessToken: string): z.infer<typeof claimsSchema>['app_metadata'] {
  const payload = accessToken.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = claimsSchema.safeParse(JSON.parse(decodeBase64Url(payload)));
    return claims.success ? claims.data.app_metadata : undefined;
  } catch {
    return undefined;
  }
}

/** The role in a JWT's app_metadata, or undefined when the token or claim is missing or malformed. */
export function appRoleOf(accessToken: string): string | undefined {
  return appMetadataOf(accessToken)?.role;
}

/** The staff claims of a token, or undefined for anyone else (as the policies decide: a host with no branch sees nothing). */
export function staffClaimsOf(accessToken: string): StaffClaims | undefined {
  const metadata = appMetadataOf(accessToken);
  const role = staffRoleSchema.safeParse(metadata?.role);
  if (!role.success) return undefined;
  if (role.data !== 'host') return { role: role.data, branches: [] };
  const branches = z.array(z.string()).safeParse(metadata?.branches);
  return branches.success && branches.data.length > 0 ? { role: 'host', branches: branches.data } : undefined;
}

export function isStaffToken(accessToken: string): boolean {
  return staffClaimsOf(accessToken) !== undefined;
}
