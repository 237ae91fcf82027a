/**
 * A day's numbers: covers booked today and over the next 7 days at each branch the account may
 * read, summed by the database, and (its own lazily loaded chunk) a small chart of covers per day
 * over the last 30 days with a table alternative.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { lazy, Suspense } from 'react';
import { useBranchName } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { homeBranchesFirst } from '../../shell/list-branches.ts';
import { useCoversByDay } from './api/covers-by-day.ts';
import styles from './dashboard-tools.module.css';
import { addDays } from './day-range.ts';

const CoversChart = lazy(async () => ({ default: (await import('./covers-chart.tsx')).CoversChart }));

function CoversAhead({ supabase, today }: { supabase: SupabaseClient; today: string }) {
  const { t, i18n } = useTranslation('admin');
  const nameOf = useBranchName();
  const covers = useCoversByDay(supabase, today, addDays(today, 7));
  const number = new Intl.NumberFormat(i18n.language);
  if (covers.isPending) return <p role="status">{t('numbers.loading')}</p>;
  if (covers.isError) return <p role="alert">{t('numbers.failed')}</p>;

  const byBranch = new Map<string, { today: number; week: number }>();
  for (const row of covers.data) {
    const sums = byBranch.get(row.branch) ?? { today: 0, week: 0 };
    if (row.day === today) sums.today += row.covers;
    else sums.week += row.covers;
    byBranch.set(row.branch, sums);
  }
  if (byBranch.size === 0) return <p>{t('numbers.none')}</p>;
  const branches = homeBranchesFirst([...byBranch.keys()]);
  const total = { today: 0, week: 0 };
  for (const sums of byBranch.values()) {
    total.today += sums.today;
    total.week += sums.week;
  }
  // A list, not a table: the dashboard's one table is the reservations register (its row and
  // column headers are what hosts and their tools look for).
  return (
    <ul className={styles.numbersList} aria-label={t('numbers.caption')}>
      {branches.map((branch) => (
        <li key={branch} className={styles.numbersItem}>
          <span className={styles.numbersBranch}>{nameOf(branch)}</span>
          <span>
            <strong>{number.format(byBranch.get(branch)?.today ?? 0)}</strong> {t('numbers.todayShort')}
          </span>
          <span>
            <strong>{number.format(byBranch.get(branch)?.week ?? 0)}</strong> {t('numbers.next7Short')}
          </span>
        </li>
      ))}
      {branches.length > 1 ? (
        <li className={`${styles.numbersItem} ${styles.numbersTotal}`}>
          <span className={styles.numbersBranch}>{t('numbers.total')}</span>
          <span>
            <strong>{number.format(total.today)}</strong> {t('numbers.todayShort')}
          </span>
          <span>
            <strong>{number.format(total.week)}</strong> {t('numbers.next7Short')}
          </span>
        </li>
      ) : null}
    </ul>
  );
}

export function DayNumbers({ supabase, today }: { supabase: SupabaseClient; today: string }) {
  const { t } = useTranslation('admin');
  return (
    <section className={styles.numbersCard} aria-labelledby="numbers-title">
      <div>
        <h2 id="numbers-title" className={styles.numbersTitle}>
          {t('numbers.title')}
        </h2>
        <CoversAhead supabase={supabase} today={today} />
      </div>
      <Suspense fallback={<p role="status">{t('numbers.chartLoading')}</p>}>
        <CoversChart supabase={supabase} today={today} />
      </Suspense>
    </section>
  );
}
