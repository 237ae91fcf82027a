/**
 * The waitlist of one day on the dashboard (issue 26): who is waiting for which window and party
 * size, in order, and what became of each offer — the online list and the parties at the door,
 * live. The list and its actions are shared with the floor's door list (features/waitlist). A
 * list, not a table: the reservations register is the dashboard's one table.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { useDayWaitlist } from '../waitlist/use-day-waitlist.ts';
import { WaitlistEntries } from '../waitlist/waitlist-entries.tsx';
import styles from './dashboard-tools.module.css';

export function WaitlistCard({ supabase, today }: { supabase: SupabaseClient; today: string }) {
  const { t } = useTranslation('admin');
  const [date, setDate] = useState(today);
  const list = useDayWaitlist(supabase, date);

  return (
    <section className={styles.numbersCard} aria-labelledby="waitlist-title">
      <div>
        <h2 id="waitlist-title" className={styles.numbersTitle}>
          {t('waitlist.title')}
        </h2>
        <label>
          {t('waitlist.day')}{' '}
          <input type="date" value={date} onChange={(event) => event.target.value && setDate(event.target.value)} />
        </label>
        {list.isPending ? (
          <p role="status">{t('waitlist.loading')}</p>
        ) : list.isError ? (
          <p role="alert">{t('waitlist.failed')}</p>
        ) : list.data.length === 0 ? (
          <p>{t('waitlist.empty')}</p>
        ) : (
          <WaitlistEntries supabase={supabase} entries={list.data} />
        )}
      </div>
    </section>
  );
}
