import { localizePath, paths } from '../../../../domain/routes.ts';
import { usePageMeta } from '../../../shared/frame/page-meta.tsx';
import { useLanguage } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { SectionHeading } from '../../../shared/ui/section-heading.tsx';
import { Island } from '../../islands/island.tsx';
import styles from './menu.module.css';
import { menuIsland } from './menu-island.ts';

/** The menu page: its heading is HTML; the filters and the dishes they choose are an island. */
export function MenuPage() {
  const { t } = useTranslation('menu');
  const language = useLanguage();
  usePageMeta({ title: t('meta.title'), description: t('meta.description'), path: localizePath(paths.menu, language) });
  return (
    <div className={styles.page}>
      <SectionHeading level={1} eyebrow={t('eyebrow')} title={t('title')} intro={t('intro')} className={styles.head} />
      {/*
        On screen at once: its code comes with the page, as call 7 does (the answer rules the list);
        a filter pressed or a search typed while it loads is replayed once it is there (islands/mount.tsx).
      */}
      <Island island={menuIsland} props={{}} when="visible" />
    </div>
  );
}
