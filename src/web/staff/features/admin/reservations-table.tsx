/**
 * The reservations register: one row per booking, newest first, with the two service flags as
 * checkboxes. Each flag shows its state as text and an icon next to the box, never colour alone.
 * Guest-supplied text is rendered as text (React escapes it), never as markup or a formula.
 */
import type { ReactNode } from 'react';
import { formatBookingTimeAndPeriod } from '../../../../domain/booking-format.ts';
import { formatLongDate } from '../../../../domain/format-dong.ts';
import type { ReservationFlag } from '../../../../domain/reservation.ts';
import { useBranchName } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/translation.tsx';
import styles from './admin.module.css';
import type { ReservationRow } from './api/list-reservations.ts';
import tools from './dashboard-tools.module.css';

function CheckIcon() {
  return (
    <svg className={styles.flagIcon} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

function PendingIcon() {
  return (
    <svg className={styles.flagIcon} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <circle cx="8" cy="8" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeDasharray="2.5 2" />
    </svg>
  );
}

function FlagBox(props: {
  row: ReservationRow;
  flag: ReservationFlag;
  onToggle: (row: ReservationRow, flag: ReservationFlag, value: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const { row, flag } = props;
  const checked = row[flag];
  return (
    <label className={styles.flag} data-checked={checked}>
      <input
        type="checkbox"
        checked={checked}
        aria-label={t(`table.${flag}For`, { name: row.name })}
        onChange={(event) => props.onToggle(row, flag, event.target.checked)}
      />
      {checked ? <CheckIcon /> : <PendingIcon />}
      <span className={styles.flagText}>{t(`table.${flag}${checked ? 'Yes' : 'No'}`)}</span>
    </label>
  );
}

export function ReservationsTable(props: {
  rows: readonly ReservationRow[];
  /** Bookings that just arrived on the live board, shown highlighted for a few seconds. */
  highlighted?: ReadonlySet<number>;
  busy: boolean;
  onToggle: (row: ReservationRow, flag: ReservationFlag, value: boolean) => void;
  /** Opens a booking's detail drawer from its name; without it the name is plain text. */
  onOpen?: (row: ReservationRow) => void;
  /** Shown in place of rows: loading, empty or failed. */
  placeholder?: ReactNode;
}) {
  const { t, i18n } = useTranslation('admin');
  const nameOf = useBranchName();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const vietnamese = i18n.language === 'vi';
  const formatDate = (date: string) => {
    const value = new Date(`${date}T00:00:00Z`);
    if (Number.isNaN(value.getTime())) return date;
    // Vietnamese reads "Thứ Hai, 23/11/2026"; Intl would write "Th 2, 23 thg 11, 2026".
    return vietnamese ? formatLongDate(date, 'vi') : dateFormat.format(value);
  };
  const formatTime = (row: ReservationRow) => formatBookingTimeAndPeriod(row.time, row.period, i18n.language);
  const headings = ['name', 'mobile', 'email', 'date', 'time', 'guests', 'branch', 'notes', 'arrived', 'allocated'];

  return (
    // A focusable scroll region, so the table can be scrolled sideways from the keyboard too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region must be keyboard-reachable (axe scrollable-region-focusable)
    <section className={styles.tableScroll} aria-labelledby="reservations-title" tabIndex={0}>
      <table className={styles.table} aria-busy={props.busy}>
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className={styles[`col_${heading}`]}>
                {t(`table.${heading}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.placeholder ? (
            <tr>
              <td colSpan={headings.length} className={styles.placeholderCell}>
                {props.placeholder}
              </td>
            </tr>
          ) : (
            props.rows.map((row) => (
              <tr
                key={row.id}
                data-arrived={row.arrived}
                data-status={row.status}
                data-new={props.highlighted?.has(row.id) || undefined}
              >
                <th scope="row" className={styles.nameCell}>
                  {row.status === 'cancelled' ? (
                    <span className={styles.cancelledLabel}>
                      <span aria-hidden="true">✕</span> <span>{t('table.cancelled')}</span>
                    </span>
                  ) : row.status !== 'booked' ? (
                    <span className={styles.statusLabel}>{t(`table.status_${row.status}`)}</span>
                  ) : row.held_until ? (
                    <span className={styles.statusLabel}>{t('guestAnswer.held')}</span>
                  ) : row.confirmed_at ? (
                    <span className={styles.statusLabel} data-answer="confirmed">
                      <span aria-hidden="true">✓</span> {t('guestAnswer.confirmed')}
                    </span>
                  ) : null}
                  {props.onOpen ? (
                    <button
                      type="button"
                      className={tools.nameButton}
                      aria-haspopup="dialog"
                      aria-label={t('drawer.open', { name: row.name })}
                      onClick={() => props.onOpen?.(row)}
                    >
                      {row.name}
                    </button>
                  ) : (
                    <span className={styles.rowText}>{row.name}</span>
                  )}
                </th>
                <td className={styles.nowrap}>
                  <a href={`tel:${row.mobile.replace(/[^+\d]/g, '')}`} className={styles.quietLink}>
                    {row.mobile}
                  </a>
                </td>
                <td className={styles.emailCell}>{row.email}</td>
                <td className={styles.nowrap}>
                  <time dateTime={row.date}>{formatDate(row.date)}</time>
                </td>
                <td className={styles.nowrap}>{formatTime(row)}</td>
                <td className={styles.numberCell}>{row.guests}</td>
                <td className={styles.branchCell}>{nameOf(row.branch)}</td>
                <td className={styles.notesCell}>{row.notes?.trim() ? row.notes : t('table.noNotes')}</td>
                <td className={styles.flagCell} data-flag="arrived">
                  <FlagBox row={row} flag="arrived" onToggle={props.onToggle} />
                </td>
                <td className={styles.flagCell} data-flag="allocated">
                  <FlagBox row={row} flag="allocated" onToggle={props.onToggle} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
