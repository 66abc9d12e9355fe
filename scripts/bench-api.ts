/**
 * npm run bench:api — throughput and latency of the local edition's API (issue #19), measured with
 * autocannon against an edition running in its own process (so the load generator does not share its
 * event loop). Prints req/s, p50 and p99 per call, a mixed signed-in profile, and an overload run that
 * offers more than capacity and counts how many answers were 503 (shed) and how fast.
 *
 * Options (env): BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10), BENCH_OVERLOAD_RATE (req/s, default 600),
 * BENCH_WARMUP_SECONDS (unreported load before the runs, default 3).
 */
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { killHard, startChildEdition } from '../test/helpers/child-edition.js';
import { signUpAndSignIn } from '../test/helpers/users.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const overloadRate = Number(process.env.BENCH_OVERLOAD_RATE ?? 600);

type Result = autocannon.Result;

function row(name: string, r: Result): string {
  const non2xx = r.non2xx ?? 0;
  return [name.padEnd(28), `${r.requests.average.toFixed(0).padStart(6)} req/s`, `p50 ${String(r.latency.p50).padStart(5)} ms`,
    `p99 ${String(r.latency.p99).padStart(5)} ms`, `non-2xx ${non2xx}`, `errors ${r.errors}`, `timeouts ${r.timeouts}`].join('  ');
}

async function run(opts: autocannon.Options): Promise<Result> {
  return autocannon({ duration: seconds, connections, timeout: 10, ...opts });
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-bench-api-'));
  const { child, ready } = await startChildEdition(dataDir);
  try {
    const base = ready.url;
    const user = await signUpAndSignIn(base, 'bench-api@example.com');
    const auth = { authorization: `Bearer ${user.access}`, 'content-type': 'application/json' };
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const res = await fetch(`${base}/api/meetings/`, { method: 'POST', headers: auth, body: JSON.stringify({ name: `Bench meeting ${i}` }) });
      ids.push(((await res.json()) as { id: string }).id);
    }
    // Warm every handler once, then a few seconds of load unreported (the JIT compiles the hot paths; warm Lambda
    // containers in steady state have done so too). BENCH_WARMUP_SECONDS, default 3.
    for (const p of ['/api/meetings/', '/api/users/', `/api/meetings/${ids[0]}/`, '/api/health/']) await (await fetch(`${base}${p}`, { headers: auth })).text();
    const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
    if (warmup > 0) {
      await autocannon({ url: base, headers: auth, duration: warmup, connections, requests: [
        { method: 'GET', path: '/api/meetings/' }, { method: 'GET', path: '/api/users/' }, { method: 'GET', path: `/api/meetings/${ids[0]}/` },
      ] });
    }

    console.log(`bench:api: ${seconds} s per run, ${connections} connections, machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) =>
      l.toFixed(1)).join(' ')} (shared: other work may be running)`);
    // One request at a time: what a call costs alone (issue #19 measured 16 ms for GET meetings/, 4.5 ms for GET users/).
    for (const [name, p] of [['GET meetings/', '/api/meetings/'], ['GET users/', '/api/users/']] as const) {
      const began = performance.now();
      for (let i = 0; i < 50; i += 1) await (await fetch(`${base}${p}`, { headers: auth })).text();
      console.log(`${`${name} alone`.padEnd(28)}  ${((performance.now() - began) / 50).toFixed(1).padStart(6)} ms a request (50 in a row)`);
    }
    const calls: Array<[string, string]> = [
      ['GET meetings/', '/api/meetings/'],
      ['GET users/', '/api/users/'],
      ['GET meetings/{id}/', `/api/meetings/${ids[0]}/`],
      ['GET health/', '/api/health/'],
    ];
    for (const [name, url] of calls) console.log(row(name, await run({ url: `${base}${url}`, headers: auth })));

    const mixed = await run({
      url: base, headers: auth,
      requests: [
        { method: 'GET', path: '/api/meetings/' },
        { method: 'GET', path: '/api/users/' },
        { method: 'GET', path: `/api/meetings/${ids[1]}/` },
        { method: 'GET', path: '/api/meetings/?page=2' },
        { method: 'GET', path: `/api/meetings/${ids[2]}/` },
      ],
    });
    console.log(row('mixed (5 signed-in calls)', mixed));

    const overload = await run({ url: `${base}/api/meetings/`, headers: auth, connections: 200, overallRate: overloadRate });
    const codes = overload.statusCodeStats as Record<string, { count: number }> | undefined;
    console.log(row(`overload (${overloadRate} req/s offered)`, overload));
    console.log(`  answers by status: ${JSON.stringify(Object.fromEntries(Object.entries(codes ?? {}).map(([k, v]) => [k, v.count])))}`);
  } finally {
    await killHard(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => { console.error(error); process.exitCode = 1; });
