/** The element the server writes a page's data into (src/server/menu/live-pages.ts). */
export const pageDataElementId = 'page-data';
