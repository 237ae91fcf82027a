/**
 * `npm run dev`: the server (API, embedded database) on PORT+1 and Vite's dev server with hot
 * reload on PORT, proxying the backend paths to it. Open the Vite URL.
 */
import { createServer } from 'vite';
import { loadConfig } from './config.ts';
import { runMainWith } from './main.ts';

const config = loadConfig(process.env);
const apiPort = config.port + 1;
const api = await runMainWith({ ...config, port: apiPort }, `http://localhost:${config.port}`);
const target = `http://127.0.0.1:${api.port}`;
const proxied = ['/auth/v1', '/rest/v1', '/sheets', '/config.json', '/health'];

const vite = await createServer({
  server: {
    port: config.port,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target, changeOrigin: false }])),
  },
});
await vite.listen();
vite.printUrls();
