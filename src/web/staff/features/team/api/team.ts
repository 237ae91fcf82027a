/**
 * The team endpoint (/functions/v1/team, an Edge Function on hosted Supabase) through supabase-js's
 * functions client, with the signed-in owner's token: one query for the list, one mutation for
 * every change. Replies are checked with the domain's schemas; refusals keep the endpoint's code.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type TeamList,
  type TeamRequest,
  type TemporaryPasswordReply,
  teamListSchema,
  temporaryPasswordSchema,
} from '../../../../../domain/team.ts';

/** A refusal from the endpoint: its stable code, or `unreachable` when no answer came. */
export class TeamCallError extends Error {
  override name = 'TeamCallError';
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

const refusalSchema = z.object({ code: z.string() });

async function invokeTeam(supabase: SupabaseClient, body?: TeamRequest): Promise<unknown> {
  const { data, error, response } = await supabase.functions.invoke('team', body ? { body } : { method: 'GET' });
  if (!error) return data;
  const reply = response ? await response.json().catch(() => undefined) : undefined;
  const refusal = refusalSchema.safeParse(reply);
  throw new TeamCallError(refusal.success ? refusal.data.code : 'unreachable');
}

export const teamQueryKey = ['team'] as const;

export function teamQuery(supabase: SupabaseClient) {
  return queryOptions({
    queryKey: teamQueryKey,
    queryFn: async (): Promise<TeamList> => teamListSchema.parse(await invokeTeam(supabase)),
  });
}

export function useTeam(supabase: SupabaseClient) {
  return useQuery(teamQuery(supabase));
}

/** Any change; creating an account or resetting a password answers with the temporary password. */
export function useTeamChange(supabase: SupabaseClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: TeamRequest): Promise<TemporaryPasswordReply | null> => {
      const reply = await invokeTeam(supabase, request);
      return request.action === 'create' || request.action === 'reset-password'
        ? temporaryPasswordSchema.parse(reply)
        : null;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}
