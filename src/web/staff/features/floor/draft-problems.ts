/**
 * What is wrong with a drawing, in the screen's words: the shared schema's issues (checked before
 * saving) and the database's refusals (save_floor's BK055–BK058, with a reason and a name) are
 * both told as one of a few reasons about one area, table or combination.
 */
import type { z } from 'zod';
import type { Draft } from './api/floor-plan.ts';

export const problemReasons = [
  'duplicate_area',
  'duplicate_table',
  'duplicate_combination',
  'area_name',
  'table_name',
  'table_seats',
  'table_drawing',
  'combination_name',
  'combination_seats',
  'combination_size',
  'combination_table',
  'combination_areas',
  'unknown_table',
] as const;
export type ProblemReason = (typeof problemReasons)[number];

export interface Problem {
  reason: ProblemReason;
  /** The area, table or combination it is about, by name. */
  name: string;
  /** The table a combination names, for combination_table. */
  table?: string;
  /** The editor's key of the table it is about, to select it. */
  tableKey?: string;
}

export function isProblemReason(value: unknown): value is ProblemReason {
  return typeof value === 'string' && (problemReasons as readonly string[]).includes(value);
}

const seatFields = new Set(['min_seats', 'max_seats']);

/** The drawing's problems as the schema found them, each once. */
export function problemsOf(draft: Draft, issues: readonly z.core.$ZodIssue[]): Problem[] {
  const found = new Map<string, Problem>();
  for (const issue of issues) {
    const problem = problemOf(draft, issue);
    if (problem) found.set(`${problem.reason}|${problem.name}|${problem.table ?? ''}`, problem);
  }
  return [...found.values()];
}

function problemOf(draft: Draft, issue: z.core.$ZodIssue): Problem | undefined {
  const [top, first, second, third, field] = issue.path;
  const params = issue.code === 'custom' ? issue.params : undefined;
  if (top === 'areas' && typeof first === 'number') {
    const area = draft.areas[first];
    if (!area) return undefined;
    if (second === 'tables' && typeof third === 'number') {
      const table = area.tables[third];
      if (!table) return undefined;
      const base = { name: table.name.trim(), tableKey: table.key };
      if (params?.reason === 'duplicate_table') return { reason: 'duplicate_table', ...base };
      if (field === 'name') return { reason: 'table_name', ...base };
      if (typeof field === 'string' && seatFields.has(field)) return { reason: 'table_seats', ...base };
      return { reason: 'table_drawing', ...base };
    }
    if (params?.reason === 'duplicate_area') return { reason: 'duplicate_area', name: area.name.trim() };
    return { reason: 'area_name', name: area.name.trim() };
  }
  if (top === 'combinations' && typeof first === 'number') {
    const combo = draft.combinations[first];
    if (!combo) return undefined;
    const name = combo.name.trim();
    if (isProblemReason(params?.reason)) {
      const table = typeof params?.table === 'string' ? params.table : undefined;
      return { reason: params.reason, name, ...(table ? { table } : {}) };
    }
    if (second === 'name') return { reason: 'combination_name', name };
    if (second === 'tables') return { reason: 'combination_size', name };
    return { reason: 'combination_seats', name };
  }
  return undefined;
}
