/**
 * schema.org `Restaurant` data for search engines, built from the restaurant profile: one builder
 * for a branch (its own page, and each branch inside the home page's data) and one for the whole
 * restaurant. Pure data: the web app writes it into a <script type="application/ld+json">.
 */

import {
  everyDayHours,
  type OpeningRange,
  type ProfileBranch,
  restaurantProfile,
  type Weekday,
} from './restaurant-profile.ts';
import { bookAtBranchPath, branchPath, defaultLanguage, type Language, localizePath, paths } from './routes.ts';

const schemaDays: Record<Weekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

/** One entry per distinct range, listing the days it applies to (seven identical days make one entry). */
export function openingHoursSpecification(hours: readonly OpeningRange[]): OpeningHoursSpecification[] {
  const byRange = new Map<string, OpeningHoursSpecification>();
  for (const range of [...hours].sort((a, b) => a.weekday - b.weekday)) {
    const key = `${range.opens}-${range.closes}`;
    const entry = byRange.get(key) ?? {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: [],
      opens: range.opens,
      closes: range.closes,
    };
    entry.dayOfWeek.push(schemaDays[range.weekday]);
    byRange.set(key, entry);
  }
  return [...byRange.values()];
}

export interface JsonLdOptions {
  /** The language of the page that carries the data: its links lead to pages in that language. English by default. */
  language?: Language;
  /** The branch page's short text, as its description. */
  description?: string;
}

const absolute = (path: string) => new URL(path, restaurantProfile.website).href;
/** The absolute address of one of the site's pages in `language`. */
const pageUrl = (path: string, language: Language) => absolute(localizePath(path, language));

/** A branch as a schema.org Restaurant, with every field a local search result uses. */
export function branchJsonLd(branch: ProfileBranch, options: JsonLdOptions = {}) {
  const language = options.language ?? defaultLanguage;
  const { name, website, currency } = restaurantProfile;
  const url = pageUrl(branchPath(branch.slug), language);
  return {
    '@type': 'Restaurant' as const,
    '@id': `${url}#restaurant`,
    name: `${name} — ${branch.name}`,
    ...(options.description ? { description: options.description } : {}),
    url,
    telephone: branch.phone,
    image: absolute('/images/og-image.png'),
    address: {
      '@type': 'PostalAddress' as const,
      streetAddress: branch.street,
      addressLocality: branch.locality,
      addressRegion: branch.region,
      addressCountry: 'VN',
    },
    geo: { '@type': 'GeoCoordinates' as const, latitude: branch.latitude, longitude: branch.longitude },
    openingHoursSpecification: openingHoursSpecification(branch.hours),
    servesCuisine: 'Indian',
    priceRange: '₫₫',
    currenciesAccepted: currency,
    // A URL where a reservation can be made says more than `true`: the form, this branch chosen.
    acceptsReservations: absolute(bookAtBranchPath(branch.slug, language)),
    hasMenu: pageUrl(paths.menu, language),
    parentOrganization: { '@type': 'Organization' as const, name, url: website },
  };
}

/** A branch page's data: the branch on its own, as a top-level document. */
export function branchPageJsonLd(branch: ProfileBranch, options: JsonLdOptions = {}) {
  return { '@context': 'https://schema.org' as const, ...branchJsonLd(branch, options) };
}

/** The home page's data: the restaurant, with each branch (and its page) as a department. */
export function restaurantJsonLd(options: JsonLdOptions = {}) {
  const language = options.language ?? defaultLanguage;
  const { name, phone, email, since, branches, tagline, openedOn, currency } = restaurantProfile;
  return {
    '@context': 'https://schema.org' as const,
    '@type': 'Restaurant' as const,
    name,
    url: pageUrl(paths.home, language),
    telephone: phone,
    email,
    foundingDate: openedOn,
    servesCuisine: 'Indian',
    priceRange: '₫₫',
    currenciesAccepted: currency,
    image: absolute('/images/og-image.png'),
    menu: pageUrl(paths.menu, language),
    hasMenu: pageUrl(paths.menu, language),
    acceptsReservations: true,
    slogan: `${tagline} — since ${since}`,
    openingHoursSpecification: openingHoursSpecification(everyDayHours),
    department: branches.map((branch) => branchJsonLd(branch, { language })),
  };
}
