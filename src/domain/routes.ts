/** The app's routes: the one place a path is typed. The site's pages and the staff app link with
 * these and the server answers 200 for them (404 for anything else). */
import { type BranchSlug, branchSlugs } from './restaurant-profile.ts';

export const paths = {
  home: '/',
  menu: '/menu',
  reservation: '/reservation',
  /** The privacy notice (issue 25). */
  privacy: '/privacy',
  adminLogin: '/admin/login',
  adminDashboard: '/admin/dashboard',
  adminSettings: '/admin/settings',
  /** A day's bookings at one branch on A4: ?date=yyyy-MM-dd&branch=… */
  adminPrint: '/admin/print',
  adminTeam: '/admin/team',
  adminMenu: '/admin/menu',
  adminAccount: '/admin/account',
  /** The host's evening (issue 23): ?branch=…&date=yyyy-MM-dd, as src/web/features/host-view keeps them. */
  adminTimeline: '/admin/timeline',
  adminFloor: '/admin/floor',
  /** The floor editor (owners): ?branch=… */
  adminFloorEdit: '/admin/floor/edit',
  /** Guest profiles, no-shows and the block list (issue 25). */
  adminGuests: '/admin/guests',
} as const;

/** A branch's own page; only the four branches have one (any other slug is a 404). */
export function branchPath(slug: BranchSlug): `/branches/${BranchSlug}` {
  return `/branches/${slug}`;
}

export const branchPaths = branchSlugs.map(branchPath);

/** The query parameter the home booking form reads its preselected branch from. */
export const bookingBranchParameter = 'branch';

export type AppPath = (typeof paths)[keyof typeof paths] | ReturnType<typeof branchPath>;

/**
 * The site's languages. English keeps the spec's routes; every other language lives under its own
 * prefix (/vi, /vi/menu, /vi/admin/login …). Adding a language is an entry here, a prefix and a
 * folder of messages (src/web/shared/locales/<language>/).
 */
export const languages = ['en', 'vi'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/** BCP 47 tags for <html lang>, hreflang and number/date formatting; Open Graph's locale form. */
export const languageTags: Record<Language, { bcp47: string; openGraph: string }> = {
  en: { bcp47: 'en', openGraph: 'en_US' },
  vi: { bcp47: 'vi', openGraph: 'vi_VN' },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The URL prefix of a language: '' for English (the spec's routes), '/vi' for Vietnamese. */
export function languagePrefix(language: Language): string {
  return language === defaultLanguage ? '' : `/${language}`;
}

/** A page's path (as in `paths`, the English form) in the given language: ('/menu', 'vi') → '/vi/menu'. */
export function localizePath(path: string, language: Language): string {
  const prefix = languagePrefix(language);
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/** The language of a URL path and the page's path without its prefix: '/vi/menu' → vi, '/menu'. */
export function splitLanguage(pathname: string): { language: Language; path: string } {
  for (const language of languages) {
    const prefix = languagePrefix(language);
    if (!prefix) continue;
    if (pathname === prefix || pathname === `${prefix}/`) return { language, path: '/' };
    if (pathname.startsWith(`${prefix}/`)) return { language, path: pathname.slice(prefix.length) };
  }
  return { language: defaultLanguage, path: pathname };
}

/** The home page's booking form with a branch already chosen ("Book at this branch"), in a language. */
export function bookAtBranchPath(slug: BranchSlug, language: Language = defaultLanguage): string {
  return `${localizePath(paths.home, language)}?${bookingBranchParameter}=${slug}#booking`;
}

/** Every app route, the branch pages included, in every language (the server answers 200 for these). */
export const appPaths: readonly string[] = languages.flatMap((language) =>
  [...Object.values(paths), ...branchPaths].map((path) => localizePath(path, language)),
);

/** Sections of the home page, in page order; the header links to some of them. */
export const homeSections = ['home', 'our-story', 'testimonials', 'contact', 'booking'] as const;
export type HomeSection = (typeof homeSections)[number];

/**
 * A guest's manage page: `/booking/<token>`, the private link of one booking (issue 14). Not in
 * `paths`: it is not a page the app links to, and it is neither prerendered nor in the sitemap.
 */
export const manageBookingRoute = '/booking/:token';
export const manageBookingPrefix = '/booking/';
export function manageBookingPath(token: string): string {
  return `${manageBookingPrefix}${encodeURIComponent(token)}`;
}

/**
 * The emailed link to all of a guest's data (review #31, item 1): `/booking/data/<token>`, sent to
 * the booking's address on request. Under the manage links' prefix, so it is private the same way
 * (no Referer, no cache, its token never logged).
 */
export const dataLinkRoute = '/booking/data/:token';
const dataLinkPattern = /^\/booking\/data\/([^/]+)\/?$/i;
export function dataLinkPath(token: string): string {
  return `${manageBookingPrefix}data/${encodeURIComponent(token)}`;
}

/** What follows a language prefix on a manage link: `booking/` and the rest (in any case, as the server matches it). */
const manageLinkPattern = /^\/booking\/(.*)$/i;

/**
 * A path under a manage link's prefix, in any language and in any case (the server matches it
 * so): `/booking/<token>`, `/vi/booking/<token>/`, `/Booking/…`. `token` is the one segment
 * after `booking/` (a trailing slash allowed), or undefined when there is none or more than one:
 * such a path opens no booking, but may still hold a token, so it is treated as private too.
 */
export function matchManageLink(pathname: string): { language: Language; token: string | undefined } | undefined {
  let language: Language = defaultLanguage;
  let rest = pathname;
  for (const candidate of languages) {
    const prefix = languagePrefix(candidate);
    if (prefix && rest.toLowerCase().startsWith(`${prefix}/`)) {
      language = candidate;
      rest = rest.slice(prefix.length);
      break;
    }
  }
  const match = manageLinkPattern.exec(rest);
  if (!match) return undefined;
  const tail = (match[1] ?? '').replace(/\/$/, '');
  return { language, token: tail !== '' && !tail.includes('/') ? tail : undefined };
}

/** An emailed data link's path, in any language and case: its language and token. */
export function matchDataLink(pathname: string): { language: Language; token: string } | undefined {
  const link = matchManageLink(pathname);
  if (!link) return undefined;
  const rest = pathname.slice(pathname.toLowerCase().indexOf('/booking/'));
  const match = dataLinkPattern.exec(rest);
  return match?.[1] ? { language: link.language, token: match[1] } : undefined;
}

/**
 * The public pages: every app route except the staff screens under /admin (which robots.txt keeps
 * crawlers out of). The Lighthouse bench and the layout-stability test measure each of them, so a
 * page added to the routes is measured without editing either.
 */
export const publicPaths: readonly string[] = appPaths.filter((path) => !path.split('/').includes('admin'));
