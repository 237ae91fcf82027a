/**
 * /booking/<token>: the guest's private page for one booking (issue 14): its details and status,
 * "Add to calendar", and "Cancel booking" with a confirm step until the booking's time. A link that
 * opens no booking shows a helpful not-found page (the server has already answered 404). The page
 * asks not to be indexed and sends no Referer, so the token stays on this page.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useState } from 'react';
import { formatBookingDate, formatBookingMoment, formatBookingTime } from '../../../../domain/booking-format.ts';
import type { ManagedBooking } from '../../../../domain/booking-lifecycle.ts';
import { branchPhone } from '../../../../domain/branch-contact.ts';
import { restaurantProfile } from '../../../../domain/restaurant-profile.ts';
import { manageBookingPath, paths } from '../../../../domain/routes.ts';
import { useBranchName, useLanguage, useLocalize } from '../../../shared/i18n/language.ts';
import { Trans, useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button, buttonClass } from '../../../shared/ui/button.tsx';
import { SectionHeading } from '../../../shared/ui/section-heading.tsx';
import { usePathname } from '../../location.ts';
import { AddToCalendarButton, BookingDetails } from './booking-details.tsx';
import styles from './booking-receipt.module.css';
import { cancelManagedBooking, fetchManagedBooking, type LoadOutcome } from './manage-booking-api.ts';
import { AttendancePanel, ChangeBookingForm, ClaimPanel } from './manage-booking-extras.tsx';
import { YourData } from './your-data.tsx';

type State = { kind: 'loading' } | LoadOutcome;

/** The page's content, an island: what it shows depends on the secret in the address. */
export function ManageBooking() {
  const { t } = useTranslation('booking');
  // The secret is the path's last segment (/booking/<token>, /vi/booking/data/<token>).
  const token = decodeURIComponent(usePathname().split('/').filter(Boolean).at(-1) ?? '');
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(() => {
    setState({ kind: 'loading' });
    void fetchManagedBooking(token).then(setState);
  }, [token]);
  useEffect(load, [load]);

  if (state.kind === 'loading') {
    return (
      <section className={styles.page} aria-busy="true">
        <p role="status">{t('manage.loading')}</p>
      </section>
    );
  }
  if (state.kind === 'not-found') return <BookingNotFound />;
  if (state.kind === 'failed') {
    return (
      <section className={styles.page}>
        <p role="alert">{t('manage.loadFailed')}</p>
        <Button onClick={load}>{t('manage.retry')}</Button>
      </section>
    );
  }
  return (
    <ManagedBookingView
      token={token}
      booking={state.booking}
      onChange={(booking) => setState({ kind: 'found', booking })}
    />
  );
}

