/**
 * The floor editor (/admin/floor/edit?branch=…), for owners: a branch's areas, tables and
 * combinations drawn and saved as a whole. The branch lives in the address bar, so a reload or a
 * shared link opens the same floor. The database (save_floor) refuses anyone but an owner whatever
 * this screen shows.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../../domain/routes.ts';
import { useBranchName, useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { homeBranchesFirst } from '../../shell/list-branches.ts';
import { StaffScreen } from '../../shell/staff-screen.tsx';
import { VisitCache } from '../../shell/visit-cache.tsx';
import adminStyles from '../admin/admin.module.css';
import { listBranches, loadDraft } from './api/floor-plan.ts';
import styles from './floor.module.css';
import { FloorEditor } from './floor-editor.tsx';

function EditBoard({ supabase }: { supabase: SupabaseClient }) {
  const { t } = useTranslation('floor');
  const nameOf = useBranchName();
  const localize = useLocalize();
  const [searchParams, setSearchParams] = useSearchParams();
  const branches = useQuery(
    queryOptions({
      queryKey: ['floor', 'branches'] as const,
      queryFn: async () => homeBranchesFirst(await listBranches(supabase)),
    }),
  );
  const list = branches.data ?? [];
  const wanted = searchParams.get('branch');
  const branch = wanted !== null && list.includes(wanted) ? wanted : list[0];
  const draft = useQuery(
    queryOptions({
      queryKey: ['floor', 'draft', branch] as const,
      queryFn: () => loadDraft(supabase, branch ?? ''),
      enabled: branch !== undefined,
    }),
  );

  if (branches.isPending) return <p role="status">{t('loading')}</p>;
  if (branches.isError || draft.isError) {
    return (
      <div role="alert" className={adminStyles.card}>
        <p>{t('loadFailed')}</p>
        <Button variant="ghost" onClick={() => void (branches.isError ? branches.refetch() : draft.refetch())}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (branch === undefined) return <p role="status">{t('noBranches')}</p>;

  return (
    <>
      <div className={`${adminStyles.card} ${styles.toolbar}`}>
        <label className={styles.inline}>
          <span>{t('branch')}</span>
          <select
            value={branch}
            onChange={(event) => setSearchParams({ branch: event.target.value }, { replace: true })}
          >
            {list.map((name) => (
              <option key={name} value={name}>
                {nameOf(name)}
              </option>
            ))}
          </select>
        </label>
        <Link to={`${localize(paths.adminFloor)}?${new URLSearchParams({ branch })}`} className={styles.toolbarLink}>
          {t('edit.backToService')}
        </Link>
      </div>
      {draft.isPending || draft.isFetching ? (
        <p role="status">{t('loading')}</p>
      ) : (
        // A fresh drawing per branch and per save: the saved floor (with new tables' ids) replaces it.
        <FloorEditor
          key={`${branch}|${draft.dataUpdatedAt}`}
          supabase={supabase}
          branch={branch}
          initial={draft.data}
          onSaved={() => void draft.refetch()}
        />
      )}
    </>
  );
}

function EditScreen() {
  const { t } = useTranslation('floor');
  return (
    <StaffScreen
      title={t('edit.title')}
      subtitle={t('edit.subtitle')}
      notAuthorised={(email) => t('notAuthorised', { email })}
      allow={(claims) => claims.role === 'owner'}
      notAllowed={t('edit.ownersOnly')}
    >
      {(supabase) => <EditBoard supabase={supabase} />}
    </StaffScreen>
  );
}

export function FloorEditPage() {
  return (
    <VisitCache>
      <EditScreen />
    </VisitCache>
  );
}
