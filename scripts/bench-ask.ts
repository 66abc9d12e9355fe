/**
 * npm run bench:ask — what issue 29's figures say, in one process: an extractive ask's p50/p95 over 500
 * meeting-hours with the search index (spoken words, slides' words, meeting names) and the passage index
 * both holding those meetings, and the process's resident memory.
 *
 * The meetings are synthesised from real talk (scripts/bench-ask/synthetic.ts: 600 QMSum train turns an hour
 * with their cached USE Lite vectors; run `npm run eval:ask -- --text ../shared/data/meetings-text/qmsum/train
 * --direct --every 8` once first) and given to the two embedded indexes as the pipeline gives them: segments
 * and 60 slides an hour to the search index, passages with their vectors to the passage index (a fresh folder).
 * The search index is filled first, then the passage index, with a full garbage collection after each, so the
 * live heap of each is printed apart. 10 users each host 50 meetings shared with two others (150 readable
 * meetings each, as bench:search). 200 QMSum train questions are asked through the ask use case (askMeetings:
 * access, question embedded by USE Lite, BM25, vectors, fusion, highlights), each by a random user over all
 * their meetings; the HTTP layer is not timed. Resident memory is sampled every 50 ms.
 * MEETSCRIBE_BENCH_MEETINGS changes the count.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { useLiteEmbedder } from '../functions/adapters/embeddings/use-lite.js';
import { openEmbeddedPassageIndex } from '../functions/adapters/passage-index/embedded.js';
import { openEmbeddedSearchIndex } from '../functions/adapters/search-index/embedded.js';
import { askMeetings, type AskPorts } from '../functions/core/ask/ask.js';
import { speechPassages } from '../functions/core/ask/passages.js';
import { withTurnVectors } from '../functions/core/ask/vectors.js';
import { percentile } from './eval-ask/score.js';
import { pick, random, reseed, syntheticMeeting, turnPool, type PoolTurn } from './bench-ask/synthetic.js';

const MEETINGS = Number(process.env.MEETSCRIBE_BENCH_MEETINGS ?? 500);
const USERS = 10;
const TURNS_PER_HOUR = 600;
const SLIDES_PER_HOUR = 60;
const QUESTIONS = 200;
const TARGET_P95_MS = 300;
const TARGET_MEMORY = 2 ** 30;
const CACHE = path.join(os.tmpdir(), 'meetscribe-eval-ask');
const TRAIN = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data', 'meetings-text', 'qmsum', 'train');
const CREATED = '2025-01-01T00:00:00.000Z';

const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
const ms = (values: readonly number[]) => `p50 ${percentile(values, 50).toFixed(1)} ms  p95 ${percentile(values, 95).toFixed(1)} ms`;
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
const gc = (globalThis as { gc?: () => void }).gc;

/** Resident memory and heap now, after a full collection when node runs with --expose-gc (the live heap). */
function settled(): { rss: number; heap: number; buffers: number } {
  gc?.();
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
  return { rss, heap: heapUsed, buffers: arrayBuffers };
}

const hosts = (i: number) => [0, 1, 3].map((k) => (i + k) % USERS);
const readable = (u: number) => Array.from({ length: MEETINGS }, (_, i) => i).filter((i) => hosts(i).includes(u)).map((i) => `m-${i}`);

/** Fills the search index, then the passage index, with the same meetings; prints each one's memory. */
async function indexBoth(dir: string, pool: readonly PoolTurn[], before: { heap: number; buffers: number }, sample: () => number) {
  const search = openEmbeddedSearchIndex(path.join(dir, 'search-index'));
  const passages = openEmbeddedPassageIndex(path.join(dir, 'search-index'));
  let started = performance.now();
  let segments = 0;
  for (let i = 0; i < MEETINGS; i += 1) {
    reseed(i + 1);
    const m = syntheticMeeting(pool, `m-${i}`, CREATED, TURNS_PER_HOUR, SLIDES_PER_HOUR);
    await search.upsertMeeting({ meetingId: `m-${i}`, name: `Meeting ${i}`, createdAt: CREATED, emails: hosts(i).map((u) => `user${u}@bench`) });
    await search.replaceSegments(`m-${i}`, m.segments);
    await search.replaceFrames(`m-${i}`, m.frames);
    segments += m.segments.length;
  }
  const searched = settled();
  console.log(`search index: ${MEETINGS} meeting-hours, ${segments} segments, ${MEETINGS * SLIDES_PER_HOUR} slides in ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s; RSS ${mb(searched.rss)}, heap +${mb(searched.heap - before.heap)}, ` +
    `typed arrays +${mb(searched.buffers - before.buffers)}`);
  started = performance.now();
  let count = 0;
  for (let i = 0; i < MEETINGS; i += 1) {
    reseed(i + 1);
    const m = syntheticMeeting(pool, `m-${i}`, CREATED, TURNS_PER_HOUR, SLIDES_PER_HOUR);
    const docs = withTurnVectors(speechPassages(`m-${i}`, m.turns), m.vectors);
    count += docs.length;
    await passages.replacePassages(`m-${i}`, 'speech', docs);
  }
  const indexed = settled();
  const peak = sample();
  console.log(`passage index: ${count} passages in ${((performance.now() - started) / 1000).toFixed(1)} s; RSS ${mb(indexed.rss)}, heap ` +
    `+${mb(indexed.heap - searched.heap)}, typed arrays +${mb(indexed.buffers - searched.buffers)}`);
  console.log(`after indexing both: RSS ${mb(indexed.rss)}, heap ${mb(indexed.heap)}; peak RSS while indexing ${mb(peak)}`);
  return { passages, peak };
}

