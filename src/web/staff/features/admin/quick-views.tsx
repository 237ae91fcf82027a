/**
 * The Today and Upcoming chips: one tap for today's bookings, or today's and every later day's,
 * by the restaurant's clock. They set the same URL filters as the Date field (date, or from), so
 * a chip is pressed exactly when its filter is on, and tapping it again turns it off.
 */
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import styles from './dashboard-tools.module.css';
import type { FiltersChange, ReservationFilters } from './reservation-filters.ts';

/** Pressed is shown by a tick as well as the fill (never colour alone); the state itself is aria-pressed. */
function Tick() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export function QuickViews(props: {
  filters: ReservationFilters;
  today: string;
  onChange: (change: FiltersChange) => void;
}) {
  const { t } = useTranslation('admin');
  const { filters, today, onChange } = props;
  const isToday = filters.date === today && filters.from === undefined;
  const isUpcoming = filters.from === today && filters.date === undefined;
  return (
    <fieldset className={styles.chips}>
      <legend className="visually-hidden">{t('quickViews.label')}</legend>
      <button
        type="button"
        className={styles.chip}
        aria-pressed={isToday}
        onClick={() => onChange((current) => ({ ...current, date: isToday ? undefined : today, from: undefined }))}
      >
        {isToday ? <Tick /> : null}
        {t('quickViews.today')}
      </button>
      <button
        type="button"
        className={styles.chip}
        aria-pressed={isUpcoming}
        onClick={() => onChange((current) => ({ ...current, from: isUpcoming ? undefined : today, date: undefined }))}
      >
        {isUpcoming ? <Tick /> : null}
        {t('quickViews.upcoming')}
      </button>
    </fieldset>
  );
}
