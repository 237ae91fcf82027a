/**
 * Branch settings (/admin/settings): for staff, each branch's opening hours, capacity, largest
 * party, booking window and closed dates, which the database applies to every booking. The chosen
 * branch lives in the URL (?branch=…), so a reload or a shared link opens the same one.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useBranchName } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { StaffScreen } from '../../shell/staff-screen.tsx';
import { VisitCache } from '../../shell/visit-cache.tsx';
import styles from './admin.module.css';
import { useBranchSettings, useSettingsBranches } from './api/branch-settings.ts';
import { BranchSettingsForm } from './branch-settings-form.tsx';
import settingsStyles from './settings.module.css';

function LoadFailed(props: { onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div role="alert" className={`${styles.card} ${styles.loadFailed}`}>
      <p>{t('settings.loadFailed')}</p>
      <Button variant="ghost" onClick={props.onRetry}>
        {t('settings.retry')}
      </Button>
    </div>
  );
}

function SettingsBoard({ supabase }: { supabase: SupabaseClient }) {
  const { t } = useTranslation('admin');
  const nameOf = useBranchName();
  const [searchParams, setSearchParams] = useSearchParams();
  const branches = useSettingsBranches(supabase);
  const list = branches.data ?? [];
  const wanted = searchParams.get('branch');
  const branch = wanted !== null && list.includes(wanted) ? wanted : list[0];
  const settings = useBranchSettings(supabase, branch);

  if (branches.isPending) return <p role="status">{t('settings.loading')}</p>;
  if (branches.isError) return <LoadFailed onRetry={() => void branches.refetch()} />;
  if (branch === undefined) return <p role="status">{t('settings.noBranches')}</p>;

  let content: ReactNode;
  if (settings.isPending) content = <p role="status">{t('settings.loading')}</p>;
  else if (settings.isError) content = <LoadFailed onRetry={() => void settings.refetch()} />;
  else if (settings.data === null)
    content = <p role="status">{t('settings.noSettings', { branch: nameOf(branch) })}</p>;
  // A fresh form per branch: another branch's edits never carry over.
  else content = <BranchSettingsForm key={branch} supabase={supabase} branch={branch} initial={settings.data} />;

  return (
    <>
      <section className={`${styles.card} ${settingsStyles.branchPicker}`} aria-label={t('settings.branch')}>
        <FormField label={t('settings.branch')} hint={t('settings.branchHint')}>
          {(control) => (
            <select
              {...control}
              value={branch}
              onChange={(event) => setSearchParams({ branch: event.target.value }, { replace: true })}
            >
              {list.map((name) => (
                <option key={name} value={name}>
                  {nameOf(name)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </section>
      {content}
    </>
  );
}

function SettingsScreen() {
  const { t } = useTranslation('admin');
  return (
    <StaffScreen
      title={t('settings.title')}
      subtitle={t('settings.subtitle')}
      notAuthorised={(email) => t('settings.notAuthorised', { email })}
      allow={(claims) => claims.role !== 'host'}
      notAllowed={t('settings.hostNotAllowed')}
    >
      {(supabase) => <SettingsBoard supabase={supabase} />}
    </StaffScreen>
  );
}

export function SettingsPage() {
  return (
    <VisitCache>
      <SettingsScreen />
    </VisitCache>
  );
}
