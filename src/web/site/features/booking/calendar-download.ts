/**
 * "Add to calendar": the .ics file is written in the browser (no request, nothing to leak) with the
 * same code as the email's attachment, and handed to the browser as a download. Its code
 * (ical.js) loads on the first press only.
 */
import type { CalendarBooking } from '../../../../domain/booking-calendar.ts';

export async function downloadCalendarFile(booking: CalendarBooking): Promise<void> {
  const { bookingCalendar, calendarFileName } = await import('../../../../domain/booking-calendar.ts');
  const blob = new Blob([bookingCalendar(booking)], { type: 'text/calendar;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = calendarFileName(booking.reference);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
