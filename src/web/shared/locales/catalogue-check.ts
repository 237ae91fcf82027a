/**
 * The compiler's check of the message catalogues: every language must have every key of the
 * English one (a missing Vietnamese message is a type error, not a key shown to a guest). Plural
 * forms are each language's own: English needs `_one` and `_other`, Vietnamese only `_other`, so
 * `_one` keys are not required. Not imported by the app; `tsc` reads it with the rest of src.
 * (src/web/shared/locales/catalogues.test.ts checks the other direction and the values themselves.)
 */
import enAdmin from './en/admin.json' with { type: 'json' };
import enAdminMenu from './en/adminMenu.json' with { type: 'json' };
import enAvailability from './en/availability.json' with { type: 'json' };
import enBooking from './en/booking.json' with { type: 'json' };
import enBranches from './en/branches.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import enFloor from './en/floor.json' with { type: 'json' };
import enHome from './en/home.json' with { type: 'json' };
import enHost from './en/host.json' with { type: 'json' };
import enMenu from './en/menu.json' with { type: 'json' };
import enPrivacy from './en/privacy.json' with { type: 'json' };
import enReservation from './en/reservation.json' with { type: 'json' };
import enTeam from './en/team.json' with { type: 'json' };
import enTimeline from './en/timeline.json' with { type: 'json' };
import viAdmin from './vi/admin.json' with { type: 'json' };
import viAdminMenu from './vi/adminMenu.json' with { type: 'json' };
import viAvailability from './vi/availability.json' with { type: 'json' };
import viBooking from './vi/booking.json' with { type: 'json' };
import viBranches from './vi/branches.json' with { type: 'json' };
import viCommon from './vi/common.json' with { type: 'json' };
import viFloor from './vi/floor.json' with { type: 'json' };
import viHome from './vi/home.json' with { type: 'json' };
import viHost from './vi/host.json' with { type: 'json' };
import viMenu from './vi/menu.json' with { type: 'json' };
import viPrivacy from './vi/privacy.json' with { type: 'json' };
import viReservation from './vi/reservation.json' with { type: 'json' };
import viTeam from './vi/team.json' with { type: 'json' };
import viTimeline from './vi/timeline.json' with { type: 'json' };

/** The shape another language's catalogue must have, given the English one. */
export type Catalogue<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? Catalogue<Item>[]
    : { [K in keyof T as K extends `${string}_one` ? never : K]: Catalogue<T[K]> };

export const vietnamese = {
  admin: viAdmin satisfies Catalogue<typeof enAdmin>,
  adminMenu: viAdminMenu satisfies Catalogue<typeof enAdminMenu>,
  availability: viAvailability satisfies Catalogue<typeof enAvailability>,
  booking: viBooking satisfies Catalogue<typeof enBooking>,
  branches: viBranches satisfies Catalogue<typeof enBranches>,
  common: viCommon satisfies Catalogue<typeof enCommon>,
  floor: viFloor satisfies Catalogue<typeof enFloor>,
  home: viHome satisfies Catalogue<typeof enHome>,
  host: viHost satisfies Catalogue<typeof enHost>,
  menu: viMenu satisfies Catalogue<typeof enMenu>,
  privacy: viPrivacy satisfies Catalogue<typeof enPrivacy>,
  reservation: viReservation satisfies Catalogue<typeof enReservation>,
  team: viTeam satisfies Catalogue<typeof enTeam>,
  timeline: viTimeline satisfies Catalogue<typeof enTimeline>,
};

export const english = {
  admin: enAdmin,
  adminMenu: enAdminMenu,
  availability: enAvailability,
  booking: enBooking,
  branches: enBranches,
  common: enCommon,
  floor: enFloor,
  home: enHome,
  host: enHost,
  menu: enMenu,
  privacy: enPrivacy,
  reservation: enReservation,
  team: enTeam,
  timeline: enTimeline,
};
