/**
 * Which branches exist: public.branches is the truth (the forms' branches are seeded there, and
 * owners add theirs with `npm run admin -- branches add`). The one check of a branch name typed by
 * an operator or an owner: the admin CLI (accounts, floor import and export) and the team screen
 * all refuse a name that is no branch with the same message, listing the branches there are.
 */
import { homeBranches, reservationPageBranches } from '../domain/reservation.ts';
import type { Queryable } from './db/database.ts';

/** A name that is no branch; the message names it and lists the known ones. */
export class UnknownBranchError extends Error {
  override name = 'UnknownBranchError';
  readonly branch: string;
  readonly known: readonly string[];
  constructor(branch: string, known: readonly string[]) {
    super(
      `There is no branch called "${branch}". The branches are: ${known.length > 0 ? known.join(', ') : '(none yet)'}.`,
    );
    this.branch = branch;
    this.known = known;
  }
}

/** The branches there are: the forms' own first, in their order, then those owners added, by name. */
export async function knownBranches(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>('select name from public.branches order by name');
  const names = new Set(rows.map((row) => row.name));
  const forms: string[] = [...homeBranches, ...reservationPageBranches].filter((name) => names.has(name));
  return [...new Set([...forms, ...names])];
}

/** Refuses with UnknownBranchError the first of `branches` that is no branch (exact name). */
export async function requireKnownBranches(q: Queryable, branches: readonly string[]): Promise<void> {
  if (branches.length === 0) return;
  const known = await knownBranches(q);
  const unknown = branches.find((branch) => !known.includes(branch));
  if (unknown !== undefined) throw new UnknownBranchError(unknown, known);
}
