/**
 * Days between the calendar widget and the form. The restaurant's "today" comes from
 * src/web/shared/lib/restaurant-clock.ts; days travel through the form as yyyy-MM-dd strings.
 */

/**
 * A yyyy-MM-dd day as the calendar widget's Date: noon of that day on the device. The widget
 * shows and compares calendar days only, so the device's zone never shifts the day; noon keeps
 * clear of zones whose clocks skip midnight.
 */
export function dayToCalendarDate(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date, 12);
}

/** The yyyy-MM-dd day of a calendar widget Date (read on the device, as it was made). */
export function calendarDateToDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "19:00" → "7:00 PM": how the page shows its 24-hour time values. */
export function formatTime12h(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}