/** The asks, timed: wall, the question's embedding apart, and the process's CPU time. */
async function askAll(ports: AskPorts, questions: readonly string[], embedded: () => { wall: number; cpu: number }) {
  await askMeetings(ports, { userId: 'warm', email: 'user0@bench' }, { question: 'warm up', maxCitations: 3, retrieval: 'hybrid' });
  reseed(4242);
  const times: number[] = [];
  const embedTimes: number[] = [];
  const cpuTimes: number[] = [];
  const embedCpuTimes: number[] = [];
  let nothing = 0;
  for (let q = 0; q < QUESTIONS; q += 1) {
    const user = Math.floor(random() * USERS);
    const embedBefore = embedded();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const answer = await askMeetings(ports, { userId: `u${user}`, email: `user${user}@bench` }, { question: pick(questions), maxCitations: 3,
      retrieval: 'hybrid' });
    times.push(performance.now() - t0);
    const cpu = process.cpuUsage(cpu0);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    embedTimes.push(embedded().wall - embedBefore.wall);
    embedCpuTimes.push(embedded().cpu - embedBefore.cpu);
    if (answer.citations.length === 0) nothing += 1;
  }
  return { times, embedTimes, cpuTimes, embedCpuTimes, nothing };
}

async function main() {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, process.memoryUsage.rss()));
  const sampler = setInterval(sample, 50);
  const { pool, questions } = await turnPool(process.env.MEETSCRIBE_ASK_TRAIN ?? TRAIN, CACHE);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-ask-'));
  try {
    // The question's embedding timed apart from the rest (index queries, fusion, citations), to see where an ask's time goes.
    const model = useLiteEmbedder();
    await model.embed(['warm up']);
    let embedMs = 0;
    let embedCpuMs = 0;
    const embedder = { ...model, embed: async (texts: readonly string[]) => {
      const t = performance.now();
      const cpu = process.cpuUsage();
      try { return await model.embed(texts); } finally {
        embedMs += performance.now() - t;
        const used = process.cpuUsage(cpu);
        embedCpuMs += (used.user + used.system) / 1000;
      }
    } };
    const before = settled();
    console.log(`before indexing (pool of ${pool.length} real turns, USE Lite loaded): RSS ${mb(before.rss)}, heap ${mb(before.heap)}` +
      `${gc ? ' (live, after a full GC)' : ' (run with --expose-gc for the live heap)'}`);
    const { passages, peak: indexingPeak } = await indexBoth(dir, pool, before, sample);
    const ports: AskPorts = {
      passages, embedder, images: { presignDownload: async (key: string) => key },
      meetings: {
        listAccess: async (email: string) => readable(Number(email.split('@')[0].slice(4))).map((meetingId) => ({ meetingId, createdAt: CREATED })),
        findMeetings: async (ids: readonly string[]) => ids.filter((id) => id.startsWith('m-')).map((id) => ({ id, name: `Meeting ${id}` }) as never),
      } as unknown as AskPorts['meetings'],
    };
    peak = 0;
    const { times, embedTimes, cpuTimes, embedCpuTimes, nothing } = await askAll(ports, questions, () => ({ wall: embedMs, cpu: embedCpuMs }));
    // The sampler can miss a peak while the model's WebAssembly holds the thread, so the final reading counts too.
    const askingPeak = sample();
    const now = process.memoryUsage();
    const load = os.loadavg()[0];
    console.log(`\nask (extractive, ${readable(0).length} readable meetings a user, ${QUESTIONS} questions, load average ${load.toFixed(1)}):`);
    console.log(`  wall:                         ${ms(times)}  (${nothing} "nothing answers")`);
    console.log(`  of which the question's embedding: ${ms(embedTimes)}`);
    console.log(`  without the embedding:        ${ms(times.map((t, i) => t - embedTimes[i]))}`);
    console.log(`  CPU time per ask (user + system, all threads): ${ms(cpuTimes)}`);
    console.log(`  of which the question's embedding: ${ms(embedCpuTimes)}; the rest: ${ms(cpuTimes.map((t, i) => t - embedCpuTimes[i]))}`);
    console.log(`resident memory: peak while asking ${mb(askingPeak)}, now ${mb(now.rss)} (heap used ${mb(now.heapUsed)})`);
    const p95 = percentile(times, 95);
    const memory = Math.max(indexingPeak, askingPeak);
    console.log(`\ntarget ask p95 ≤ ${TARGET_P95_MS} ms (wall, 2 cores): ${verdict(p95 <= TARGET_P95_MS)} — p95 ${p95.toFixed(1)} ms at load average ` +
      `${load.toFixed(1)} (CPU per ask p95 ${percentile(cpuTimes, 95).toFixed(1)} ms)`);
    console.log(`target memory ≤ 1 GB (peak RSS, search and passage indexes and USE Lite in one process): ${verdict(memory <= TARGET_MEMORY)} — ` +
      `${mb(memory)} (${mb(memory - before.rss)} above the process before indexing)`);
  } finally {
    clearInterval(sampler);
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
