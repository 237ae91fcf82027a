/**
 * The form's HTML holds while it is still the day the server rendered its calendar on (in the
 * restaurant's zone): the island then waits for the guest's first touch (reservation-page.tsx).
 * A page rendered on another day — the build's page, a page open past midnight, a device whose
 * clock says otherwise — hydrates at once, and the form's own clock (use-restaurant-today.ts)
 * shows the right days. The clock alone decides: the page carries its day's bounds, which spares
 * the browser any time-zone work before the guest touches the form.
 */
import { renderedDay } from './rendered-day.ts';

export function reservationStale(): Promise<void> {
  const rendered = renderedDay();
  const now = Date.now();
  if (!rendered || now < rendered.start || now >= rendered.end) return Promise.resolve();
  // A little past midnight, so the clock has surely turned.
  return new Promise((resolve) => window.setTimeout(resolve, rendered.end - now + 50));
}
