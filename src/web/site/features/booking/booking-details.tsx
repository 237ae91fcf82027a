/**
 * One booking's facts as a description list, and its "Add to calendar" button: shared by the
 * confirmation panel (after the home form) and the manage page.
 */
import { useState } from 'react';
import { formatBookingDate, formatBookingTime } from '../../../../domain/booking-format.ts';
import type { BookingStatus } from '../../../../domain/booking-lifecycle.ts';
import { branchPhone } from '../../../../domain/branch-contact.ts';
import { restaurantProfile } from '../../../../domain/restaurant-profile.ts';
import { useBranchName, useLanguage } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button } from '../../../shared/ui/button.tsx';
import styles from './booking-receipt.module.css';
import { downloadCalendarFile } from './calendar-download.ts';

export interface BookingFacts {
  reference: string;
  date: string;
  time: string;
  period: string;
  guests: number;
  branch: string;
  name?: string;
  status?: BookingStatus;
  /** Changes by the guest: the downloaded calendar file's SEQUENCE follows the email's. */
  revision?: number;
}

export function BookingDetails({ booking }: { booking: BookingFacts }) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  const nameOf = useBranchName();
  const address = restaurantProfile.branches.find((b) => b.name === booking.branch)?.address;
  return (
    <dl className={styles.details}>
      <div className={styles.reference}>
        <dt>{t('details.reference')}</dt>
        <dd>{booking.reference}</dd>
      </div>
      {booking.status ? (
        <div>
          <dt>{t('details.status')}</dt>
          <dd>
            <span className={booking.status === 'cancelled' ? styles.cancelled : styles.booked}>
              <span aria-hidden="true">{booking.status === 'cancelled' ? '✕' : '✓'}</span>{' '}
              <span>{t(`status.${booking.status}`)}</span>
            </span>
          </dd>
        </div>
      ) : null}
      {booking.name ? (
        <div>
          <dt>{t('details.name')}</dt>
          <dd>{booking.name}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('details.date')}</dt>
        <dd>{formatBookingDate(booking.date, language)}</dd>
      </div>
      <div>
        <dt>{t('details.time')}</dt>
        <dd>{formatBookingTime(booking.time, booking.period, language)}</dd>
      </div>
      <div>
        <dt>{t('details.guests')}</dt>
        <dd>{t('details.guest', { count: booking.guests })}</dd>
      </div>
      <div>
        <dt>{t('details.branch')}</dt>
        <dd>
          {nameOf(booking.branch)}
          {address ? <span className={styles.address}>{address}</span> : null}
        </dd>
      </div>
      <div>
        <dt>{t('details.phone')}</dt>
        <dd>
          <a href={`tel:${branchPhone(booking.branch).replaceAll(' ', '')}`}>{branchPhone(booking.branch)}</a>
        </dd>
      </div>
    </dl>
  );
}

export function AddToCalendarButton({ booking, manageUrl }: { booking: BookingFacts; manageUrl?: string }) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const onClick = () => {
    setBusy(true);
    downloadCalendarFile({ ...booking, manageUrl, language })
      .catch(() => notify.error(t('calendarFailed')))
      .finally(() => setBusy(false));
  };
  return (
    <Button variant="secondary" onClick={onClick} disabled={busy}>
      <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {t('addToCalendar')}
    </Button>
  );
}
