import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { SectionHeading } from '../../../shared/ui/section-heading.tsx';
import { Island } from '../../islands/island.tsx';
import styles from './booking.module.css';
import { bookingFormIsland } from './booking-island.tsx';

/*
 * The form is prerendered with the page; its code (an island) waits until the guest comes near
 * it: it is far below the fold, and the home page must stay within its JavaScript budget before
 * any interaction.
 */
export function BookingSection() {
  const { t } = useTranslation('home');
  return (
    <section id="booking" tabIndex={-1} aria-labelledby="booking-title" className={styles.section}>
      <div className={styles.inner}>
        <SectionHeading
          level={2}
          id="booking-title"
          eyebrow={t('booking.eyebrow')}
          title={t('booking.title')}
          intro={t('booking.intro')}
        />
        <Island island={bookingFormIsland} props={{}} when="visible" />
      </div>
    </section>
  );
}
