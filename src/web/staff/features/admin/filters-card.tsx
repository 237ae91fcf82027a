/** The Filters card: search, branch, date, guests, time, arrived and allocated, and Clear All Filters. */
import { useEffect, useEffectEvent, useState } from 'react';
import { bookingStatuses } from '../../../../domain/booking-lifecycle.ts';
import { homeGuestOptions } from '../../../../domain/reservation.ts';
import { useBranchName } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { FormField } from '../../../shared/ui/form-field.tsx';
import styles from './admin.module.css';
import {
  type FiltersChange,
  type FlagFilter,
  hasActiveFilters,
  maxSearchLength,
  type ReservationFilters,
} from './reservation-filters.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

const searchDebounceMs = 300;

function flag(value: string): FlagFilter | undefined {
  return value === 'yes' || value === 'no' ? value : undefined;
}

export function FiltersCard(props: {
  filters: ReservationFilters;
  branches: readonly string[];
  onChange: (change: FiltersChange) => void;
}) {
  const { t } = useTranslation('admin');
  const nameOf = useBranchName();
  const { filters, onChange } = props;
  const [search, setSearch] = useState(filters.q ?? '');
  const debouncedSearch = useDebouncedValue(search, searchDebounceMs);

  // The search box follows the URL when it changes from elsewhere (Clear All Filters, back button),
  // but not while typing: "ab " stays "ab " although the URL holds "ab".
  const urlSearch = filters.q ?? '';
  useEffect(() => {
    setSearch((current) => (current.trim() === urlSearch ? current : urlSearch));
  }, [urlSearch]);

  // Only a pause in typing applies the search; other filter changes must not re-apply an old one.
  const applySearch = useEffectEvent((text: string) => {
    const q = text.trim() || undefined;
    if (q !== filters.q) onChange((current) => ({ ...current, q }));
  });
  useEffect(() => applySearch(debouncedSearch), [debouncedSearch]);

  const set = (patch: Partial<ReservationFilters>) => onChange((current) => ({ ...current, ...patch }));

  return (
    <section className={styles.card} aria-labelledby="filters-title">
      <div className={styles.cardHeader}>
        <h2 id="filters-title" className={styles.cardTitle}>
          {t('filters.title')}
        </h2>
        <Button
          variant="ghost"
          className={styles.clearButton}
          disabled={!hasActiveFilters(filters) && search === ''}
          onClick={() => {
            setSearch('');
            onChange(() => ({}));
          }}
        >
          {t('filters.clear')}
        </Button>
      </div>
      <div className={styles.filters}>
        <FormField label={t('filters.search')} className={styles.searchField}>
          {(field) => (
            <input
              {...field}
              type="search"
              value={search}
              maxLength={maxSearchLength}
              placeholder={t('filters.searchPlaceholder')}
              autoComplete="off"
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
        </FormField>
        <FormField label={t('filters.branch')}>
          {(field) => (
            <select
              {...field}
              value={filters.branch ?? ''}
              onChange={(event) => set({ branch: event.target.value || undefined })}
            >
              <option value="">{t('filters.allBranches')}</option>
              {props.branches.map((branch) => (
                <option key={branch} value={branch}>
                  {nameOf(branch)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('filters.date')}>
          {(field) => (
            <input
              {...field}
              type="date"
              value={filters.date ?? ''}
              onChange={(event) => set({ date: event.target.value || undefined })}
            />
          )}
        </FormField>
        <FormField label={t('filters.guests')}>
          {(field) => (
            <select
              {...field}
              value={filters.guests ?? ''}
              onChange={(event) => set({ guests: event.target.value ? Number(event.target.value) : undefined })}
            >
              <option value="">{t('filters.anyGuests')}</option>
              {homeGuestOptions.map((count) => (
                <option key={count} value={count}>
                  {t('filters.guestCount', { count })}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('filters.time')}>
          {(field) => (
            <input
              {...field}
              type="time"
              value={filters.time ?? ''}
              onChange={(event) => set({ time: event.target.value || undefined })}
            />
          )}
        </FormField>
        <FormField label={t('filters.arrived')}>
          {(field) => (
            <select
              {...field}
              value={filters.arrived ?? ''}
              onChange={(event) => set({ arrived: flag(event.target.value) })}
            >
              <option value="">{t('filters.any')}</option>
              <option value="yes">{t('filters.arrivedYes')}</option>
              <option value="no">{t('filters.arrivedNo')}</option>
            </select>
          )}
        </FormField>
        <FormField label={t('filters.allocated')}>
          {(field) => (
            <select
              {...field}
              value={filters.allocated ?? ''}
              onChange={(event) => set({ allocated: flag(event.target.value) })}
            >
              <option value="">{t('filters.any')}</option>
              <option value="yes">{t('filters.allocatedYes')}</option>
              <option value="no">{t('filters.allocatedNo')}</option>
            </select>
          )}
        </FormField>
        <FormField label={t('filters.status')}>
          {(field) => (
            <select
              {...field}
              value={filters.status ?? ''}
              onChange={(event) => set({ status: bookingStatuses.find((s) => s === event.target.value) })}
            >
              <option value="">{t('filters.any')}</option>
              <option value="booked">{t('filters.statusBooked')}</option>
              <option value="seated">{t('filters.statusSeated')}</option>
              <option value="finished">{t('filters.statusFinished')}</option>
              <option value="no_show">{t('filters.statusNoShow')}</option>
              <option value="cancelled">{t('filters.statusCancelled')}</option>
            </select>
          )}
        </FormField>
      </div>
    </section>
  );
}
