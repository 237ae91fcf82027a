/**
 * The bar above a host's screen: the branch switcher (only the host's branches), the day switcher
 * (Today, Tomorrow, or a day picked on a calendar) and whether changes are arriving live. Every
 * choice goes to the address bar (useHostView), so a reload or a shared link opens the same view.
 */
import * as Popover from '@radix-ui/react-popover';
import { format } from 'date-fns';
import { useId, useState } from 'react';
import { DayPicker, type Labels } from 'react-day-picker';
import { vi } from 'react-day-picker/locale/vi';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import 'react-day-picker/style.css';
import { formatLongDate } from '../../../../domain/format-dong.ts';
import { useBranchName, useLanguage } from '../../../shared/i18n/language.ts';
import { calendarDateToDay, dayToCalendarDate } from '../../../shared/lib/restaurant-date.ts';
import type { LiveStatus } from '../admin/api/live-reservations.ts';
import { LiveStatusBadge } from '../admin/live-status.tsx';
import styles from './host-view.module.css';
import { addDays } from './host-view-params.ts';
import type { HostView } from './use-host-view.ts';

/** A day's name with its number as a word ("Thursday, December 24, 2026"), so what is seen is what is read. */
const labels: Partial<Labels> = {
  labelDayButton: (date, modifiers) =>
    [modifiers.today ? 'Today' : null, format(date, 'EEEE, MMMM d, yyyy'), modifiers.selected ? 'selected' : null]
      .filter(Boolean)
      .join(', '),
};
const labelsVi: Partial<Labels> = {
  labelDayButton: (date, modifiers) =>
    [
      modifiers.today ? 'Hôm nay' : null,
      `${formatLongDate(calendarDateToDay(date), 'vi').split(',')[0]}, ngày ${date.getDate()} tháng ${date.getMonth() + 1} năm ${date.getFullYear()}`,
      modifiers.selected ? 'đã chọn' : null,
    ]
      .filter(Boolean)
      .join(', '),
};

export function HostViewBar({ view, status }: { view: HostView; status: LiveStatus }) {
  const { t } = useTranslation('host');
  const language = useLanguage();
  const branchName = useBranchName();
  const branchId = useId();
  const [picking, setPicking] = useState(false);
  const { today, date } = view;
  const tomorrow = today === undefined ? undefined : addDays(today, 1);

  return (
    <div className={styles.bar}>
      <div className={styles.branchField}>
        <label htmlFor={branchId} className={styles.label}>
          {t('branch')}
        </label>
        <select
          id={branchId}
          className={styles.select}
          value={view.branch ?? ''}
          disabled={view.branches.length === 0}
          onChange={(event) => view.setBranch(event.target.value)}
        >
          {view.branches.map((branch) => (
            <option key={branch} value={branch}>
              {branchName(branch)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className={styles.days}>
        <legend className={styles.label}>{t('day')}</legend>
        <div className={styles.dayButtons}>
          <button
            type="button"
            className={styles.dayButton}
            aria-pressed={date !== undefined && date === today}
            disabled={today === undefined}
            onClick={() => today !== undefined && view.setDate(today)}
          >
            {t('today')}
          </button>
          <button
            type="button"
            className={styles.dayButton}
            aria-pressed={date !== undefined && date === tomorrow}
            disabled={tomorrow === undefined}
            onClick={() => tomorrow !== undefined && view.setDate(tomorrow)}
          >
            {t('tomorrow')}
          </button>
          <Popover.Root open={picking} onOpenChange={setPicking}>
            <Popover.Trigger asChild>
              <button type="button" className={styles.dayButton}>
                {t('pickDate')}
              </button>
            </Popover.Trigger>
            <Popover.Portal>
              <Popover.Content className={styles.calendarPanel} align="start" sideOffset={6} aria-label={t('calendar')}>
                <DayPicker
                  mode="single"
                  required
                  selected={date === undefined ? undefined : dayToCalendarDate(date)}
                  defaultMonth={date === undefined ? undefined : dayToCalendarDate(date)}
                  today={today === undefined ? undefined : dayToCalendarDate(today)}
                  onSelect={(picked: Date) => {
                    view.setDate(calendarDateToDay(picked));
                    setPicking(false);
                  }}
                  locale={language === 'vi' ? vi : undefined}
                  labels={language === 'vi' ? labelsVi : labels}
                />
              </Popover.Content>
            </Popover.Portal>
          </Popover.Root>
        </div>
      </fieldset>
      <p className={styles.shownDay} aria-live="polite">
        {date === undefined ? null : formatLongDate(date, language)}
      </p>
      <LiveStatusBadge status={status} />
    </div>
  );
}
