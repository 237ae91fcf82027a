/**
 * Facts about the built pages shared by the build (scripts/prerender), the renderer and the boot
 * script, which imports no React.
 */

/** What #root's data-prerendered says of the 404 page: the boot script logs the unknown address. */
export const notFoundRoute = '404';

/** The addresses the build renders the manage link's pages at (the server serves them for any secret). */
export const templatePaths = { manageBooking: '/booking/_', dataLink: '/booking/data/_' } as const;
