/**
 * Branch settings as staff read and save them: the branches that have settings, one branch's
 * numbers, turn times, opening hours and closed dates (three tables, read together), and save_branch_settings,
 * which replaces a branch's hours and closed dates all or nothing. Row-level security decides who
 * may do either; rows are checked at the boundary.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type BranchSettings, turnTimesOf } from '../../../../../domain/availability.ts';
import { homeBranchesFirst } from '../../../shell/list-branches.ts';
import { noticeEndedSession } from './session-ended.ts';

const settingsRowSchema = z.object({
  time_zone: z.string(),
  covers_per_slot: z.number().int().nullable(),
  max_party: z.number().int().nullable(),
  booking_window_days: z.number().int().nullable(),
  turn_minutes: z.record(z.string(), z.number().int()),
  reset_minutes: z.number().int(),
});
// Postgres sends a time as "10:30:00"; the form and the schema work in minutes.
const time = z.string().transform((value) => value.slice(0, 5));
const hoursRowSchema = z.object({ weekday: z.number().int(), opens: time, closes: time });
const closedRowSchema = z.object({ date: z.string(), reason: z.string().nullable() });

/** A refusal from the server, with its message (e.g. a time zone Postgres does not know). */
export class SettingsRefusedError extends Error {
  override name = 'SettingsRefusedError';
  readonly code: string | undefined;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.code = code;
  }
}

async function failed(supabase: SupabaseClient, error: { code?: string; message: string }): Promise<never> {
  await noticeEndedSession(supabase, error);
  throw new SettingsRefusedError(error.message, error.code || undefined);
}

export async function listSettingsBranches(supabase: SupabaseClient): Promise<string[]> {
  const { data, error } = await supabase.from('branch_settings').select('branch').order('branch');
  if (error) return failed(supabase, error);
  return homeBranchesFirst(
    z
      .array(z.object({ branch: z.string() }))
      .parse(data)
      .map((row) => row.branch),
  );
}

/** One branch's settings, or null when it has none (it takes every booking). */
export async function loadBranchSettings(supabase: SupabaseClient, branch: string): Promise<BranchSettings | null> {
  const [settings, hours, closed] = await Promise.all([
    supabase
      .from('branch_settings')
      .select('time_zone,covers_per_slot,max_party,booking_window_days,turn_minutes,reset_minutes')
      .eq('branch', branch)
      .maybeSingle(),
    supabase
      .from('branch_opening_hours')
      .select('weekday,opens,closes')
      .eq('branch', branch)
      .order('weekday')
      .order('opens'),
    supabase.from('branch_closed_dates').select('date,reason').eq('branch', branch).order('date'),
  ]);
  for (const answer of [settings, hours, closed]) if (answer.error) return failed(supabase, answer.error);
  if (settings.data === null) return null;
  // The database keeps turn times as a map by party size; the form edits them as rows.
  const { turn_minutes, ...limits } = settingsRowSchema.parse(settings.data);
  return {
    ...limits,
    hours: z.array(hoursRowSchema).parse(hours.data),
    closed_dates: z.array(closedRowSchema).parse(closed.data),
    turn_times: turnTimesOf(turn_minutes),
  };
}

export async function saveBranchSettings(
  supabase: SupabaseClient,
  branch: string,
  settings: BranchSettings,
): Promise<void> {
  const { error } = await supabase.rpc('save_branch_settings', { p_branch: branch, p_settings: settings });
  if (error) await failed(supabase, error);
}

const settingsKey = ['branch-settings'] as const;

export function useSettingsBranches(supabase: SupabaseClient) {
  return useQuery(
    queryOptions({ queryKey: [...settingsKey, 'branches'] as const, queryFn: () => listSettingsBranches(supabase) }),
  );
}

export function useBranchSettings(supabase: SupabaseClient, branch: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...settingsKey, 'branch', branch] as const,
      queryFn: () => loadBranchSettings(supabase, branch ?? ''),
      enabled: branch !== undefined,
      // A form is being edited from these values: a refetch must not pull them from under it.
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

export function useSaveBranchSettings(supabase: SupabaseClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { branch: string; settings: BranchSettings }) =>
      saveBranchSettings(supabase, change.branch, change.settings),
    onSuccess: (_data, change) => {
      queryClient.setQueryData([...settingsKey, 'branch', change.branch], change.settings);
    },
  });
}
