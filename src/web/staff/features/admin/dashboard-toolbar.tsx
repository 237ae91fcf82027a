/**
 * The row above the filters: the Today and Upcoming chips, and the tools that work on the
 * current filters — Export CSV, and the printable day sheet of the day and branch in view.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { Link } from 'react-router';
import { homeBranches } from '../../../../domain/reservation.ts';
import { useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { buttonClass } from '../../../shared/ui/button.tsx';
import styles from './dashboard-tools.module.css';
import { ExportButton } from './export-button.tsx';
import { printPath } from './print-path.ts';
import { QuickViews } from './quick-views.tsx';
import type { FiltersChange, ReservationFilters } from './reservation-filters.ts';

export function DashboardToolbar(props: {
  supabase: SupabaseClient;
  filters: ReservationFilters;
  today: string;
  onFilters: (change: FiltersChange) => void;
}) {
  const { t } = useTranslation('admin');
  const localize = useLocalize();
  const { filters, today } = props;
  return (
    <div className={styles.toolbar}>
      <QuickViews filters={filters} today={today} onChange={props.onFilters} />
      <div className={styles.tools}>
        <ExportButton supabase={props.supabase} filters={filters} today={today} />
        <Link
          to={localize(printPath(filters.date ?? today, filters.branch ?? homeBranches[0]))}
          className={buttonClass('ghost', styles.toolButton)}
        >
          {t('print.link')}
        </Link>
      </div>
    </div>
  );
}
