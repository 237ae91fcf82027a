/**
 * The frame the timeline and the floor share: the staff frame and navigation (StaffScreen), a
 * query cache of the visit's own, the branch and day bar, and the states before there is anything
 * to draw (loading, a failed read with Try again, no branch, no tables). The screen itself gets the
 * branch's floor and day, live, and draws them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ReactNode } from 'react';
import { useBranchName } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import type { StaffClaims } from '../../shell/staff-claims.ts';
import { StaffScreen } from '../../shell/staff-screen.tsx';
import { VisitCache } from '../../shell/visit-cache.tsx';
import adminStyles from '../admin/admin.module.css';
import type { LiveStatus } from '../admin/api/live-reservations.ts';
import type { BranchDay, BranchFloor } from './api/branch-day.ts';
import { HostViewBar } from './host-view-bar.tsx';
import { useBranchDay } from './use-branch-day.ts';
import { type HostView, useHostView } from './use-host-view.ts';

export interface HostScreenProps {
  supabase: SupabaseClient;
  claims: StaffClaims;
  view: HostView & { branch: string; date: string };
  floor: BranchFloor;
  day: BranchDay;
  status: LiveStatus;
}

function Failed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('host');
  return (
    <div role="alert" className={`${adminStyles.card} ${adminStyles.loadFailed}`}>
      <p>{message}</p>
      <Button variant="ghost" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

function HostBoard(props: {
  supabase: SupabaseClient;
  claims: StaffClaims;
  children: (props: HostScreenProps) => ReactNode;
}) {
  const { t } = useTranslation('host');
  const branchName = useBranchName();
  const view = useHostView(props.supabase, props.claims);
  const { floor, day, status } = useBranchDay(props.supabase, view.branch, view.date);
  const { branch, date } = view;

  let content: ReactNode;
  if (view.loading) content = <p role="status">{t('loading')}</p>;
  else if (branch === undefined) content = <p role="status">{t('noBranches')}</p>;
  else if (floor.isError || day.isError)
    content = (
      <Failed
        message={t('loadFailed', { branch: branchName(branch), message: (floor.error ?? day.error)?.message ?? '' })}
        onRetry={() => {
          void floor.refetch();
          void day.refetch();
        }}
      />
    );
  else if (floor.data === undefined || day.data === undefined || date === undefined)
    content = <p role="status">{t('loading')}</p>;
  else if (floor.data.tables.length === 0)
    content = <p role="status">{t('noFloor', { branch: branchName(branch) })}</p>;
  else
    content = props.children({
      supabase: props.supabase,
      claims: props.claims,
      view: { ...view, branch, date },
      floor: floor.data,
      day: day.data,
      status,
    });

  return (
    <>
      <HostViewBar view={view} status={status} />
      {content}
    </>
  );
}

/** A host's screen for one branch and day: `children` draws it once the floor and day are read. */
export function HostViewScreen(props: {
  title: string;
  subtitle: string;
  allow?: (claims: StaffClaims) => boolean;
  notAllowed?: string;
  children: (props: HostScreenProps) => ReactNode;
}) {
  const { t } = useTranslation('host');
  return (
    <VisitCache>
      <StaffScreen
        title={props.title}
        subtitle={props.subtitle}
        notAuthorised={(email) => t('notAuthorised', { email })}
        {...(props.allow ? { allow: props.allow } : {})}
        {...(props.notAllowed ? { notAllowed: props.notAllowed } : {})}
      >
        {(supabase, claims) => (
          <HostBoard supabase={supabase} claims={claims}>
            {props.children}
          </HostBoard>
        )}
      </StaffScreen>
    </VisitCache>
  );
}
