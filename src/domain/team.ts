/**
 * The team: staff roles and the requests of the team screen (/admin/team), one schema each, used
 * by the screen's forms, by the server's team endpoint and by the admin CLI. The database has
 * the last word (supabase/migrations/20261123400000_roles.sql): these only keep bad input out.
 */
import { z } from 'zod';

/**
 * owner: every branch, settings and the team. staff: every branch and settings (what every staff
 * account could do before roles). host: the bookings of the branches named on the account.
 */
export const staffRoles = ['owner', 'staff', 'host'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const staffRoleSchema = z.enum(staffRoles);

export const maxBranchesPerAccount = 20;
const branchName = z.string().trim().min(1).max(64);

/** A role with its branches: a host needs at least one, the others work at every branch and name none. */
export const roleAssignmentSchema = z
  .object({
    role: staffRoleSchema,
    branches: z.array(branchName).max(maxBranchesPerAccount).default([]),
  })
  .transform((value) => ({
    role: value.role,
    // Each branch once, in the order given.
    branches: value.role === 'host' ? [...new Set(value.branches)] : [],
  }))
  .refine((value) => value.role !== 'host' || value.branches.length > 0, {
    path: ['branches'],
    message: 'A host needs at least one branch',
  });
export type RoleAssignment = z.output<typeof roleAssignmentSchema>;

/** The role claims of an account's app_metadata; anything else there is left as it is. */
export function roleClaims(assignment: RoleAssignment): { role: StaffRole; branches?: string[] } {
  return assignment.role === 'host' ? { role: 'host', branches: assignment.branches } : { role: assignment.role };
}

const accountId = z.uuid();
/**
 * An account id in a request, in canonical (lower-case) form: Postgres reads 'ABC…' and 'abc…' as
 * the same uuid, so a check that compares the text must compare the canonical form.
 */
const requestedAccountId = accountId.transform((id) => id.toLowerCase());
const email = z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254));

/** The team endpoint's POST bodies, told apart by `action`. */
export const teamRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), email, role: staffRoleSchema, branches: z.array(z.string()).default([]) }),
  z.object({
    action: z.literal('update'),
    id: requestedAccountId,
    role: staffRoleSchema,
    branches: z.array(z.string()).default([]),
  }),
  z.object({ action: z.literal('reset-password'), id: requestedAccountId }),
  z.object({ action: z.literal('remove'), id: requestedAccountId }),
]);
export type TeamRequest = z.input<typeof teamRequestSchema>;

/** One account as the team screen lists it. */
export const teamAccountSchema = z.object({
  id: accountId,
  email: z.string(),
  role: staffRoleSchema,
  branches: z.array(z.string()),
  /** Whether a verified two-factor method protects the account. */
  mfa: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type TeamAccount = z.infer<typeof teamAccountSchema>;

export const teamListSchema = z.object({
  accounts: z.array(teamAccountSchema),
  /** The branches an account may be given. */
  branches: z.array(z.string()),
  /** The caller's own account, which the screen does not let them demote or remove. */
  self: accountId,
});
export type TeamList = z.infer<typeof teamListSchema>;

/** What creating an account or resetting its password answers: the password, shown once. */
export const temporaryPasswordSchema = z.object({ account: teamAccountSchema, temporaryPassword: z.string() });
export type TemporaryPasswordReply = z.infer<typeof temporaryPasswordSchema>;
