/**
 * The restaurant's profile: the one file an owner edits (with public/data/menu.json) to make the
 * site theirs. Every page, the footer, the JSON-LD and the README read it.
 */
import type { homeBranches } from './reservation.ts';

export interface Branch {
  /** The name guests pick on the home form (and see on the dashboard). */
  name: (typeof homeBranches)[number];
  city: string;
  address: string;
  phone: string;
  latitude: number;
  longitude: number;
}

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
  opens: '10:30',
  closes: '23:00',
  hoursLabel: 'Mon - Sun 10:30 AM - 11:00 PM',
  currency: 'VND',
  branches: [
    {
      name: 'Hanoi (main branch)',
      city: 'Hanoi',
      address: '36 Hàng Buồm, Hoàn Kiếm, Hà Nội',
      phone: '+84 24 3938 2022',
      latitude: 21.0362,
      longitude: 105.8516,
    },
    {
      name: 'Ninh Binh',
      city: 'Ninh Bình',
      address: '12 Tràng An, Ninh Bình',
      phone: '+84 229 388 2023',
      latitude: 20.2539,
      longitude: 105.9748,
    },
    {
      name: 'Sa Pa',
      city: 'Sa Pa',
      address: '45 Cầu Mây, Sa Pa, Lào Cai',
      phone: '+84 214 387 2024',
      latitude: 22.3346,
      longitude: 103.8418,
    },
    {
      name: 'Da Nang',
      city: 'Đà Nẵng',
      address: '88 Bạch Đằng, Hải Châu, Đà Nẵng',
      phone: '+84 236 382 2025',
      latitude: 16.0714,
      longitude: 108.2241,
    },
  ] satisfies Branch[],
} as const;

/** A directions link for a branch, opened by the guest's own maps app. */
export function directionsUrl(branch: Pick<Branch, 'latitude' | 'longitude'>): string {
  return `https://www.openstreetmap.org/directions?to=${branch.latitude}%2C${branch.longitude}`;
}
