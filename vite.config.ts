import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderPublicPages } from './scripts/prerender/plugin.ts';

const outDir = 'dist/web';

export default defineConfig({
  plugins: [react(), prerenderPublicPages({ outDir })],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Read by the prerender step to preload each page's chunks, then deleted.
    manifest: true,
  },
});