function ManagedBookingView({
  token,
  booking,
  onChange,
}: {
  token: string;
  booking: ManagedBooking;
  onChange: (booking: ManagedBooking) => void;
}) {
  const { t } = useTranslation('booking');
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const phone = branchPhone(booking.branch);
  const language = useLanguage();
  const localize = useLocalize();
  const nameOf = useBranchName();
  const manageUrl = new URL(localize(manageBookingPath(token)), window.location.origin).href;
  const when = booking.cancelled_at ? formatBookingMoment(booking.cancelled_at, language) : '';

  const cancel = async () => {
    setCancelling(true);
    const outcome = await cancelManagedBooking(token);
    setCancelling(false);
    setConfirming(false);
    if (outcome.kind === 'cancelled') {
      onChange(outcome.booking);
      notify.success(t('manage.cancelledToast'));
    } else if (outcome.kind === 'too-late') {
      // The database's refusal is in English; the page says the same in the guest's language.
      notify.error(t('manage.pastNote', { phone }));
      onChange({ ...booking, cancellable: false });
    } else {
      notify.error(t('manage.cancelFailed'));
    }
  };

  return (
    <section className={styles.page} aria-labelledby="manage-title">
      <SectionHeading
        level={1}
        id="manage-title"
        eyebrow={t('manage.eyebrow')}
        title={
          <Trans
            t={t}
            i18nKey="manage.title"
            values={{ reference: booking.reference }}
            components={{ reference: <span className={styles.nowrap} /> }}
          />
        }
        className={styles.head}
      />
      <div className={`${styles.panel} ${styles.card}`}>
        <BookingDetails booking={booking} />
        {booking.held_until && booking.cancellable ? (
          <ClaimPanel token={token} booking={booking} onChange={onChange} />
        ) : booking.cancellable ? (
          <AttendancePanel token={token} booking={booking} onChange={onChange} />
        ) : null}
        <div className={`${styles.actions} ${styles.spaced}`}>
          {booking.cancellable && !booking.held_until ? (
            <ChangeBookingForm token={token} booking={booking} onChange={onChange} />
          ) : null}
        </div>
        <div className={`${styles.actions} ${styles.spaced}`}>
          {booking.status === 'booked' && !booking.held_until ? (
            <AddToCalendarButton booking={booking} manageUrl={manageUrl} />
          ) : null}
          {booking.cancellable ? (
            <Dialog.Root open={confirming} onOpenChange={(open) => !cancelling && setConfirming(open)}>
              <Dialog.Trigger asChild>
                <Button className={styles.danger}>{t('manage.cancel')}</Button>
              </Dialog.Trigger>
              <Dialog.Portal>
                <Dialog.Overlay className={styles.overlay} />
                <Dialog.Content className={styles.dialog}>
                  <Dialog.Title className={styles.dialogTitle}>{t('manage.confirmTitle')}</Dialog.Title>
                  <Dialog.Description>
                    {t('manage.confirmText', {
                      guests: t('details.guest', { count: booking.guests }),
                      branch: nameOf(booking.branch),
                      date: formatBookingDate(booking.date, language),
                      time: formatBookingTime(booking.time, booking.period, language),
                    })}
                  </Dialog.Description>
                  <div className={styles.dialogActions}>
                    <Dialog.Close asChild>
                      <Button variant="secondary" disabled={cancelling}>
                        {t('manage.keep')}
                      </Button>
                    </Dialog.Close>
                    <Button className={styles.danger} onClick={() => void cancel()} disabled={cancelling}>
                      {cancelling ? t('manage.cancelling') : t('manage.confirmCancel')}
                    </Button>
                  </div>
                </Dialog.Content>
              </Dialog.Portal>
            </Dialog.Root>
          ) : null}
        </div>
        {booking.status === 'cancelled' ? (
          <p className={styles.note} role="status">
            {t('manage.cancelledNote', { when })}
          </p>
        ) : !booking.cancellable ? (
          <p className={styles.note}>{t('manage.pastNote', { phone })}</p>
        ) : null}
      </div>
      <p className={styles.hint}>{t('manage.help', { branch: nameOf(booking.branch), phone })}</p>
      <YourData
        token={token}
        reference={booking.reference}
        scope="booking"
        onErased={() =>
          void fetchManagedBooking(token).then((outcome) => {
            if (outcome.kind === 'found') onChange(outcome.booking);
          })
        }
      />
      {booking.status === 'cancelled' ? (
        <p>
          <a href={`${localize(paths.home)}#booking`} className={buttonClass('primary')}>
            {t('manage.bookAgain')}
          </a>
        </p>
      ) : null}
    </section>
  );
}

function BookingNotFound() {
  const { t } = useTranslation('booking');
  const localize = useLocalize();
  return (
    <section className={`${styles.page} ${styles.notFound}`} aria-labelledby="booking-not-found-title">
      <SectionHeading
        level={1}
        id="booking-not-found-title"
        eyebrow={t('manage.notFoundEyebrow')}
        title={t('manage.notFoundTitle')}
        intro={t('manage.notFoundText', { phone: restaurantProfile.phone })}
        className={styles.head}
      />
      <a href={localize(paths.home)} className={buttonClass('primary')}>
        {t('manage.returnHome')}
      </a>
    </section>
  );
}
