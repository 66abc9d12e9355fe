/**
 * Evaluation of Ask across meetings (issue 29) on QMSum-format meetings (`meeting_transcripts` turns,
 * `specific_query_list` questions with their evidence turn spans).
 *
 *   npm run eval:ask -- --text DIR [--json FILE]   each meeting imported into a running local edition through the
 *                                                 transcript import, every question asked through POST search/ask/
 *   npm run eval:ask -- --text DIR --direct        the retrieval core straight on the turns (no local edition; fast)
 *     [--window 10 --stride 5 --weights 1,0.6,20,0.3]  passages and fusion (words weight, vectors weight, RRF k, neighbours' share)
 *     [--grid]                                     direct mode over a grid of windows and weights (tuning, on train/ only;
 *                                                  --window '8/4;12/6' and --weights '1,0.4,5;1,0.2,5' choose the grid)
 *     [--bm25 k1,b,d]                              BM25+ parameters of the embedded passage index
 *     [--every N]                                  every N-th meeting of the folder only
 *     [--cache DIR]                                turn vectors cache (default: $TMPDIR/meetscribe-eval-ask)
 *
 * Prints, within each question's meeting and across all meetings of the set, R@1, R@5 and MRR of the first
 * passage overlapping the question's evidence, for BM25 alone, vectors alone and hybrid (the product's: fused, then reranked;
 * the direct run also prints `fused`, before the reranker), answered as the product answers (none below the threshold); answer latency
 * p50/p95; and how many questions the answer threshold turns away. --json writes the issue's format:
 * {<meeting>: [{query, within: [[first turn, last turn], …], across: [{meeting, turns: [first, last]}, …]}]}.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { useLiteEmbedder } from '../functions/adapters/embeddings/use-lite.js';
import { ANSWER_THRESHOLD } from '../functions/core/ask/ask.js';
import type { FusionWeights } from '../functions/core/ask/fusion.js';
import { FUSION } from '../functions/core/ask/retrieval.js';
import { PASSAGE_STRIDE, PASSAGE_WINDOW, type Windowing } from '../functions/core/ask/passages.js';
import type { SentenceEmbedder } from '../functions/core/embeddings/model.js';
import { DIRECT_RANKINGS, runDirect, type Asked } from './eval-ask/direct.js';
import { runProduct } from './eval-ask/product.js';
import { readMeetings, type EvalMeeting } from './eval-ask/qmsum.js';
import { firstRank, formatRecall, overlaps, percentile, recall, type TurnRange } from './eval-ask/score.js';

const { values } = parseArgs({ options: {
  text: { type: 'string' }, json: { type: 'string' }, direct: { type: 'boolean', default: false }, grid: { type: 'boolean', default: false },
  window: { type: 'string' }, stride: { type: 'string' }, weights: { type: 'string' }, every: { type: 'string' }, cache: { type: 'string' },
    bm25: { type: 'string' },
} });
if (!values.text) throw new Error('Usage: npm run eval:ask -- --text DIR [--json FILE] [--direct]');

const TOP = 10;
const cacheDir = values.cache ?? path.join(os.tmpdir(), 'meetscribe-eval-ask');

/** The product's embedder, with each distinct question embedded once per run. */
function memoised(embedder: SentenceEmbedder): SentenceEmbedder {
  const seen = new Map<string, Promise<Float32Array[]>>();
  return { ...embedder, embed: (texts) => {
    if (texts.length !== 1) return embedder.embed(texts);
    let v = seen.get(texts[0]);
    if (!v) seen.set(texts[0], (v = embedder.embed(texts)));
    return v;
  } };
}

interface Scored { readonly line: string; readonly hybridWithin: number }

