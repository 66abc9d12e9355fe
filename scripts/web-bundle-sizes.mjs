// Prints the gzipped JavaScript each screen of the SPA loads (from web/dist/.vite/manifest.json), and fails when
// the first load (sign-in, My Meetings) is over its budget. Run by `npm run build:web` after vite build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_BUDGET_KB = 150;

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const gz = new Map();
const gzipKb = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024);
  return gz.get(file);
};

/** The JS files a chunk loads at once: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  if (chunk.file.endsWith('.js')) seen.add(chunk.file);
  for (const next of chunk.imports ?? []) closure(next, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const first = closure(entryKey);
const sum = (files) => [...files].reduce((n, f) => n + gzipKb(f), 0);
const rows = [['sign-in and My Meetings (first load)', sum(first)]];
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const extra = [...closure(key)].filter((f) => !first.has(f));
  rows.push([`+ on demand: ${chunk.name ?? key}`, sum(extra)]);
}
console.log('\nJavaScript per screen (gzip -9):');
for (const [label, kb] of rows) console.log(`  ${label.padEnd(48)} ${kb.toFixed(1).padStart(7)} KB`);
const firstKb = rows[0][1];
if (firstKb > FIRST_LOAD_BUDGET_KB) {
  console.error(`The first load is ${firstKb.toFixed(1)} KB gzipped, over the budget of ${FIRST_LOAD_BUDGET_KB} KB.`);
  process.exit(1);
}
console.log(`  first load within the ${FIRST_LOAD_BUDGET_KB} KB budget\n`);
