/**
 * Covers per day over the last 30 days (all branches the account may read), drawn as a small SVG
 * bar chart — no chart library for thirty bars — with the same numbers as a table for screen
 * readers and anyone who prefers figures. Loaded as its own chunk, after the dashboard.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import { useCoversByDay } from './api/covers-by-day.ts';
import styles from './dashboard-tools.module.css';
import { addDays, daysBetween } from './day-range.ts';

const width = 300;
const height = 96;
const gap = 2;

export function CoversChart({ supabase, today }: { supabase: SupabaseClient; today: string }) {
  const { t, i18n } = useTranslation('admin');
  const from = addDays(today, -29);
  const covers = useCoversByDay(supabase, from, today);
  const number = new Intl.NumberFormat(i18n.language);
  const dayFormat = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

  if (covers.isPending) return <p role="status">{t('numbers.chartLoading')}</p>;
  if (covers.isError) return <p role="alert">{t('numbers.failed')}</p>;

  const perDay = new Map<string, number>();
  for (const row of covers.data) perDay.set(row.day, (perDay.get(row.day) ?? 0) + row.covers);
  const days = daysBetween(from, today).map((day) => ({ day, covers: perDay.get(day) ?? 0 }));
  const most = Math.max(1, ...days.map((d) => d.covers));
  const total = days.reduce((sum, d) => sum + d.covers, 0);
  const barWidth = width / days.length - gap;

  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartCaption}>
        {t('numbers.chartTitle', { formatted: number.format(total), count: total })}
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className={styles.chartSvg}
        role="img"
        aria-label={t('numbers.chartSummary', {
          from: formatDay(from),
          to: formatDay(today),
          most: number.format(most === 1 && total === 0 ? 0 : most),
        })}
      >
        <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} className={styles.chartAxis} />
        {days.map((d, index) => {
          const barHeight = d.covers === 0 ? 0 : Math.max(2, (d.covers / most) * (height - 4));
          return (
            <rect
              key={d.day}
              x={index * (barWidth + gap) + gap / 2}
              y={height - barHeight}
              width={barWidth}
              height={barHeight}
              rx="1"
              className={d.day === today ? styles.chartBarToday : styles.chartBar}
            >
              <title>{t('numbers.bar', { day: formatDay(d.day), formatted: number.format(d.covers) })}</title>
            </rect>
          );
        })}
      </svg>
      <div className={styles.chartScale} aria-hidden="true">
        <span>{formatDay(from)}</span>
        <span>{formatDay(today)}</span>
      </div>
      <details className={styles.chartTable}>
        <summary>{t('numbers.showTable')}</summary>
        <table className={styles.numbersTable}>
          <caption className="visually-hidden">{t('numbers.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('numbers.day')}</th>
              <th scope="col">{t('numbers.covers')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">
                  <time dateTime={d.day}>{formatDay(d.day)}</time>
                </th>
                <td>{number.format(d.covers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
