/**
 * The live board's two small signs: whether changes are arriving (Live, or Reconnecting… while the
 * connection is being restored), and a pill offering the new bookings that are not on this page.
 * Neither interrupts: the status is a polite live region, the pill a plain button.
 */
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import styles from './admin.module.css';
import type { LiveStatus } from './api/live-reservations.ts';

export function LiveStatusBadge({ status }: { status: LiveStatus }) {
  const { t } = useTranslation('admin');
  return (
    <p className={styles.liveStatus} data-status={status} role="status">
      <span className={styles.liveDot} aria-hidden="true" />
      {t(`live.status.${status}`)}
    </p>
  );
}

export function NewBookingsPill({ count, onShow }: { count: number; onShow: () => void }) {
  const { t } = useTranslation('admin');
  if (count === 0) return null;
  return (
    <div className={styles.newBookings}>
      <button type="button" className={styles.newBookingsPill} onClick={onShow}>
        <span aria-hidden="true">↑ </span>
        {t('live.showNew', { count })}
      </button>
    </div>
  );
}
