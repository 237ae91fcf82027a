/**
 * The branch and day a host's screen shows, kept in the address bar (see host-view-params.ts):
 * only the host's own branches are offered (owners and staff: every branch with a floor, else the
 * home form's four); the day defaults to today in the branch's time zone, moving on at midnight.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { homeBranches } from '../../../../domain/reservation.ts';
import { homeBranchesFirst } from '../../shell/list-branches.ts';
import type { StaffClaims } from '../../shell/staff-claims.ts';
import { branchTimeZone, refused } from './api/branch-day.ts';
import {
  branchParameter,
  chosenBranch,
  chosenDay,
  dateParameter,
  hostViewSearch,
  todayIn,
} from './host-view-params.ts';

/** The branches with a floor that this session may read (a host: theirs, by row-level security). */
async function branchesWithFloors(supabase: SupabaseClient): Promise<string[]> {
  const { data, error } = await supabase.from('dining_areas').select('branch');
  if (error) return refused(supabase, error);
  return homeBranchesFirst(
    z
      .array(z.object({ branch: z.string() }))
      .parse(data)
      .map((row) => row.branch),
  );
}

/** Today in `timeZone`, moving on when the day there does (checked each minute). */
function useTodayIn(timeZone: string | undefined): string | undefined {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return timeZone === undefined ? undefined : todayIn(timeZone, now);
}

export interface HostView {
  /** The branches this session may choose from, in the home form's order first. */
  branches: string[];
  branch: string | undefined;
  /** The day shown (yyyy-MM-dd): the address bar's, else today at the branch (undefined until known). */
  date: string | undefined;
  today: string | undefined;
  timeZone: string | undefined;
  /** Still learning which branches there are. */
  loading: boolean;
  setBranch(branch: string): void;
  setDate(date: string): void;
}

export function useHostView(supabase: SupabaseClient, claims: StaffClaims): HostView {
  const [search, setSearch] = useSearchParams();
  const isHost = claims.role === 'host';
  const withFloors = useQuery({
    queryKey: ['host-view', 'branches'] as const,
    queryFn: () => branchesWithFloors(supabase),
    enabled: !isHost,
    staleTime: 10 * 60_000,
  });
  const branches = isHost
    ? homeBranchesFirst(claims.branches)
    : withFloors.data && withFloors.data.length > 0
      ? withFloors.data
      : withFloors.data
        ? [...homeBranches]
        : [];
  const branch = chosenBranch(search.get(branchParameter), branches);
  const zone = useQuery({
    queryKey: ['host-view', 'zone', branch] as const,
    queryFn: () => branchTimeZone(supabase, branch ?? ''),
    enabled: branch !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const today = useTodayIn(zone.data);
  const date = chosenDay(search.get(dateParameter)) ?? today;

  const go = useCallback(
    (view: { branch: string; date?: string | undefined }) => setSearch(new URLSearchParams(hostViewSearch(view))),
    [setSearch],
  );
  return {
    branches,
    branch,
    date,
    today,
    timeZone: zone.data,
    loading: !isHost && withFloors.isPending,
    // Another branch opens on its own today (its zone may differ), unless a day was chosen.
    setBranch: (next) => go({ branch: next, date: chosenDay(search.get(dateParameter)) }),
    setDate: (next) => {
      if (branch !== undefined) go({ branch, date: next });
    },
  };
}
