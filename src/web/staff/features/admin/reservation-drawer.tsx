/**
 * A booking's detail drawer (a Radix dialog from the side): the booking as recorded, and its
 * history newest first in words ("Marked arrived by host@… at 19:02"). Opened from the name in a
 * row; focus goes into the drawer and back to that name when it closes.
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useRef } from 'react';
import { formatBookingTimeAndPeriod } from '../../../../domain/booking-format.ts';
import { useBranchName } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { restaurantDay } from '../../../shared/lib/restaurant-clock.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { GuestSummary } from '../guests/guest-summary.tsx';
import type { ReservationRow } from './api/list-reservations.ts';
import { useReservationHistory } from './api/reservation-history.ts';
import styles from './dashboard-tools.module.css';
import { describeHistory, type HistoryLine, type Phrase } from './history-text.ts';

function useDayFormat() {
  const { i18n } = useTranslation('admin');
  const format = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (day: string) => {
    const value = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(value.getTime()) ? day : format.format(value);
  };
}

function HistoryItem({ line, today }: { line: HistoryLine; today: string }) {
  const { t } = useTranslation('admin');
  const formatDay = useDayFormat();
  const phrase = (p: Phrase) => {
    const values = { ...p.values };
    if (values.field) values.field = t(`history.fields.${values.field}`, { defaultValue: values.field });
    return t(`history.${p.key}`, values);
  };
  const what = line.phrases.map(phrase).join(t('history.separator'));
  const who = phrase(line.who);
  return (
    <li className={styles.historyItem}>
      {line.day === today
        ? t('history.lineToday', { what, who, time: line.time })
        : t('history.lineOn', { what, who, date: formatDay(line.day), time: line.time })}
    </li>
  );
}

function History({ supabase, row }: { supabase: SupabaseClient; row: ReservationRow }) {
  const { t } = useTranslation('admin');
  const history = useReservationHistory(supabase, row.id);
  const { refetch } = history;
  const today = restaurantDay(new Date());

  if (history.isPending) return <p role="status">{t('drawer.loading')}</p>;
  if (history.isError) {
    return (
      <div role="alert">
        <p>{t('drawer.failed')}</p>
        <Button variant="ghost" onClick={() => void refetch()}>
          {t('drawer.retry')}
        </Button>
      </div>
    );
  }
  if (history.data.length === 0) return <p>{t('drawer.empty')}</p>;
  return (
    <ol className={styles.history} aria-labelledby="drawer-history">
      {history.data.map((entry) => (
        <HistoryItem key={entry.id} line={describeHistory(entry)} today={today} />
      ))}
    </ol>
  );
}

export function ReservationDrawer(props: {
  supabase: SupabaseClient;
  row: ReservationRow | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const nameOf = useBranchName();
  const formatDay = useDayFormat();
  const { row } = props;
  // Opened from outside (the name in a row) rather than by a Dialog.Trigger, so Radix does not
  // know where focus came from: keep it, and give it back on close.
  const opener = useRef<HTMLElement | null>(null);
  const yesNo = (flag: 'arrived' | 'allocated', value: boolean) => t(`table.${flag}${value ? 'Yes' : 'No'}`);
  return (
    <Dialog.Root open={row !== undefined} onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.drawer}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
        >
          {row ? (
            <>
              <div className={styles.drawerHeader}>
                <Dialog.Title className={styles.drawerTitle}>{row.name}</Dialog.Title>
                <Dialog.Close asChild>
                  <Button variant="ghost" className={styles.closeButton}>
                    {t('drawer.close')}
                  </Button>
                </Dialog.Close>
              </div>
              <Dialog.Description className={styles.drawerSubtitle}>
                {t('drawer.description', {
                  date: formatDay(row.date),
                  time: formatBookingTimeAndPeriod(row.time, row.period, i18n.language),
                  branch: row.branch,
                  count: row.guests,
                })}
              </Dialog.Description>
              <GuestSummary supabase={props.supabase} reservationId={row.id} />
              <section aria-labelledby="drawer-details">
                <h3 id="drawer-details" className={styles.drawerHeading}>
                  {t('drawer.details')}
                </h3>
                <dl className={styles.details}>
                  <dt>{t('table.mobile')}</dt>
                  <dd>{row.mobile}</dd>
                  <dt>{t('table.email')}</dt>
                  <dd>{row.email}</dd>
                  <dt>{t('table.date')}</dt>
                  <dd>{formatDay(row.date)}</dd>
                  <dt>{t('table.time')}</dt>
                  <dd>{formatBookingTimeAndPeriod(row.time, row.period, i18n.language)}</dd>
                  <dt>{t('table.guests')}</dt>
                  <dd>{row.guests}</dd>
                  <dt>{t('table.branch')}</dt>
                  <dd>{nameOf(row.branch)}</dd>
                  <dt>{t('table.notes')}</dt>
                  <dd>{row.notes?.trim() ? row.notes : t('table.noNotes')}</dd>
                  <dt>{t('table.arrived')}</dt>
                  <dd>{yesNo('arrived', row.arrived)}</dd>
                  <dt>{t('table.allocated')}</dt>
                  <dd>{yesNo('allocated', row.allocated)}</dd>
                  <dt>{t('guestAnswer.label')}</dt>
                  <dd>
                    {row.confirmed_at
                      ? t('guestAnswer.confirmed')
                      : row.reminded_at
                        ? t('guestAnswer.noAnswer')
                        : t('guestAnswer.notYet')}
                  </dd>
                </dl>
              </section>
              <section aria-labelledby="drawer-history">
                <h3 id="drawer-history" className={styles.drawerHeading}>
                  {t('drawer.history')}
                </h3>
                <History supabase={props.supabase} row={row} />
              </section>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
