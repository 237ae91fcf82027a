/**
 * The day sheet (/admin/print?date=…&branch=…): one day's bookings at one branch, in time order,
 * laid out for A4 paper (time, party, name, phone, notes and the two flags, with room to tick by
 * pen). The controls and the staff header stay on screen only; the printout is the sheet.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { formatBookingTimeAndPeriod } from '../../../../domain/booking-format.ts';
import { hasControlCharacters, homeBranches, limits } from '../../../../domain/reservation.ts';
import { paths } from '../../../../domain/routes.ts';
import { useBranchName, useLocalize } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { Button, buttonClass } from '../../../shared/ui/button.tsx';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { branchOptions, useBranchesInData } from '../../shell/list-branches.ts';
import { StaffScreen } from '../../shell/staff-screen.tsx';
import { useToday } from '../../shell/use-today.ts';
import { VisitCache } from '../../shell/visit-cache.tsx';
import { fetchReservationsForExport } from './api/export-reservations.ts';
import styles from './print.module.css';
import { inServiceOrder } from './print-path.ts';

/** The sheet's URL parameters; a bad one in a link is dropped for the default. */
const printQuerySchema = z.object({
  date: z.iso.date().optional().catch(undefined),
  branch: z
    .string()
    .trim()
    .min(1)
    .max(limits.branch)
    .refine((value) => !hasControlCharacters(value))
    .optional()
    .catch(undefined),
});

function DaySheet({ supabase }: { supabase: SupabaseClient }) {
  const { t, i18n } = useTranslation('admin');
  const nameOf = useBranchName();
  const localize = useLocalize();
  const [searchParams, setSearchParams] = useSearchParams();
  const today = useToday();
  const parsed = useMemo(() => printQuerySchema.parse(Object.fromEntries(searchParams)), [searchParams]);
  const date = parsed.date ?? today;
  const branch = parsed.branch ?? homeBranches[0];
  const branches = useBranchesInData(supabase);
  const [printedAt] = useState(() => new Date());

  const day = useQuery({
    queryKey: ['reservations', 'print', date, branch] as const,
    queryFn: () => fetchReservationsForExport(supabase, { date, branch }),
  });
  const set = (next: { date?: string; branch?: string }) =>
    setSearchParams({ date: next.date ?? date, branch: next.branch ?? branch }, { replace: true });

  const dayTitle = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
  const rows = day.data ? inServiceOrder(day.data) : [];
  const covers = rows.reduce((sum, row) => sum + row.guests, 0);
  const printedTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Ho_Chi_Minh',
  }).format(printedAt);

  return (
    <>
      <div className={styles.controls}>
        <FormField label={t('print.date')}>
          {(field) => (
            <input
              {...field}
              type="date"
              value={date}
              onChange={(event) => event.target.value && set({ date: event.target.value })}
            />
          )}
        </FormField>
        <FormField label={t('print.branch')}>
          {(field) => (
            <select {...field} value={branch} onChange={(event) => set({ branch: event.target.value })}>
              {branchOptions(branches.data, branch).map((option) => (
                <option key={option} value={option}>
                  {nameOf(option)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Button onClick={() => window.print()} disabled={!day.data}>
          {t('print.print')}
        </Button>
        <Link to={localize(paths.adminDashboard)} className={buttonClass('ghost')}>
          {t('print.back')}
        </Link>
      </div>
      <article className={styles.sheet} aria-labelledby="sheet-title">
        <h2 id="sheet-title" className={styles.sheetTitle}>
          {t('print.title', { branch, day: dayTitle })}
        </h2>
        {day.isPending ? <p role="status">{t('print.loading')}</p> : null}
        {day.isError ? <p role="alert">{t('print.failed')}</p> : null}
        {day.data ? (
          <>
            <p className={styles.summary}>
              {t('print.summary', { count: rows.length, covers })} · {t('print.printedAt', { time: printedTime })}
            </p>
            {rows.length === 0 ? (
              <p>{t('print.empty')}</p>
            ) : (
              <table className={styles.sheetTable}>
                <thead>
                  <tr>
                    <th scope="col">{t('print.columns.time')}</th>
                    <th scope="col">{t('print.columns.party')}</th>
                    <th scope="col">{t('print.columns.name')}</th>
                    <th scope="col">{t('print.columns.phone')}</th>
                    <th scope="col">{t('print.columns.notes')}</th>
                    <th scope="col">{t('print.columns.arrived')}</th>
                    <th scope="col">{t('print.columns.allocated')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id}>
                      <td className={styles.nowrap}>
                        {formatBookingTimeAndPeriod(row.time, row.period, i18n.language)}
                      </td>
                      <td className={styles.number}>{row.guests}</td>
                      <th scope="row">{row.name}</th>
                      <td className={styles.nowrap}>{row.mobile}</td>
                      <td>{row.notes?.trim() ? row.notes : ''}</td>
                      <td className={styles.flag}>
                        <span aria-hidden="true" className={styles.box}>
                          {row.arrived ? '✓' : ''}
                        </span>
                        <span className="visually-hidden">{t(`table.arrived${row.arrived ? 'Yes' : 'No'}`)}</span>
                      </td>
                      <td className={styles.flag}>
                        <span aria-hidden="true" className={styles.box}>
                          {row.allocated ? '✓' : ''}
                        </span>
                        <span className="visually-hidden">{t(`table.allocated${row.allocated ? 'Yes' : 'No'}`)}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        ) : null}
      </article>
    </>
  );
}

function PrintScreen() {
  const { t } = useTranslation('admin');
  return (
    <StaffScreen
      title={t('print.screenTitle')}
      subtitle={t('print.subtitle')}
      notAuthorised={(email) => t('dashboard.notAuthorised', { email })}
    >
      {(supabase) => <DaySheet supabase={supabase} />}
    </StaffScreen>
  );
}

export function PrintPage() {
  return (
    <VisitCache>
      <PrintScreen />
    </VisitCache>
  );
}
