/**
 * "Merge with…" on a guest's profile (issue 25): staff find the other record of the same person,
 * see both names and counts side by side, and confirm; public.merge_guests moves the other's
 * bookings, tags and notes to this guest and counts again. The database decides who may merge whom.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { useDebouncedValue } from '../admin/use-debounced-value.ts';
import styles from './guests.module.css';
import { type Guest, mergeGuests, searchGuests } from './guests-api.ts';

export function MergeGuests(props: { supabase: SupabaseClient; keep: Guest; onMerged: () => void }) {
  const { t } = useTranslation('admin');
  const { supabase, keep } = props;
  const searchId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, 250);
  const [found, setFound] = useState<Guest[]>([]);
  const [other, setOther] = useState<Guest>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open || debounced.trim() === '') {
      setFound([]);
      return;
    }
    let current = true;
    searchGuests(supabase, debounced).then(
      (guests) => current && setFound(guests.filter((g) => g.id !== keep.id)),
      () => notify.error(t('guests.loadFailed')),
    );
    return () => {
      current = false;
    };
  }, [open, supabase, debounced, keep.id, t]);

  const close = () => {
    setOpen(false);
    setOther(undefined);
    setQuery('');
  };
  const merge = async (merged: Guest) => {
    setBusy(true);
    try {
      await mergeGuests(supabase, keep.id, merged.id);
      notify.success(t('guests.merge.done'));
      close();
      props.onMerged();
    } catch {
      notify.error(t('guests.merge.failed'));
    } finally {
      setBusy(false);
    }
  };

  const summary = (g: Guest) =>
    `${g.name ?? t('guests.noName')} (${[g.mobile, g.email].filter(Boolean).join(' · ')}): ${t('guests.drawerCounts', {
      visits: g.visit_count,
      noShows: g.no_show_count,
      cancellations: g.cancel_count,
    })}`;

  if (!open) {
    return (
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('guests.merge.open')}
        </Button>
      </div>
    );
  }
  return (
    <section className={styles.merge} aria-labelledby="merge-title">
      <h3 id="merge-title">{t('guests.merge.title')}</h3>
      {other ? (
        <>
          <p>{t('guests.merge.confirm')}</p>
          <ul>
            <li>
              {t('guests.merge.keep')} {summary(keep)}
            </li>
            <li>
              {t('guests.merge.into')} {summary(other)}
            </li>
          </ul>
          <div className={styles.actions}>
            <Button disabled={busy} onClick={() => void merge(other)}>
              {t('guests.merge.confirmButton')}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={close}>
              {t('guests.merge.cancel')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <label htmlFor={searchId}>{t('guests.merge.search')}</label>
          <input
            id={searchId}
            type="search"
            className={styles.search}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <ul className={styles.items}>
            {found.map((g) => (
              <li key={g.id}>
                <button type="button" className={styles.item} onClick={() => setOther(g)}>
                  {t('guests.merge.choose', { guest: summary(g) })}
                </button>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Button variant="ghost" onClick={close}>
              {t('guests.merge.cancel')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
