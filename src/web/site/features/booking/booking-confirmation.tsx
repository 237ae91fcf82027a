/**
 * Shown under the home form after a booking: the reference, the details, "Add to calendar" and the
 * private manage link. The form itself has reset; the panel stays until the guest closes it. It
 * takes focus so screen-reader users hear that the booking went through and what its reference is.
 */
import { useEffect, useRef } from 'react';
import type { BookingReceipt } from '../../../../domain/booking-lifecycle.ts';
import { manageBookingPath } from '../../../../domain/routes.ts';
import { useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { AddToCalendarButton, BookingDetails } from './booking-details.tsx';
import styles from './booking-receipt.module.css';

export function BookingConfirmation({ receipt, onClose }: { receipt: BookingReceipt; onClose: () => void }) {
  const { t } = useTranslation('booking');
  const localize = useLocalize();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const managePath = receipt.token ? localize(manageBookingPath(receipt.token)) : undefined;
  return (
    <section className={styles.panel} aria-labelledby="booking-confirmation-title">
      <h3 id="booking-confirmation-title" className={styles.panelTitle} ref={heading} tabIndex={-1}>
        <span aria-hidden="true" className={styles.tick}>
          ✓
        </span>{' '}
        {t('confirmation.title')}
      </h3>
      <p className={styles.intro}>{t('confirmation.intro')}</p>
      <BookingDetails booking={receipt} />
      <div className={styles.actions}>
        <AddToCalendarButton
          booking={receipt}
          manageUrl={managePath ? new URL(managePath, window.location.origin).href : undefined}
        />
        {managePath ? (
          <a href={managePath} className={styles.manageLink} rel="noreferrer">
            {t('confirmation.manageLink')}
          </a>
        ) : null}
        <Button variant="ghost" onClick={onClose}>
          {t('confirmation.dismiss')}
        </Button>
      </div>
      <p className={styles.hint}>{managePath ? t('confirmation.manageHint') : t('confirmation.noLink')}</p>
    </section>
  );
}
