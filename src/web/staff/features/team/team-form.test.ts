import { describe, expect, it } from 'vitest';
import { addAccountSchema, assignmentOf, roleFormSchema } from './team-form.ts';

describe('the team forms', () => {
  it('need an email address, and a branch for a host', () => {
    const empty = addAccountSchema.safeParse({ email: ' ', role: 'host', branches: [] });
    // Every mistake at once, so the form shows them together.
    expect(empty.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', 'form.emailRequired'],
      ['branches', 'form.branchesRequired'],
    ]);
    const host = addAccountSchema.safeParse({ email: 'mai@saffron-lotus.test', role: 'host', branches: [] });
    expect(host.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['branches', 'form.branchesRequired'],
    ]);
    expect(addAccountSchema.safeParse({ email: 'mai@', role: 'staff', branches: [] }).error?.issues[0]?.message).toBe(
      'form.emailInvalid',
    );
    expect(roleFormSchema.safeParse({ role: 'owner', branches: [] }).success).toBe(true);
    expect(roleFormSchema.safeParse({ role: 'manager', branches: [] }).success).toBe(false);
  });

  it('send branches only for a host', () => {
    expect(assignmentOf({ role: 'staff', branches: ['Sa Pa'] })).toEqual({ role: 'staff', branches: [] });
    expect(assignmentOf({ role: 'host', branches: ['Sa Pa'] })).toEqual({ role: 'host', branches: ['Sa Pa'] });
  });
});
