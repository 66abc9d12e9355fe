/**
 * npm run attack:api — the repository's own attack run over every route the API serves (issue 28), against a local
 * edition started in this process: the access matrix (owner, reader, stranger, signed out × every route; leaks as
 * test/helpers/attack/matrix.ts defines them) and FUZZ_REQUESTS (default 5,000) malformed requests over every route
 * (FUZZ_SEED, default 28; FUZZ_CONCURRENCY, default 4). Prints the figures; exits 1 on any leak or 5xx.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT, startLocalEdition } from '../local/runtime.js';
import { buildFuzzTarget, runFuzz } from '../test/helpers/attack/fuzz.js';
import { buildMatrixWorld, runAccessMatrix } from '../test/helpers/attack/matrix.js';
import { MATRIX, servedRoutes } from '../test/helpers/attack/routes.js';

const requests = Number(process.env.FUZZ_REQUESTS ?? 5_000);
const seed = Number(process.env.FUZZ_SEED ?? 28);
const concurrency = Number(process.env.FUZZ_CONCURRENCY ?? 4);

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-attack-api-'));
  process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
  const edition = await startLocalEdition({ dataDir: path.join(dir, 'data'), port: 0, waitScale: 0.2, log: () => undefined });
  let failed: boolean;
  try {
    console.log(`attack:api at ${new Date().toISOString()}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const routes = await servedRoutes(PROJECT_ROOT);
    console.log(`routes served (from API_CONTEXTS' handlers): ${routes.length}`);
    const world = await buildMatrixWorld(edition.url);
    const matrix = await runAccessMatrix(world, routes);
    console.log(`\naccess matrix: ${matrix.calls.length} calls (${routes.length} routes × 4 roles), `
      + `${matrix.leaks.length} leaks, ${matrix.serverErrors.length} × 5xx`);
    const table = new Map<string, Record<string, number>>();
    for (const c of matrix.calls) {
      const key = `${c.role.padEnd(10)} ${MATRIX[`${c.method} ${c.path}`].access.padEnd(8)}`;
      const counts = table.get(key) ?? {};
      const band = c.status < 300 ? '2xx' : String(c.status);
      counts[band] = (counts[band] ?? 0) + 1;
      table.set(key, counts);
    }
    for (const [key, counts] of [...table].sort()) console.log(`  ${key} ${Object.entries(counts).sort().map(([s, n]) => `${s}×${n}`).join(' ')}`);
    for (const leak of matrix.leaks) console.log(`  LEAK ${leak.role}: ${leak.method} ${leak.path} → ${leak.status}: ${leak.leak}`);
    for (const e of matrix.serverErrors) console.log(`  5xx ${e.role}: ${e.method} ${e.path} → ${e.status}`);

    const target = await buildFuzzTarget(edition.url);
    const fuzz = await runFuzz(target, routes, requests, { seed, concurrency });
    console.log(`\nfuzz: ${fuzz.requests} requests over ${routes.length} routes (seed ${seed}, ${concurrency} at a time) in ${fuzz.seconds.toFixed(0)} s, `
      + `${fuzz.serverErrors.length} × 5xx (599: no answer); ${fuzz.networkRetries} sent again after a connection reset`);
    console.log(`  statuses: ${Object.entries(fuzz.byStatus).sort().map(([s, n]) => `${s}×${n}`).join(' ')}`);
    for (const r of fuzz.retried) console.log(`  sent again: ${r}`);
    for (const e of fuzz.serverErrors.slice(0, 20)) console.log(`  5xx ${e.status} ${e.method} ${e.url} [${e.contentType}] ${e.body}`);
    failed = matrix.leaks.length > 0 || matrix.serverErrors.length > 0 || fuzz.serverErrors.length > 0;
    console.log(`\n${failed ? 'FAIL' : 'PASS'}: ${matrix.leaks.length} leaks, ${matrix.serverErrors.length + fuzz.serverErrors.length} × 5xx`);
  } finally {
    await edition.stop();
    await rm(dir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
