/**
 * Vite plugin: serves the live room's presenter-removal runtime from our own origin under /room-assets/
 * (no CDN): the TFLite WebAssembly runner of @tensorflow/tfjs-tflite and the selfie-segmentation model
 * of @mediapipe/selfie_segmentation. The files are copied out of node_modules at build time (never
 * committed) and served straight from node_modules by the dev server.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

export const ROOM_ASSETS_PATH = '/room-assets/';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/** Served file name → file in node_modules. */
export function roomAssetFiles(): Record<string, string> {
  const tflite = path.join(packageDir('@tensorflow/tfjs-tflite'), 'wasm');
  const selfie = packageDir('@mediapipe/selfie_segmentation');
  const files: Record<string, string> = { 'selfie_segmentation_landscape.tflite': path.join(selfie, 'selfie_segmentation_landscape.tflite') };
  for (const name of ['tflite_web_api_client.js', 'tflite_web_api_cc.js', 'tflite_web_api_cc.wasm', 'tflite_web_api_cc_simd.js', 'tflite_web_api_cc_simd.wasm']) {
    files[name] = path.join(tflite, name);
  }
  return files;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.tflite': 'application/octet-stream' };

export function roomAssets(): Plugin {
  let outDir = '';
  return {
    name: 'meetscribe-room-assets',
    configResolved(config) { outDir = path.resolve(config.root, config.build.outDir); },
    configureServer(server) {
      const files = roomAssetFiles();
      server.middlewares.use((req, res, next) => {
        const name = req.url?.startsWith(ROOM_ASSETS_PATH) ? req.url.slice(ROOM_ASSETS_PATH.length).split('?')[0] : undefined;
        const file = name ? files[name] : undefined;
        if (!file) return next();
        res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    async writeBundle() {
      const target = path.join(outDir, ROOM_ASSETS_PATH);
      await mkdir(target, { recursive: true });
      await Promise.all(Object.entries(roomAssetFiles()).map(([name, file]) => copyFile(file, path.join(target, name))));
    },
  };
}
