/**
 * The route table: each screen is its own chunk, loaded (with its messages) when first visited.
 * Declarative routes (useRoutes) rather than a data router: the app has no loaders, and the data
 * router would add ~18 KB (gzip) to the JavaScript every visitor downloads before the first paint.
 */
import { type ComponentType, lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { branchSlugs } from '../../domain/restaurant-profile.ts';
import { branchPath, languages, localizePath, manageBookingRoute, paths } from '../../domain/routes.ts';
import { loadNamespace, type Namespace } from './i18n.ts';
import { Layout } from './layout.tsx';

/** A lazily loaded screen whose messages load in parallel with its code, so it renders without a second wait. */
function screen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespace?: Namespace | readonly Namespace[],
) {
  const Screen = lazy(async () => {
    const [module] = await Promise.all([load(), namespace ? loadNamespace(namespace) : undefined]);
    return { default: pick(module) };
  });
  return <Screen />;
}

/** The screens, by their English path; every language gets them under its prefix (see `routes`). */
const screens: { path: string; element: ReactNode }[] = [
  {
    path: paths.home,
    element: screen(
      () => import('../features/home/home-page.tsx'),
      (m) => m.HomePage,
      'home',
    ),
  },
  {
    path: paths.menu,
    element: screen(
      () => import('../features/menu/menu-page.tsx'),
      (m) => m.MenuPage,
      'menu',
    ),
  },
  {
    path: paths.reservation,
    element: screen(
      () => import('../features/reservation/reservation-page.tsx'),
      (m) => m.ReservationPage,
      'reservation',
    ),
  },
  {
    path: paths.adminLogin,
    element: screen(
      () => import('../features/admin/login-page.tsx'),
      (m) => m.LoginPage,
      'admin',
    ),
  },
  {
    path: paths.adminDashboard,
    element: screen(
      () => import('../features/admin/dashboard-page.tsx'),
      (m) => m.DashboardPage,
      'admin',
    ),
  },
  {
    path: paths.adminSettings,
    element: screen(
      () => import('../features/admin/settings-page.tsx'),
      (m) => m.SettingsPage,
      'admin',
    ),
  },
  {
    path: paths.adminPrint,
    element: screen(
      () => import('../features/admin/print-page.tsx'),
      (m) => m.PrintPage,
      'admin',
    ),
  },
  {
    path: paths.adminTeam,
    element: screen(
      () => import('../features/team/team-page.tsx'),
      (m) => m.TeamPage,
      ['admin', 'team'],
    ),
  },
  {
    path: paths.adminAccount,
    element: screen(
      () => import('../features/admin/account-page.tsx'),
      (m) => m.AccountPage,
      'admin',
    ),
  },
  // One route per branch, so any other slug falls through to the 404 page as the server's 404 does.
  ...branchSlugs.map((slug) => ({
    path: branchPath(slug),
    element: screen(
      () => import('../features/branches/branch-page.tsx'),
      (m) =>
        function Branch() {
          return <m.BranchPage slug={slug} />;
        },
      'branches',
    ),
  })),
  {
    path: manageBookingRoute,
    element: screen(
      () => import('../features/booking/manage-booking-page.tsx'),
      (m) => m.ManageBookingPage,
      'booking',
    ),
  },
  {
    path: '*',
    element: screen(
      () => import('../features/not-found/not-found-page.tsx'),
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
    ({ path, element }): RouteObject =>
      path === paths.home ? { index: true, element } : { path: path === '*' ? path : path.slice(1), element },
  ),
}));
