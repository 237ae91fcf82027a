/**
 * /privacy and /vi/privacy (issue 25): the privacy notice the booking forms link to, prerendered
 * like the other public pages. Who keeps what, for what, how long, where, the guest's rights and
 * whom to contact; its wording's version is the consent box's (src/domain/guests.ts).
 */

import { paths } from '../../../../domain/routes.ts';
import { usePageMeta } from '../../../shared/frame/page-meta.tsx';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { SectionHeading } from '../../../shared/ui/section-heading.tsx';
import styles from './privacy.module.css';

const sections = ['who', 'what', 'why', 'howLong', 'where', 'rights', 'contact'] as const;

export function PrivacyPage() {
  const { t } = useTranslation('privacy');
  usePageMeta({ title: t('metaTitle'), description: t('metaDescription'), path: paths.privacy });
  return (
    <article className={styles.page} aria-labelledby="privacy-title">
      <SectionHeading level={1} id="privacy-title" eyebrow={t('eyebrow')} title={t('title')} intro={t('intro')} />
      {sections.map((section) => (
        <section key={section}>
          <h2 id={`privacy-${section}`} className={styles.title}>
            {t(`sections.${section}.title`)}
          </h2>
          <p className={styles.text}>{t(`sections.${section}.text`)}</p>
        </section>
      ))}
      <p className={styles.updated}>{t('updated')}</p>
    </article>
  );
}
