/** The element the server writes a page's data into (src/server/static/live-pages.ts). */
export const pageDataElementId = 'page-data';
