/**
 * The route table: each screen is its own chunk, loaded (with its messages) when first visited.
 * Declarative routes (useRoutes) rather than a data router: the app has no loaders, and the data
 * router would add ~18 KB (gzip) to the JavaScript every visitor downloads before the first paint.
 */
import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../domain/routes.ts';
import { loadNamespace, type Namespace } from './i18n.ts';
import { Layout } from './layout.tsx';

/** A lazily loaded screen whose messages load in parallel with its code, so it renders without a second wait. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, namespace?: Namespace) {
  const Screen = lazy(async () => {
    const [module] = await Promise.all([load(), namespace ? loadNamespace(namespace) : undefined]);
    return { default: pick(module) };
  });
  return <Screen />;
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
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
        path: '*',
        element: screen(
          () => import('../features/not-found/not-found-page.tsx'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];
