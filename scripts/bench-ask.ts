/**
 * npm run bench:ask — p50/p95 of an extractive ask over 500 meeting-hours, and the process's resident memory.
 *
 * The meetings are synthesised from real talk: each one-hour meeting is 600 turns drawn at random (seeded)
 * from QMSum train turns whose USE Lite vectors eval:ask has cached (run `npm run eval:ask -- --text
 * ../shared/data/meetings-text/qmsum/train --direct --every 8` once first), cut into passages and given
 * their vectors exactly as IndexPassages does, in the embedded passage index (a fresh folder). 10 users each
 * host 50 meetings shared with two others (150 readable meetings each, as bench:search). 200 QMSum train
 * questions are asked through the ask use case (askMeetings: access, question embedded by USE Lite, BM25,
 * vectors, fusion, highlights), each by a random user over all their meetings. The HTTP layer is not timed.
 * Resident memory is sampled every 50 ms. MEETSCRIBE_BENCH_MEETINGS changes the count.
 */
import { readdir, mkdtemp, rm, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { useLiteEmbedder } from '../functions/adapters/embeddings/use-lite.js';
import { openEmbeddedPassageIndex } from '../functions/adapters/passage-index/embedded.js';
import { askMeetings } from '../functions/core/ask/ask.js';
import { speechPassages, type TimedTurn } from '../functions/core/ask/passages.js';
import { withTurnVectors } from '../functions/core/ask/vectors.js';
import { readMeetings } from './eval-ask/qmsum.js';
import { percentile } from './eval-ask/score.js';

const MEETINGS = Number(process.env.MEETSCRIBE_BENCH_MEETINGS ?? 500);
const USERS = 10;
const TURNS_PER_HOUR = 600;
const QUESTIONS = 200;
const CACHE = path.join(os.tmpdir(), 'meetscribe-eval-ask');
const TRAIN = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data', 'meetings-text', 'qmsum', 'train');

let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

async function turnPool() {
  const meetings = await readMeetings(process.env.MEETSCRIBE_ASK_TRAIN ?? TRAIN);
  const cached = await readdir(CACHE).catch(() => [] as string[]);
  const pool: Array<{ speaker: string; text: string; vector: Float32Array }> = [];
  for (const m of meetings) {
    const file = cached.find((f) => f.startsWith(`${m.id}.`));
    if (!file) continue;
    const buffer = await readFile(path.join(CACHE, file));
    const all = new Float32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4);
    if (all.length !== m.turns.length * 512) continue;
    m.turns.forEach((t, i) => { if (t.text) pool.push({ ...t, vector: all.slice(i * 512, (i + 1) * 512) }); });
  }
  if (pool.length === 0) throw new Error(`No cached turn vectors in ${CACHE}: run eval:ask --direct on train/ first.`);
  return { pool, questions: meetings.flatMap((m) => m.questions.map((q) => q.query)) };
}

async function main() {
  let peak = 0;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
  const { pool, questions } = await turnPool();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-ask-'));
  try {
    const passages = openEmbeddedPassageIndex(dir);
    const started = performance.now();
    let count = 0;
    for (let i = 0; i < MEETINGS; i += 1) {
      const drawn = Array.from({ length: TURNS_PER_HOUR }, () => pick(pool));
      const turns: TimedTurn[] = drawn.map((t, j) => ({ speaker: t.speaker, text: t.text, start: j * 6, end: j * 6 + 5 }));
      const docs = withTurnVectors(speechPassages(`m-${i}`, turns), drawn.map((t) => t.vector));
      count += docs.length;
      await passages.replacePassages(`m-${i}`, 'speech', docs);
    }
    const indexed = peak;
    console.log(`${MEETINGS} meeting-hours, ${count} passages from ${pool.length} real turns, ` +
      `indexed in ${((performance.now() - started) / 1000).toFixed(1)} s; peak RSS ${mb(indexed)}`);
    const readable = (u: number) =>
      Array.from({ length: MEETINGS }, (_, i) => i).filter((i) => [0, 1, 2].some((k) => (i + k) % USERS === u)).map((i) => `m-${i}`);
    // The question's embedding timed apart from the rest (index queries, fusion, citations), to see where an ask's time goes.
    const model = useLiteEmbedder();
    let embedMs = 0;
    const embedder = { ...model, embed: async (texts: readonly string[]) => {
      const t = performance.now();
      try { return await model.embed(texts); } finally { embedMs += performance.now() - t; }
    } };
    const ports = {
      passages, embedder, images: { presignDownload: async (key: string) => key },
      meetings: {
        listAccess: async (email: string) => readable(Number(email.split('@')[0].slice(4))).map((meetingId) => ({ meetingId,
          createdAt: '2025-01-01T00:00:00.000Z' })),
        findMeetings: async (ids: readonly string[]) => ids.filter((id) => id.startsWith('m-')).map((id) => ({ id, name: `Meeting ${id}` }) as never),
      },
    };
    await askMeetings(ports, { userId: 'warm', email: 'user0@bench' }, { question: 'warm up', maxCitations: 3, retrieval: 'hybrid' });
    const times: number[] = [];
    const embedTimes: number[] = [];
    const cpuTimes: number[] = [];
    let nothing = 0;
    for (let q = 0; q < QUESTIONS; q += 1) {
      const user = Math.floor(random() * USERS);
      embedMs = 0;
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const answer = await askMeetings(ports, { userId: `u${user}`, email: `user${user}@bench` }, { question: pick(questions), maxCitations: 3,
        retrieval: 'hybrid' });
      times.push(performance.now() - t0);
      const cpu = process.cpuUsage(cpu0);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
      embedTimes.push(embedMs);
      if (answer.citations.length === 0) nothing += 1;
    }
    console.log(`ask (extractive, ${readable(0).length} readable meetings a user, ${QUESTIONS} questions): ` +
      `p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  (${nothing} "nothing answers")`);
    console.log(`  of which the question's embedding: p50 ${percentile(embedTimes, 50).toFixed(1)} ms  p95 ${percentile(embedTimes, 95).toFixed(1)} ms`);
    console.log(`  CPU time of this process per ask (user + system, all threads): p50 ${percentile(cpuTimes, 50).toFixed(1)} ms  ` +
      `p95 ${percentile(cpuTimes, 95).toFixed(1)} ms; load average ${os.loadavg()[0].toFixed(1)}`);
    // The sampler can miss a peak while the model's WebAssembly holds the thread, so the final reading counts too.
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(`resident memory: peak ${mb(peak)} (after indexing ${mb(indexed)}), now ${mb(process.memoryUsage().rss)}; heap used ${mb(process.memoryUsage(
      ).heapUsed)}`);
  } finally {
    clearInterval(sampler);
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
