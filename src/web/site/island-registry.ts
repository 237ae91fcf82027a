/**
 * Where the browser finds each island's code, by name: each is a chunk of its own, loaded when its
 * moment comes (islands/hydrate.ts). A new island is a definition in its feature (defineIsland)
 * and one line here.
 */
import type { IslandLoaders } from './islands/hydrate.ts';

export const islandLoaders: IslandLoaders = {
  'booking-form': () => import('./features/booking/booking-island.tsx').then((m) => m.bookingFormIsland),
  'reservation-form': () =>
    import('./features/reservation/reservation-island.tsx').then((m) => m.reservationFormIsland),
  menu: () => import('./features/menu/menu-island.ts').then((m) => m.menuIsland),
  'manage-booking': () => import('./features/booking/manage-booking-island.tsx').then((m) => m.manageBookingIsland),
  'data-link': () => import('./features/booking/data-link-island.tsx').then((m) => m.dataLinkIsland),
  'language-offer': () => import('./language-offer-island.tsx').then((m) => m.languageOfferIsland),
};
