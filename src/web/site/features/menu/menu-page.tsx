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
        The server rendered the dishes: the island's code (React with it, ~80 KB) waits for the
        guest's first touch of the filters or the list, and a filter pressed or a search typed
        meanwhile is replayed once it is there (islands/early-edits.ts). Call 7 is made as the
        page opens all the same; an answer that changes the list hydrates it at once (menu-stale.ts).
      */}
      <Island island={menuIsland} props={{}} when="interaction" />
    </div>
  );
}
