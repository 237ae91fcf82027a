/** The app's routes: the one place a path is typed. The web router links with these and the
 * server answers 200 for them (404 for anything else). */
export const paths = {
  home: '/',
  menu: '/menu',
  reservation: '/reservation',
  adminLogin: '/admin/login',
  adminDashboard: '/admin/dashboard',
  adminSettings: '/admin/settings',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

export const appPaths: readonly AppPath[] = Object.values(paths);

/** Sections of the home page, in page order; the header links to some of them. */
export const homeSections = ['home', 'our-story', 'testimonials', 'contact', 'booking'] as const;
export type HomeSection = (typeof homeSections)[number];
