import { ToastHost } from '../../../shared/lib/toaster.tsx';
import { defineIsland, noProps } from '../../islands/island.tsx';
import { BookingForm } from './booking-form.tsx';

/** The home page's form, with the toasts it raises. */
function BookingFormIsland() {
  return (
    <>
      <BookingForm />
      <ToastHost />
    </>
  );
}

export const bookingFormIsland = defineIsland({
  name: 'booking-form',
  Component: BookingFormIsland,
  namespaces: ['booking', 'availability'],
  props: noProps,
});
