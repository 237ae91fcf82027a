/**
 * The route table: each screen is its own chunk, loaded (with its messages) when first visited.
 * Declarative routes (useRoutes) rather than a data router: the app has no loaders, and the data
 * router would add ~18 KB (gzip) to the JavaScript every visitor downloads before the first paint.
 */
import { type ComponentType, lazy, type ReactNode, useState } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { branchSlugs } from '../../domain/restaurant-profile.ts';
import { branchPath, dataLinkRoute, languages, localizePath, manageBookingRoute, paths } from '../../domain/routes.ts';
import { Layout } from '../shared/frame/layout.tsx';
import { currentLanguage, loadNamespace, type Namespace } from '../shared/i18n/i18n.ts';

/**
 * A lazily loaded screen whose messages load in parallel with its code, so it renders without a
 * second wait. `preload` starts the same load ahead of rendering: the browser loads the screen it
 * is about to hydrate first (see `preloadScreenFor`), so hydration finishes in one pass and a
 * click or a #section navigation in the meantime never meets a half-hydrated page.
 */
function screen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespace?: Namespace | readonly Namespace[],
): { element: ReactNode; preload: () => Promise<unknown> } {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= Promise.all([load(), namespace ? loadNamespace(namespace) : undefined]).then(([module]) => {
      loaded = pick(module);
      return { default: loaded };
    });
    return loading;
  };
  const Lazy = lazy(preload);
  function Screen() {
    // Chosen once per mount: switching from Lazy to the loaded component would remount the page.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { element: <Screen />, preload };
}

/** The screens, by their English path; every language gets them under its prefix (see `routes`). */
const screens: ({ path: string } & ReturnType<typeof screen>)[] = [
  {
    path: paths.home,
    ...screen(
      () => import('../site/features/home/home-page.tsx'),
      (m) => m.HomePage,
      'home',
    ),
  },
  {
    path: paths.menu,
    ...screen(
      () => import('../site/features/menu/menu-page.tsx'),
      (m) => m.MenuPage,
      'menu',
    ),
  },
  {
    path: paths.reservation,
    ...screen(
      // The calendar's words in the page's language come with the page's code.
      () =>
        import('../site/features/reservation/reservation-page.tsx').then(async (module) => {
          await module.prepareCalendar(currentLanguage());
          return module;
        }),
      (m) => m.ReservationPage,
      'reservation',
    ),
  },
  {
    path: paths.privacy,
    ...screen(
      () => import('../site/features/privacy/privacy-page.tsx'),
      (m) => m.PrivacyPage,
      'privacy',
    ),
  },
  {
    path: paths.adminLogin,
    ...screen(
      () => import('../staff/features/admin/login-page.tsx'),
      (m) => m.LoginPage,
      'admin',
    ),
  },
  {
    path: paths.adminDashboard,
    ...screen(
      () => import('../staff/features/admin/dashboard-page.tsx'),
      (m) => m.DashboardPage,
      'admin',
    ),
  },
  {
    path: paths.adminTimeline,
    ...screen(
      () => import('../staff/features/timeline/timeline-page.tsx'),
      (m) => m.TimelinePage,
      ['admin', 'host', 'timeline'],
    ),
  },
  {
    path: paths.adminSettings,
    ...screen(
      () => import('../staff/features/admin/settings-page.tsx'),
      (m) => m.SettingsPage,
      'admin',
    ),
  },
  {
    path: paths.adminPrint,
    ...screen(
      () => import('../staff/features/admin/print-page.tsx'),
      (m) => m.PrintPage,
      'admin',
    ),
  },
  {
    path: paths.adminTeam,
    ...screen(
      () => import('../staff/features/team/team-page.tsx'),
      (m) => m.TeamPage,
      ['admin', 'team'],
    ),
  },
  {
    path: paths.adminMenu,
    ...screen(
      () => import('../staff/features/admin-menu/admin-menu-page.tsx'),
      (m) => m.AdminMenuPage,
      ['admin', 'adminMenu'],
    ),
  },
  {
    path: paths.adminGuests,
    ...screen(
      () => import('../staff/features/guests/guests-page.tsx'),
      (m) => m.GuestsPage,
      'admin',
    ),
  },
  {
    path: paths.adminAccount,
    ...screen(
      () => import('../staff/features/admin/account-page.tsx'),
      (m) => m.AccountPage,
      'admin',
    ),
  },
  {
    path: paths.adminFloor,
    ...screen(
      () => import('../staff/features/floor/floor-page.tsx'),
      (m) => m.FloorPage,
      ['admin', 'floor'],
    ),
  },
  {
    path: paths.adminFloorEdit,
    ...screen(
      () => import('../staff/features/floor/floor-edit-page.tsx'),
      (m) => m.FloorEditPage,
      ['admin', 'floor'],
    ),
  },
  // One route per branch, so any other slug falls through to the 404 page as the server's 404 does.
  ...branchSlugs.map((slug) => ({
    path: branchPath(slug),
    ...screen(
      () => import('../site/features/branches/branch-page.tsx'),
      (m) =>
        function Branch() {
          return <m.BranchPage slug={slug} />;
        },
      'branches',
    ),
  })),
  {
    path: dataLinkRoute,
    ...screen(
      () => import('../site/features/booking/data-link-page.tsx'),
      (m) => m.DataLinkPage,
      'booking',
    ),
  },
  {
    path: manageBookingRoute,
    ...screen(
      () => import('../site/features/booking/manage-booking-page.tsx'),
      (m) => m.ManageBookingPage,
      'booking',
    ),
  },
  {
    path: '*',
    ...screen(
      () => import('../site/features/not-found/not-found-page.tsx'),
      (m) => m.NotFoundPage,
    ),
  },
];

/**
 * One tree per language: '/' holds the spec's English routes, '/vi' the same screens in
 * Vietnamese. The elements are shared, so a screen's chunk is the same in every language.
 */
export const routes: RouteObject[] = languages.map((language) => ({
  path: localizePath(paths.home, language),
  element: <Layout />,
  children: screens.map(
    ({ path, element, preload }): RouteObject =>
      path === paths.home
        ? { index: true, element, handle: preload }
        : { path: path === '*' ? path : path.slice(1), element, handle: preload },
  ),
}));

/** Loads the code and messages of the screen `pathname` shows (resolves at once if none matches). */
export function preloadScreenFor(pathname: string): Promise<unknown> {
  const preload: unknown = matchRoutes(routes, pathname)?.at(-1)?.route.handle;
  return typeof preload === 'function' ? Promise.resolve(preload()) : Promise.resolve();
}
