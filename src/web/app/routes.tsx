/** The route table: each screen is its own chunk, loaded when first visited. */
import type { RouteObject } from 'react-router';
import { paths } from '../../domain/routes.ts';
import { Layout } from './layout.tsx';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        path: paths.home,
        lazy: async () => ({ Component: (await import('../features/home/home-page.tsx')).HomePage }),
      },
      {
        path: paths.menu,
        lazy: async () => ({ Component: (await import('../features/menu/menu-page.tsx')).MenuPage }),
      },
      {
        path: paths.reservation,
        lazy: async () => ({
          Component: (await import('../features/reservation/reservation-page.tsx')).ReservationPage,
        }),
      },
      {
        path: paths.adminLogin,
        lazy: async () => ({ Component: (await import('../features/admin/login-page.tsx')).LoginPage }),
      },
      {
        path: paths.adminDashboard,
        lazy: async () => ({ Component: (await import('../features/admin/dashboard-page.tsx')).DashboardPage }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/not-found/not-found-page.tsx')).NotFoundPage }),
      },
    ],
  },
];
