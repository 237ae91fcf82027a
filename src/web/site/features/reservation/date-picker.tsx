/**
 * The calendar of the /reservation page: one month at a time, days before today (in the
 * restaurant's zone) disabled and the months before this one out of reach. DayPicker gives the
 * grid its keyboard: arrows move by day and week, Page Up/Down by month, Enter or Space picks.
 *
 * Every month shows six weeks (fixedWeeks), so the calendar keeps one height whatever the month:
 * nothing below it moves when the guest turns the page, nor when the prerendered page learns the
 * visitor's day. Until then (today unknown) an inert stand-in of the same size holds its place.
 */
import { format } from 'date-fns';
import { type Ref, use } from 'react';
import { DayPicker, type Labels, type Locale } from 'react-day-picker';
import { formatLongDate } from '../../../../domain/format-dong.ts';
import type { Language } from '../../../../domain/routes.ts';
import 'react-day-picker/style.css';
import { calendarDateToDay, dayToCalendarDate } from '../../../shared/lib/restaurant-date.ts';
import styles from './date-picker.module.css';

/** "Today, Thursday, December 24, 2026, selected": the visible day number is a word of the
 * button's name (WCAG 2.5.3), which the default "24th" is not. */
const labels: Partial<Labels> = {
  labelDayButton: (date, modifiers) =>
    [modifiers.today ? 'Today' : null, format(date, 'EEEE, MMMM d, yyyy'), modifiers.selected ? 'selected' : null]
      .filter(Boolean)
      .join(', '),
};

/** "Hôm nay, Thứ Hai, ngày 23 tháng 11 năm 2026, đã chọn": read aloud well, and the day's number is a word. */
const labelsVi: Partial<Labels> = {
  labelDayButton: (date, modifiers) =>
    [
      modifiers.today ? 'Hôm nay' : null,
      `${formatLongDate(calendarDateToDay(date), 'vi').split(',')[0]}, ngày ${date.getDate()} tháng ${date.getMonth() + 1} năm ${date.getFullYear()}`,
      modifiers.selected ? 'đã chọn' : null,
    ]
      .filter(Boolean)
      .join(', '),
};

const standInMonth = new Date(2026, 0, 1);

/**
 * The Vietnamese calendar's words (~2.5 KB gzip), loaded only for a page in Vietnamese: the
 * English page has no use for them. The route preloads them with the page (`prepareCalendar`), so
 * the calendar renders, and hydrates, without waiting; a visitor who switches language meanwhile
 * waits for them as for the page's messages.
 */
let vietnamese: Locale | undefined;
let loadingVietnamese: Promise<unknown> | undefined;
function loadVietnamese(): Promise<unknown> {
  loadingVietnamese ??= import('react-day-picker/locale/vi').then(
    (module) => {
      vietnamese = module.vi;
    },
    (error: unknown) => {
      loadingVietnamese = undefined;
      throw error;
    },
  );
  return loadingVietnamese;
}

export function prepareCalendar(language: Language): Promise<unknown> {
  return language === 'vi' ? loadVietnamese() : Promise.resolve();
}

function useCalendarLocale(language: Language): Locale | undefined {
  if (language !== 'vi') return undefined;
  if (!vietnamese) use(loadVietnamese());
  return vietnamese;
}

export function DatePicker(props: {
  /** The picked day (yyyy-MM-dd) or '' when none. */
  value: string;
  onChange: (day: string) => void;
  /** Today in the restaurant (yyyy-MM-dd): earlier days are disabled. Undefined: not known yet. */
  today: string | undefined;
  /** Text of the live footer, given the picked day's long form (or undefined when none). */
  footer: (pickedLong: string | undefined) => string;
  language: Language;
  /** Receives the grid's container so a form can move focus to the calendar. */
  containerRef?: Ref<HTMLDivElement>;
}) {
  const locale = useCalendarLocale(props.language);
  if (props.today === undefined) {
    // Hidden (and so out of reach of the keyboard and screen readers): any month will do, as all
    // are six weeks tall; a fixed one keeps the build's output the same from day to day.
    return (
      <div className={`${styles.frame} ${styles.pending}`}>
        <DayPicker
          key="stand-in"
          month={standInMonth}
          today={standInMonth}
          disabled
          fixedWeeks
          locale={locale}
          labels={props.language === 'vi' ? labelsVi : labels}
          className={styles.calendar}
          footer={props.footer(undefined)}
        />
      </div>
    );
  }
  // The restaurant's days, laid on the device's calendar (see dayToCalendarDate).
  const today = dayToCalendarDate(props.today);
  const selected = props.value ? dayToCalendarDate(props.value) : undefined;
  return (
    <div ref={props.containerRef} className={styles.frame}>
      <DayPicker
        // A new calendar, not the stand-in's nor another day's: it opens on the month of the day
        // picked or of today (and the page rendered yesterday shows today's month).
        key={`calendar-${props.today}`}
        fixedWeeks
        mode="single"
        required
        today={today}
        selected={selected}
        onSelect={(day: Date) => props.onChange(calendarDateToDay(day))}
        disabled={{ before: today }}
        startMonth={today}
        defaultMonth={selected ?? today}
        locale={locale}
        labels={props.language === 'vi' ? labelsVi : labels}
        className={styles.calendar}
        footer={props.footer(selected ? formatLongDate(calendarDateToDay(selected), props.language) : undefined)}
      />
    </div>
  );
}
