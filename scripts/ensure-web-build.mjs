// Builds the SPA when web/dist is missing or older than its sources, so `npm start` works right after `npm install`.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'web', 'dist', 'index.html');
const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'functions/contracts'].map((p) => path.join(root, p));

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

if (!existsSync(built) || statSync(built).mtimeMs < Math.max(...sources.map(newestMtime))) {
  console.log('[meetscribe] Building the web app (web/dist)…');
  execSync('npx vite build --config web/vite.config.ts --logLevel warn', { cwd: root, stdio: 'inherit' });
}
