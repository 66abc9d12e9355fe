/**
 * The repository's own attack run over every route the API serves (issue 28), against a local edition in this process:
 * - the route list comes from the API definition (every context's handler lists its routes), and every route must have a
 *   row in the access matrix (test/helpers/attack/routes.ts), so a new route cannot be forgotten;
 * - owner, reader, stranger and signed out × every route: 0 leaks (test/helpers/attack/matrix.ts says what a leak is);
 * - a sampled fuzz run over every route (FUZZ_REQUESTS, 400 by default): 0 × 5xx. `npm run attack:api` runs ≥ 5,000.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT, startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { buildFuzzTarget, runFuzz } from '../helpers/attack/fuzz.js';
import { buildMatrixWorld, ROLES, runAccessMatrix, type MatrixWorld } from '../helpers/attack/matrix.js';
import { MATRIX, routeKey, servedRoutes, type ServedRoute } from '../helpers/attack/routes.js';

let dataDir: string;
let edition: LocalEdition;
let routes: ServedRoute[];
let world: MatrixWorld;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-attack-'));
  edition = await startLocalEdition({ dataDir: path.join(dataDir, 'data'), port: 0, waitScale: 0.2 });
  routes = await servedRoutes(PROJECT_ROOT);
  world = await buildMatrixWorld(edition.url);
}, 300_000);

afterAll(async () => {
  await edition?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the route list from the API definition', () => {
  it('has an access-matrix row for every served route, and no row for a route that is not served', () => {
    const served = new Set(routes.map(routeKey));
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.map(routeKey).filter((k) => !MATRIX[k])).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !served.has(k))).toEqual([]);
    // The routes other branches added are served and in the matrix.
    for (const key of ['POST meetings/{id}/transcript_import/', 'POST search/ask/', 'GET meetings/{id}/speaker_name_suggestions/',
      'GET action_items/', 'PATCH action_items/{id}/', 'DELETE action_items/{id}/', 'POST webhooks/todoist/']) expect(served.has(key)).toBe(true);
  });
});

describe('access matrix: owner, reader, stranger and signed out × every route', () => {
  it('leaks nothing and answers no 5xx', async () => {
    const result = await runAccessMatrix(world, routes);
    expect(result.calls).toHaveLength(routes.length * ROLES.length);
    expect(result.leaks).toEqual([]);
    expect(result.serverErrors).toEqual([]);
    // Not vacuous: the owner and the reader really read the meeting, and the owner really changed it.
    const status = (role: string, key: string) => result.calls.find((c) => c.role === role && `${c.method} ${c.path}` === key)?.status;
    for (const role of ['owner', 'reader']) {
      for (const key of ['GET meetings/{id}/', 'GET meetings/{id}/transcript/', 'GET meetings/{id}/generated_notes/']) expect([role, key, status(role, key)]).toEqual([role, key, 200]);
    }
    expect(status('owner', 'PUT meetings/{id}/')).toBe(200);
    expect(status('owner', 'DELETE meetings/{id}/')).toBeLessThan(300);
  }, 300_000);
});

describe('fuzz over every route', () => {
  it(`answers no 5xx to ${Number(process.env.FUZZ_REQUESTS ?? 400)} malformed requests`, async () => {
    const target = await buildFuzzTarget(edition.url);
    const result = await runFuzz(target, routes, Number(process.env.FUZZ_REQUESTS ?? 400), { seed: Number(process.env.FUZZ_SEED ?? 28) });
    expect(result.serverErrors).toEqual([]);
    expect(result.requests).toBe(Number(process.env.FUZZ_REQUESTS ?? 400));
  }, 300_000);
});
