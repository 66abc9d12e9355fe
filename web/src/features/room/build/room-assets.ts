/**
 * Vite plugin: serves the live room's presenter-removal runtime from our own origin under /room-assets/
 * (no CDN): the selfie-segmentation solution of @mediapipe/selfie_segmentation (loader, WebAssembly
 * graph, models). The files are copied out of node_modules at build time (never
 * committed) and served straight from node_modules by the dev server.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const ROOM_ASSETS_PATH = '/room-assets/';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/** Served file name → file in node_modules (the selfie-segmentation solution: loader, WebAssembly graph, model). */
function roomAssetFiles(): Record<string, string> {
  const selfie = packageDir('@mediapipe/selfie_segmentation');
  const names = [
    'selfie_segmentation.js', 'selfie_segmentation.binarypb', 'selfie_segmentation_landscape.tflite', 'selfie_segmentation.tflite',
    'selfie_segmentation_solution_simd_wasm_bin.js', 'selfie_segmentation_solution_simd_wasm_bin.wasm', 'selfie_segmentation_solution_simd_wasm_bin.data',
    'selfie_segmentation_solution_wasm_bin.js', 'selfie_segmentation_solution_wasm_bin.wasm',
  ];
  return Object.fromEntries(names.map((name) => [name, path.join(selfie, name)]));
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.wasm': 'application/wasm' };

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
