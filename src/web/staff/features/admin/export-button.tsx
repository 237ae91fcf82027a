/**
 * "Export CSV": every reservation matching the filters on screen (all pages), as a UTF-8 file
 * Excel opens with Vietnamese names intact. The rows are read in batches; the count read so far
 * is announced while it runs.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { notify } from '../../../shared/lib/notify.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { fetchReservationsForExport } from './api/export-reservations.ts';
import styles from './dashboard-tools.module.css';
import type { ReservationFilters } from './reservation-filters.ts';
import { type CsvLabels, exportFileName, reservationsCsv } from './reservations-csv.ts';

/** Hands the text to the browser as a download, without a round trip to the server. */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ExportButton(props: { supabase: SupabaseClient; filters: ReservationFilters; today: string }) {
  const { t, i18n } = useTranslation('admin');
  const [read, setRead] = useState<number | null>(null);
  const number = new Intl.NumberFormat(i18n.language);

  const run = async () => {
    setRead(0);
    try {
      const rows = await fetchReservationsForExport(props.supabase, props.filters, setRead);
      const labels: CsvLabels = {
        header: (column) => t(`export.columns.${column}`),
        yes: t('export.yes'),
        no: t('export.no'),
      };
      download(reservationsCsv(rows, labels), exportFileName(props.today, props.filters));
      // The access log (issue 25): owners see who exported how many rows, never which guests.
      void props.supabase
        .rpc('log_access', { p_action: 'csv_export', p_subject: `${rows.length} rows` })
        .then(undefined, () => undefined);
      notify.success(t('export.done', { count: rows.length, formatted: number.format(rows.length) }));
    } catch {
      notify.error(t('export.failed'));
    } finally {
      setRead(null);
    }
  };

  return (
    <div className={styles.toolGroup}>
      <Button variant="ghost" className={styles.toolButton} disabled={read !== null} onClick={() => void run()}>
        {t('export.button')}
      </Button>
      <p className={styles.toolStatus} role="status">
        {read !== null ? t('export.progress', { formatted: number.format(read) }) : ''}
      </p>
    </div>
  );
}
