/** Previous / Next through the pages of matches, with "Page x of y". */
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import styles from './admin.module.css';
import { pageCount, pageRange } from './reservation-filters.ts';

export function Pager(props: { page: number; total: number; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation('admin');
  const pages = pageCount(props.total);
  const { from, to } = pageRange(props.page);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <nav className={styles.pager} aria-label={t('pager.label')}>
      <p className={styles.muted}>
        {props.total > 0
          ? t('pager.range', {
              from: number.format(from + 1),
              to: number.format(Math.min(to + 1, props.total)),
              total: number.format(props.total),
            })
          : null}
      </p>
      <div className={styles.pagerControls}>
        <Button variant="ghost" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
          {t('pager.previous')}
        </Button>
        <span className={styles.pagerStatus} aria-live="polite">
          {t('pager.status', { page: number.format(props.page), pages: number.format(pages) })}
        </span>
        <Button variant="ghost" disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
          {t('pager.next')}
        </Button>
      </div>
    </nav>
  );
}
