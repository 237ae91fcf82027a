import { ToastHost } from '../../../shared/lib/toaster.tsx';
import { defineIsland, noProps } from '../../islands/island.tsx';
import { prepareCalendar } from './date-picker.tsx';
import { ReservationForm } from './reservation-form.tsx';

/** The /reservation form, with the toasts it raises. */
function ReservationFormIsland() {
  return (
    <>
      <ReservationForm />
      <ToastHost />
    </>
  );
}

export const reservationFormIsland = defineIsland({
  name: 'reservation-form',
  Component: ReservationFormIsland,
  namespaces: ['reservation', 'availability'],
  props: noProps,
  // The calendar's words in the page's language, so it hydrates without waiting.
  prepare: prepareCalendar,
});
