import { paths } from '../../../../domain/routes.ts';
import { usePageMeta } from '../../../shared/frame/page-meta.tsx';
import { useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { buttonClass } from '../../../shared/ui/button.tsx';
import { SectionHeading } from '../../../shared/ui/section-heading.tsx';
import { usePathname } from '../../location.ts';
import styles from './not-found.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const pathname = usePathname();
  usePageMeta({ title: t('notFound.metaTitle'), description: t('notFound.metaDescription'), path: pathname });
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <svg className={styles.art} viewBox="0 0 200 120" width="200" height="120" aria-hidden="true" focusable="false">
        <ellipse cx="100" cy="96" rx="84" ry="14" fill="#e2d6c3" />
        <path d="M28 70a72 30 0 0 0 144 0z" fill="#7a1f2b" />
        <path d="M36 70a64 22 0 0 0 128 0z" fill="#9a3340" />
        <ellipse cx="100" cy="70" rx="72" ry="12" fill="#f4ead9" />
        <path
          d="M84 50c4-10-6-16 0-28M100 48c4-10-6-16 0-28M116 50c4-10-6-16 0-28"
          stroke="#c9821a"
          strokeWidth="4"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <SectionHeading
        level={1}
        id="not-found-title"
        eyebrow={t('notFound.eyebrow')}
        title={t('notFound.title')}
        intro={t('notFound.text')}
        className={styles.head}
      />
      <div className={styles.actions}>
        <a href={localize(paths.home)} className={buttonClass('primary')}>
          {t('notFound.returnHome')}
        </a>
        <a href={localize(paths.menu)} className={styles.link}>
          {t('notFound.seeMenu')}
        </a>
      </div>
    </section>
  );
}
