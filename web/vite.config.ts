/** Vite build of the SPA: root is web/, output web/dist; in development /api, /one2many and /dev go to the local edition. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { roomAssets } from './src/features/room/build/room-assets.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const backend = process.env.MEETSCRIBE_DEV_BACKEND ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: webRoot,
  plugins: [react(), roomAssets()],
  // `@contracts/x.js` is functions/contracts/x.ts (also in tsconfig.json paths and jest's moduleNameMapper).
  resolve: { alias: { '@contracts': fileURLToPath(new URL('../functions/contracts', import.meta.url)) } },
  // The manifest lets scripts/web-bundle-sizes.mjs print what each screen loads.
  build: { outDir: fileURLToPath(new URL('./dist', import.meta.url)), emptyOutDir: true, manifest: true },
  server: {
    host: '127.0.0.1',
    // The SPA imports the shared API contracts from functions/contracts, outside web/.
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/dev': { target: backend, changeOrigin: true },
      '/one2many': { target: backend, changeOrigin: true, ws: true },
    },
  },
});
