/**
 * The "Make a Reservation" page (/reservation): its heading and text around the form
 * (reservation-form.tsx), the page's interactive part.
 *
 * The page is prerendered with its form (scripts/prerender), so nothing arrives late to push the
 * footer down.
 */
import { Suspense } from 'react';
import { localizePath, paths } from '../../../../domain/routes.ts';
import { usePageMeta } from '../../../shared/frame/page-meta.tsx';
import { useLanguage } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { SectionHeading } from '../../../shared/ui/section-heading.tsx';
import { ReservationForm } from './reservation-form.tsx';
import styles from './reservation-page.module.css';

export { prepareCalendar } from './date-picker.tsx';

export function ReservationPage() {
  // The namespace loads with this chunk; the boundary keeps the layout up meanwhile.
  return (
    <Suspense fallback={null}>
      <ReservationContent />
    </Suspense>
  );
}

function ReservationContent() {
  const { t } = useTranslation('reservation');
  const language = useLanguage();
  usePageMeta({
    title: t('meta.title'),
    description: t('meta.description'),
    path: localizePath(paths.reservation, language),
  });
  return (
    <section className={styles.page} aria-labelledby="reservation-title">
      <SectionHeading
        level={1}
        id="reservation-title"
        eyebrow={t('eyebrow')}
        title={t('title')}
        intro={t('intro')}
        className={styles.head}
      />
      <ReservationForm />
    </section>
  );
}
