import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderPublicPages, siteStyleEntries } from './scripts/prerender/plugin.ts';

const outDir = 'dist/web';

/**
 * Two front ends, one build: the guest's site (index.html: the boot script, its islands loaded on
 * demand; its pages are rendered to HTML by the prerender step) and the staff app (staff.html: a
 * client-side React app). The site's page modules are entries too, only so that their stylesheets
 * are built: the prerender step writes them into each page; their scripts are never sent.
 */
export default defineConfig({
  plugins: [react(), prerenderPublicPages({ outDir })],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Every browser the site supports (ES2022) preloads modules natively: the polyfill would be
    // ~0.6 KB (gzip) of JavaScript on every page for none of them.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // A page entry's exports are what keep its modules, and with them its stylesheets, in the build.
      preserveEntrySignatures: 'exports-only',
      input: {
        site: 'index.html',
        staff: 'staff.html',
        ...Object.fromEntries(siteStyleEntries.map((module, index) => [`page-${index}`, module])),
      },
    },
    // Read by the prerender step to find each page's stylesheets, then deleted.
    manifest: true,
  },
});
