/**
 * The restaurant's profile: the one file an owner edits (with public/data/menu.json) to make the
 * site theirs. Every page, the footer, the JSON-LD and the README read it.
 */
import type { homeBranches } from './reservation.ts';

/** The part of a branch's page address after /branches/ (and /vi/branches/). */
export const branchSlugs = ['hanoi', 'ninh-binh', 'sa-pa', 'da-nang'] as const;
export type BranchSlug = (typeof branchSlugs)[number];

/** ISO weekday: 1 Monday … 7 Sunday, as in the database (branch_opening_hours.weekday). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface OpeningRange {
  weekday: Weekday;
  /** "HH:mm", 24-hour clock, local time (Asia/Ho_Chi_Minh). */
  opens: string;
  closes: string;
}

export interface Branch {
  /** The name guests pick on the home form (and see on the dashboard). */
  name: (typeof homeBranches)[number];
  slug: BranchSlug;
  city: string;
  /** The whole address as guests read it; street, locality and region are its parts for search engines. */
  address: string;
  street: string;
  locality: string;
  region: string;
  phone: string;
  /** The building's position (WGS 84), for the map link and the JSON-LD. */
  latitude: number;
  longitude: number;
  /** The hours published on the branch's page and in its JSON-LD (see `everyDayHours`). */
  hours: readonly OpeningRange[];
}

const opens = '10:30';
const closes = '23:00';

/**
 * Every day 10:30 AM – 11:00 PM (spec §9). This is the published copy of the hours, which the
 * prerendered pages and their JSON-LD are built from (no database at build time). The hours the
 * booking forms enforce live in the database — seeded with these same hours by
 * supabase/migrations/20261123000000_branch_availability.sql and changed by staff at
 * /admin/settings. When a branch's hours change for good, change them here too and rebuild.
 */
export const everyDayHours: readonly OpeningRange[] = ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({
  weekday,
  opens,
  closes,
}));

export const restaurantProfile = {
  name: 'Saffron Lotus',
  tagline: 'BEST INDIAN DISHES IN TOWN',
  since: 2022,
  openedOn: '2022-11',
  phone: '+84 24 3938 2022',
  email: 'hello@saffronlotus.vn',
  /** The public address of the site: sharing links, the sitemap and the JSON-LD use it. */
  website: 'https://saffronlotus.vn',
  /** Opening hours, every day (spec §9). */
  opens,
  closes,
  hoursLabel: 'Mon - Sun 10:30 AM - 11:00 PM',
  currency: 'VND',
  branches: [
    {
      name: 'Hanoi (main branch)',
      slug: 'hanoi',
      city: 'Hanoi',
      address: '36 Hàng Buồm, Hoàn Kiếm, Hà Nội',
      street: '36 Hàng Buồm',
      locality: 'Hoàn Kiếm',
      region: 'Hà Nội',
      phone: '+84 24 3938 2022',
      latitude: 21.0362,
      longitude: 105.8516,
      hours: everyDayHours,
    },
    {
      name: 'Ninh Binh',
      slug: 'ninh-binh',
      city: 'Ninh Bình',
      address: '12 Tràng An, Ninh Bình',
      street: '12 Tràng An',
      locality: 'Ninh Bình',
      region: 'Ninh Bình',
      phone: '+84 229 388 2023',
      latitude: 20.2539,
      longitude: 105.9748,
      hours: everyDayHours,
    },
    {
      name: 'Sa Pa',
      slug: 'sa-pa',
      city: 'Sa Pa',
      address: '45 Cầu Mây, Sa Pa, Lào Cai',
      street: '45 Cầu Mây',
      locality: 'Sa Pa',
      region: 'Lào Cai',
      phone: '+84 214 387 2024',
      latitude: 22.3346,
      longitude: 103.8418,
      hours: everyDayHours,
    },
    {
      name: 'Da Nang',
      slug: 'da-nang',
      city: 'Đà Nẵng',
      address: '88 Bạch Đằng, Hải Châu, Đà Nẵng',
      street: '88 Bạch Đằng',
      locality: 'Hải Châu',
      region: 'Đà Nẵng',
      phone: '+84 236 382 2025',
      latitude: 16.0714,
      longitude: 108.2241,
      hours: everyDayHours,
    },
  ] satisfies Branch[],
} as const;

/** A directions link for a branch, opened by the guest's own maps app. */
export function directionsUrl(branch: Pick<Branch, 'latitude' | 'longitude'>): string {
  return `https://www.openstreetmap.org/directions?to=${branch.latitude}%2C${branch.longitude}`;
}

export type ProfileBranch = (typeof restaurantProfile.branches)[number];

/** The branch a page address or a ?branch= link names; undefined for anything else. */
export function branchBySlug(slug: string | null | undefined): ProfileBranch | undefined {
  return restaurantProfile.branches.find((branch) => branch.slug === slug);
}
