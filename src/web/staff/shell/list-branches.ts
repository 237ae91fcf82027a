/**
 * The branches to offer in the branch filter: the four of the home form first, then any other
 * branch present in the data (the /reservation page books Downtown, Uptown and Suburb; anyone may
 * book any text). PostgREST has no DISTINCT, and reading every row to find them would not scale,
 * so this walks the (branch, created_at) index: "the first branch after the last one found",
 * one indexed single-row read per distinct branch, stopping at maxBranches.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { homeBranches, reservationPageBranches } from '../../../domain/reservation.ts';

const maxBranches = 40;
const branchRowsSchema = z.array(z.object({ branch: z.string() }));

export async function listBranchesInData(supabase: SupabaseClient): Promise<string[]> {
  const found: string[] = [];
  for (let after: string | undefined; found.length < maxBranches; ) {
    let query = supabase.from('reservations').select('branch');
    if (after !== undefined) query = query.gt('branch', after);
    const { data, error } = await query.order('branch', { ascending: true }).limit(1);
    if (error) throw new Error(error.message);
    const row = branchRowsSchema.parse(data)[0];
    if (!row) break;
    found.push(row.branch);
    after = row.branch;
  }
  return found;
}

/**
 * The home form's four first, in their order, then the others alphabetically. A host is offered
 * only their own branches: the database shows them no others, so any other choice would list nothing.
 */
export function branchOptions(
  inData: readonly string[] | undefined,
  selected: string | undefined,
  claims?: { role: string; branches: readonly string[] },
): string[] {
  if (claims?.role === 'host') return homeBranchesFirst(claims.branches);
  const others = new Set(inData ?? reservationPageBranches);
  if (selected) others.add(selected);
  return homeBranchesFirst([...homeBranches, ...others]);
}

/** The given branches, each once: those of the home form first, in its order, then the others alphabetically. */
export function homeBranchesFirst(branches: readonly string[]): string[] {
  const given = new Set(branches);
  const home: string[] = homeBranches.filter((branch) => given.has(branch));
  for (const branch of home) given.delete(branch);
  return [...home, ...[...given].sort((a, b) => a.localeCompare(b))];
}

export function useBranchesInData(supabase: SupabaseClient) {
  return useQuery(
    queryOptions({
      queryKey: ['reservations', 'branches'] as const,
      queryFn: () => listBranchesInData(supabase),
      staleTime: 10 * 60_000,
    }),
  );
}
