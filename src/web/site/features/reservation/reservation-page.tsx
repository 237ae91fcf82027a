/**
 * The "Make a Reservation" page (/reservation): its heading and text around the form
 * (reservation-form.tsx), the page's island. The form is rendered with the page, so nothing
 * arrives late to push the footer down.
 */
import { localizePath, paths } from '../../../../domain/routes.ts';
import { usePageMeta } from '../../../shared/frame/page-meta.tsx';
import { useLanguage } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { SectionHeading } from '../../../shared/ui/section-heading.tsx';
import { Island } from '../../islands/island.tsx';
import { reservationFormIsland } from './reservation-island.tsx';
import styles from './reservation-page.module.css';

export function ReservationPage() {
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
      {/*
        The server renders the page on the restaurant's day, calendar and all: the form's code
        (React, the calendar's, ~105 KB) waits for the guest's first touch, and what they type,
        choose or press meanwhile is replayed once it is there (islands/early-edits.ts). A page
        from another day hydrates at once (reservation-stale.ts).
      */}
      <Island island={reservationFormIsland} props={{}} when="interaction" />
    </section>
  );
}
