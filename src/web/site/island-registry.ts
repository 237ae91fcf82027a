/**
 * Where the browser finds each island's code, by name: each is a chunk of its own, loaded when its
 * moment comes (islands/hydrate.ts). A new island is a definition in its feature (defineIsland)
 * and one entry here; an island that waits for the guest while its HTML may go out of date says
 * here how to tell (`stale`: small and React-free, loaded with a page that has the island).
 */
import type { IslandLoaders } from './islands/hydrate.ts';

export const islandLoaders: IslandLoaders = {
  'booking-form': { load: () => import('./features/booking/booking-island.tsx').then((m) => m.bookingFormIsland) },
  'reservation-form': {
    load: () => import('./features/reservation/reservation-island.tsx').then((m) => m.reservationFormIsland),
    stale: () => import('./features/reservation/reservation-stale.ts').then((m) => m.reservationStale()),
  },
  menu: {
    load: () => import('./features/menu/menu-island.ts').then((m) => m.menuIsland),
    stale: (language) => import('./features/menu/menu-stale.ts').then((m) => m.menuStale(language)),
  },
  'manage-booking': {
    load: () => import('./features/booking/manage-booking-island.tsx').then((m) => m.manageBookingIsland),
  },
  'data-link': { load: () => import('./features/booking/data-link-island.tsx').then((m) => m.dataLinkIsland) },
  'language-offer': { load: () => import('./language-offer-island.tsx').then((m) => m.languageOfferIsland) },
};
