/**
 * The calendar of the /reservation page: one month at a time, days before today (in the
 * restaurant's zone) disabled and the months before this one out of reach. DayPicker gives the
 * grid its keyboard: arrows move by day and week, Page Up/Down by month, Enter or Space picks.
 */
import { format } from 'date-fns';
import type { Ref } from 'react';
import { DayPicker, type Labels } from 'react-day-picker';
import 'react-day-picker/style.css';
import styles from './date-picker.module.css';
import { calendarDateToDay, dayToCalendarDate } from './restaurant-date.ts';

/** "Today, Thursday, December 24, 2026, selected": the visible day number is a word of the
 * button's name (WCAG 2.5.3), which the default "24th" is not. */
const labels: Partial<Labels> = {
  labelDayButton: (date, modifiers) =>
    [modifiers.today ? 'Today' : null, format(date, 'EEEE, MMMM d, yyyy'), modifiers.selected ? 'selected' : null]
      .filter(Boolean)
      .join(', '),
};

export function DatePicker(props: {
  /** The picked day (yyyy-MM-dd) or '' when none. */
  value: string;
  onChange: (day: string) => void;
  /** Today in the restaurant (yyyy-MM-dd): earlier days are disabled. */
  today: string;
  /** Text of the live footer, given the picked day's long form (or undefined when none). */
  footer: (pickedLong: string | undefined) => string;
  /** Receives the grid's container so a form can move focus to the calendar. */
  containerRef?: Ref<HTMLDivElement>;
}) {
  // The restaurant's days, laid on the device's calendar (see dayToCalendarDate).
  const today = dayToCalendarDate(props.today);
  const selected = props.value ? dayToCalendarDate(props.value) : undefined;
  return (
    <div ref={props.containerRef} className={styles.frame}>
      <DayPicker
        mode="single"
        required
        today={today}
        selected={selected}
        onSelect={(day: Date) => props.onChange(calendarDateToDay(day))}
        disabled={{ before: today }}
        startMonth={today}
        defaultMonth={selected ?? today}
        labels={labels}
        className={styles.calendar}
        footer={props.footer(selected ? format(selected, 'EEEE, MMMM d, yyyy') : undefined)}
      />
    </div>
  );
}
