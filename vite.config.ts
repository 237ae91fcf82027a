import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const outDir = 'dist/web';
const compressible = /\.(js|css|html|json|svg|txt|xml|webmanifest)$/;

/** Writes .br and .gz twins of every text file so the server sends them without compressing per request. */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of walk(outDir)) {
          if (!compressible.test(file)) continue;
          const body = readFileSync(file);
          if (body.length < 512) continue;
          writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
});
