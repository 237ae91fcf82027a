/**
 * The staff app's routes: each screen is its own chunk, loaded (with its messages) when first
 * visited. Declarative routes (useRoutes) rather than a data router: the app has no loaders.
 * (The guest's pages are not here: they are the site's, src/web/site, pages of their own.)
 */
import { type ComponentType, lazy, type ReactNode, useState } from 'react';
import type { RouteObject } from 'react-router';
import { languages, localizePath, paths } from '../../domain/routes.ts';
import { loadNamespace, type Namespace } from '../shared/i18n/i18n.ts';
import { StaffLayout } from './layout.tsx';

/** A lazily loaded screen whose messages load in parallel with its code, so it renders without a second wait. */
function screen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespace?: Namespace | readonly Namespace[],
): { element: ReactNode } {
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
  return { element: <Screen /> };
}

/** The screens, by their English path; every language gets them under its prefix (see `routes`). */
const screens: ({ path: string } & ReturnType<typeof screen>)[] = [
  {
    path: paths.adminLogin,
    ...screen(
      () => import('./features/admin/login-page.tsx'),
      (m) => m.LoginPage,
      'admin',
    ),
  },
  {
    path: paths.adminDashboard,
    ...screen(
      () => import('./features/admin/dashboard-page.tsx'),
      (m) => m.DashboardPage,
      'admin',
    ),
  },
  {
    path: paths.adminTimeline,
    ...screen(
      () => import('./features/timeline/timeline-page.tsx'),
      (m) => m.TimelinePage,
      ['admin', 'host', 'timeline'],
    ),
  },
  {
    path: paths.adminSettings,
    ...screen(
      () => import('./features/admin/settings-page.tsx'),
      (m) => m.SettingsPage,
      'admin',
    ),
  },
  {
    path: paths.adminPrint,
    ...screen(
      () => import('./features/admin/print-page.tsx'),
      (m) => m.PrintPage,
      'admin',
    ),
  },
  {
    path: paths.adminTeam,
    ...screen(
      () => import('./features/team/team-page.tsx'),
      (m) => m.TeamPage,
      ['admin', 'team'],
    ),
  },
  {
    path: paths.adminMenu,
    ...screen(
      () => import('./features/admin-menu/admin-menu-page.tsx'),
      (m) => m.AdminMenuPage,
      ['admin', 'adminMenu'],
    ),
  },
  {
    path: paths.adminGuests,
    ...screen(
      () => import('./features/guests/guests-page.tsx'),
      (m) => m.GuestsPage,
      'admin',
    ),
  },
  {
    path: paths.adminAccount,
    ...screen(
      () => import('./features/admin/account-page.tsx'),
      (m) => m.AccountPage,
      'admin',
    ),
  },
  {
    path: paths.adminFloor,
    ...screen(
      () => import('./features/floor/floor-page.tsx'),
      (m) => m.FloorPage,
      ['admin', 'floor'],
    ),
  },
  {
    path: paths.adminFloorEdit,
    ...screen(
      () => import('./features/floor/floor-edit-page.tsx'),
      (m) => m.FloorEditPage,
      ['admin', 'floor'],
    ),
  },
];

/**
 * One tree per language: '/' holds the spec's English routes, '/vi' the same screens in
 * Vietnamese. The elements are shared, so a screen's chunk is the same in every language.
 */
export const routes: RouteObject[] = languages.map((language) => ({
  path: localizePath(paths.home, language),
  element: <StaffLayout />,
  children: screens.map(({ path, element }): RouteObject => ({ path: path.slice(1), element })),
}));
