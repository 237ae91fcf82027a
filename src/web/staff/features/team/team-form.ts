/**
 * The team screen's two forms (add an account; change an account's role), checked with the
 * domain's role rule. Messages are keys of the `team` namespace, translated where shown.
 */
import { z } from 'zod';
import { staffRoleSchema } from '../../../../domain/team.ts';

const roleFields = {
  role: staffRoleSchema,
  branches: z.array(z.string()),
};

/** A host needs a branch; the others work everywhere, so their ticked branches are dropped. */
function branchesForRole<T extends { role: string; branches: string[] }>(value: T, ctx: z.RefinementCtx): void {
  if (value.role === 'host' && value.branches.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['branches'], message: 'form.branchesRequired' });
  }
}

export const roleFormSchema = z.object(roleFields).superRefine(branchesForRole);
export type RoleFormValues = z.input<typeof roleFormSchema>;

export const addAccountSchema = z
  .object({
    email: z.string().trim().min(1, 'form.emailRequired').pipe(z.email('form.emailInvalid')),
    ...roleFields,
  })
  .superRefine(branchesForRole);
export type AddAccountValues = z.input<typeof addAccountSchema>;

/** What the endpoint is sent: branches only for a host. */
export function assignmentOf(values: { role: RoleFormValues['role']; branches: string[] }) {
  return { role: values.role, branches: values.role === 'host' ? values.branches : [] };
}
