import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderPublicPages } from './scripts/prerender/plugin.ts';

const outDir = 'dist/web';
/** The app's entry chunk (from index.html's script), as Vite names it. */
const isEntry = (file: string) => /(^|\/)index-[\w-]+\.js$/.test(file);

export default defineConfig({
  plugins: [react(), prerenderPublicPages({ outDir })],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    modulePreload: {
      // Every browser the site supports (ES2022) preloads modules natively: the polyfill would be
      // ~0.6 KB (gzip) of JavaScript on every page for none of them.
      polyfill: false,
      // The app's entry lazy-loads every screen; the list of each screen's chunks, for preloading
      // them beside it, would be ~1.4 KB (gzip) of the entry that every page loads before any
      // interaction (issue 20, item 10). A page opened directly has its chunks preloaded by its
      // HTML (scripts/prerender); a screen reached by a link inside the app fetches its chunks as
      // its imports name them. Stylesheets are always kept (a screen must not paint unstyled), and
      // imports from other chunks (a form's validation, loaded at first touch) keep their lists.
      resolveDependencies: (_file, deps, { hostId, hostType }) => (hostType === 'js' && isEntry(hostId) ? [] : deps),
    },
    // Read by the prerender step to preload each page's chunks, then deleted.
    manifest: true,
  },
});