/** Prints the figures of one run; returns the hybrid within-meeting MRR (for the grid). */
function report(label: string, meetings: readonly EvalMeeting[], results: Map<string, Asked[]>, quiet = false): Scored {
  const lines: string[] = [`== ${label}`];
  let hybridWithin = 0;
  for (const name of DIRECT_RANKINGS) {
    if (!meetings.some((m) => (results.get(m.id) ?? []).some((a) => a.within[name]))) continue;
    const within: Array<number | undefined> = [];
    const across: Array<number | undefined> = [];
    for (const m of meetings) {
      (results.get(m.id) ?? []).forEach((a, i) => {
        const spans = m.questions[i].spans as readonly TurnRange[];
        const good = (p: { meetingId: string; firstTurn: number; lastTurn: number }) => p.meetingId === m.id && overlaps([p.firstTurn, p.lastTurn], spans);
        within.push(firstRank(a.within[name] ?? [], good));
        across.push(firstRank(a.across[name] ?? [], good));
      });
    }
    const w = recall(within);
    if (name === 'hybrid') hybridWithin = w.mrr;
    lines.push(formatRecall(`${name} within meeting`, w), formatRecall(`${name} across meetings`, recall(across)));
  }
  const all = meetings.flatMap((m) => results.get(m.id) ?? []);
  const ms = all.map((a) => a.ms);
  lines.push(`answer latency (within meeting) p50 ${percentile(ms, 50).toFixed(1)} ms  p95 ${percentile(ms, 95).toFixed(1)} ms`);
  const turnedAway = all.filter((a) => a.topCosine < ANSWER_THRESHOLD).length;
  lines.push(`answer threshold ${ANSWER_THRESHOLD}: ${turnedAway} of ${all.length} questions get "nothing answers"`);
  if (!quiet) console.log(lines.join('\n'));
  return { line: lines.join('\n'), hybridWithin };
}

async function writeJson(file: string, meetings: readonly EvalMeeting[], results: Map<string, Asked[]>) {
  const out: Record<string, unknown> = {};
  for (const m of meetings) {
    out[m.id] = (results.get(m.id) ?? []).map((a, i) => ({
      query: m.questions[i].query,
      within: (a.within.hybrid ?? []).map((p) => [p.firstTurn, p.lastTurn]),
      across: (a.across.hybrid ?? []).map((p) => ({ meeting: p.meetingId, turns: [p.firstTurn, p.lastTurn] })),
    }));
  }
  await writeFile(file, JSON.stringify(out, null, 1));
}

const parseWeights = (text: string): FusionWeights => {
  const [words, vectors, k, neighbours = 0] = text.split(',').map(Number);
  return { words, vectors, k, neighbours };
};

async function main() {
  const every = Number(values.every ?? 1);
  const meetings = (await readMeetings(values.text!)).filter((_, i) => i % every === 0);
  console.log(`${meetings.length} meetings, ${meetings.reduce((s, m) => s + m.questions.length, 0)} questions from ${values.text}`);
  const embedder = memoised(useLiteEmbedder());
  const windowing: Windowing = values.grid ? { window: PASSAGE_WINDOW, stride: PASSAGE_STRIDE }
    : { window: Number(values.window ?? PASSAGE_WINDOW), stride: Number(values.stride ?? PASSAGE_STRIDE) };
  const weights = values.weights && !values.grid ? parseWeights(values.weights) : FUSION;
  const bm25 = values.bm25 ? (([k, b, d]) => ({ k, b, d }))(values.bm25.split(',').map(Number)) : undefined;
  if (values.grid) {
    const rows: Array<{ label: string; mrr: number }> = [];
    const windows = values.window ? values.window.split(';').map((w) => w.split('/').map(Number)) : [[6, 3], [8, 4], [10, 5], [12, 6], [16, 8]];
    const grid = values.weights ? values.weights.split(';') : ['1,0.2,60', '1,0.4,60', '1,0.3,20', '1,0.2,5', '1,0.4,5'];
    for (const [window, stride] of windows) {
      for (const w of grid) {
        const label = `window ${window} stride ${stride} weights ${w}`;
        const results = await runDirect(meetings, embedder, { windowing: { window, stride }, weights: parseWeights(w), cacheDir, top: TOP, bm25 });
        const { hybridWithin } = report(label, meetings, results);
        rows.push({ label, mrr: hybridWithin });
      }
    }
    rows.sort((a, b) => b.mrr - a.mrr).slice(0, 10).forEach((r) => console.log(`hybrid within MRR ${r.mrr.toFixed(3)}  ${r.label}`));
    return;
  }
  const results = values.direct
    ? await runDirect(meetings, embedder, { windowing, weights, cacheDir, top: TOP, bm25 })
    : await runProduct(meetings, { top: TOP });
  const label = values.direct
    ? `direct: window ${windowing.window} stride ${windowing.stride} weights ${weights.words},${weights.vectors},${weights.k},${weights.neighbours ?? 0}`
    : 'product: import + POST search/ask/';
  report(label, meetings, results);
  if (values.json) await writeJson(values.json, meetings, results);
}

await main();
