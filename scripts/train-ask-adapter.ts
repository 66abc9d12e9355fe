/**
 * Trains Ask's question adapter (issue 29; core/ask/adapter.ts) on QMSum-format meetings:
 *   npm run train:ask-adapter -- [--text DIR] [--cache DIR] [--folds 5] [--grid 'steps,lr,l2,temperature[,form];…'] [--weights '1,0.4,5,0.25;…']
 *     [--line-mix 'a;…'] [--dry]
 *   form: `full` (the default: a d×d matrix), `rN` (identity + a rank-N correction U·Vᵀ), `d` (a diagonal scaling) or `dN`
 *     (diagonal + rank N); core/ask/factored-adapter.ts
 *   --line-mix: also rank the vectors by a·(best line's cosine) + (1 − a)·(the passage's cosine), the lines' own vectors from
 *     the cache, in the hybrid (experiment only: the index holds no line vectors)
 *   npm run train:ask-adapter -- --feedback-grid 'weight,passages,terms;…'   pseudo-relevance feedback (core/ask/feedback.ts) only:
 *     each setting's hybrid (unadapted vectors, today's fusion) on every question, and the setting chosen by MRR on the other folds for each
 *     held-out fold (weight 0: no feedback); nothing is written
 *
 * 1. The meetings whose turn and question vectors are cached (scripts/embed-ask-cache.ts fills the cache): each cut into
 *    passages as the product cuts them, each passage's vector the mean of its turns' (core/ask/vectors.ts); a question's
 *    relevant passages are those overlapping its evidence spans.
 * 2. Cross-validation by meeting (fold = meeting index in file-name order mod --folds), for each training setting of --grid:
 *    the adapter trained on the other folds, the held-out questions ranked within their meeting by the adapted cosine.
 * 3. With the best setting's held-out adapters, the fusion weights of --weights, ranked as the product ranks
 *    (core/ask/retrieval.ts over an embedded passage index, BM25 + adapted vectors fused).
 * 4. The adapter trained on every meeting with the best setting, and the answer threshold on the adapted cosine (turning away as
 *    many training questions as the unadapted threshold does), written with the command, data hash, date and CV figures to
 *    functions/core/ask/adapter-data.ts (unless --dry).
 */
import { createHash } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { useLiteEmbedder } from '../functions/adapters/embeddings/use-lite.js';
import { adapterDigest, adaptQuestion, encodeAdapter, identityAdapter, trainAdapter, type AdapterExample, type AdapterTrainOptions,
  type QuestionAdapter } from '../functions/core/ask/adapter.js';
import { expandFactored, factoredBytes, trainFactoredAdapter, type FactoredAdapter } from '../functions/core/ask/factored-adapter.js';
import { UNADAPTED_ANSWER_THRESHOLD as ANSWER_THRESHOLD, distinctPassages } from '../functions/core/ask/ask.js';
import type { FusionWeights } from '../functions/core/ask/fusion.js';
import type { PassageDoc, PassageIndex, ScoredPassage } from '../functions/core/ask/model.js';
import { speechPassages } from '../functions/core/ask/passages.js';
import { FUSION, rankPassages } from '../functions/core/ask/retrieval.js';
import { withTurnVectors } from '../functions/core/ask/vectors.js';
import { dot, type SentenceEmbedder } from '../functions/core/embeddings/model.js';
import { directIndex, timedTurns } from './eval-ask/direct.js';
import { cachedFile, cachedVectors } from './eval-ask/embedding-cache.js';
import { readMeetings, type EvalMeeting } from './eval-ask/qmsum.js';
import { firstRank, formatRecall, overlaps, recall, type Recall, type TurnRange } from './eval-ask/score.js';

const { values } = parseArgs({ options: {
  text: { type: 'string', default: '../shared/data/meetings-text/qmsum/train' }, cache: { type: 'string' }, folds: { type: 'string', default: '5' },
  grid: { type: 'string', default: '60,0.0005,0.01,0.05;60,0.001,0.01,0.05;60,0.0005,0.1,0.05' },
  weights: { type: 'string', default: '1,0.4,5,0.25;1,0.6,5,0.25;1,0.8,5,0.25;1,1,5,0.25;1,1.5,5,0.25' },
  dry: { type: 'boolean', default: false }, 'feedback-grid': { type: 'string' }, 'line-mix': { type: 'string', default: '0' },
} });

/** Cross-validated MRR gain of the adapted vectors alone over the unadapted below which the adapter stays off. */
const MIN_GAIN = 0.005;
const OUT = path.resolve('functions/core/ask/adapter-data.ts');
const cacheDir = values.cache ?? path.join(os.tmpdir(), 'meetscribe-eval-ask');
const base = useLiteEmbedder();
const seen = new Map<string, Float32Array>();
/** The product's embedder for single texts already read from the cache (the training questions). */
const embedder: SentenceEmbedder = { ...base, embed: async (texts) => (texts.length === 1 && seen.has(texts[0]) ? [seen.get(texts[0])!] : base.embed(texts)) };

interface Question { readonly meeting: string; readonly fold: number; readonly query: string; readonly spans: readonly TurnRange[]
  readonly example: AdapterExample; readonly passages: readonly PassageDoc[]; readonly turnVectors: readonly Float32Array[] }

const round = (n: number) => Math.round(n * 1000) / 1000;
const fig = (r: Recall) => ({ r1: round(r.r1), r5: round(r.r5), mrr: round(r.mrr), questions: r.questions });

async function trainingData() {
  const all = await readMeetings(values.text!);
  const meetings: EvalMeeting[] = [];
  for (const m of all) {
    const cached = (key: string, texts: readonly string[]) => stat(cachedFile(cacheDir, key, texts, base)).then(() => true, () => false);
    if (await cached(m.id, m.turns.map((t) => t.text)) && await cached(`${m.id}.questions`, m.questions.map((q) => q.query))) meetings.push(m);
  }
  const folds = Number(values.folds);
  const hash = createHash('sha256');
  const questions: Question[] = [];
  for (const [index, m] of meetings.entries()) {
    hash.update(m.id).update(await readFile(path.join(values.text!, `${m.id}.json`)));
    const turnVectors = await cachedVectors(cacheDir, m.id, m.turns.map((t) => t.text), base);
    const queryVectors = await cachedVectors(cacheDir, `${m.id}.questions`, m.questions.map((q) => q.query), base);
    const passages = withTurnVectors(speechPassages(m.id, timedTurns(m.turns)), turnVectors);
    m.questions.forEach((q, i) => {
      seen.set(q.query, queryVectors[i]);
      const spans = q.spans as readonly TurnRange[];
      questions.push({ meeting: m.id, fold: index % folds, query: q.query, spans, passages, turnVectors, example: {
        question: queryVectors[i], passages: passages.map((p) => p.vector), relevant: passages.map((p) => overlaps([p.firstTurn, p.lastTurn], spans)) } });
    });
  }
  console.log(`${meetings.length} of ${all.length} meetings (turn and question vectors cached), ${questions.length} questions from ${values.text}`);
  return { meetings, questions, folds, sha256: hash.digest('hex').slice(0, 16) };
}

/** Rank of the first relevant distinct passage when the meeting's passages are ranked by cosine to the (adapted) question. */
function vectorRank(q: Question, adapter: QuestionAdapter): number | undefined {
  const v = adaptQuestion(adapter, q.example.question);
  const order = q.example.passages.map((p, i) => ({ i, s: dot(p, v) })).sort((a, b) => b.s - a.s || a.i - b.i);
  return firstRank(distinctPassages(order.map((o) => q.passages[o.i]), 10), (p) => overlaps([p.firstTurn, p.lastTurn], q.spans));
}

type Setting = AdapterTrainOptions & { readonly rank?: number; readonly diagonal?: boolean };
const parseSetting = (text: string): Setting => {
  const [steps, learningRate, l2, temperature] = text.split(',').slice(0, 4).map(Number);
  const form = text.split(',')[4] ?? 'full';
  if (form === 'full') return { steps, learningRate, l2, temperature };
  const match = /^(d|r)(\d*)$/.exec(form);
  if (!match || (match[1] === 'r' && !match[2])) throw new Error(`Unknown adapter form "${form}" (full, rN, d or dN).`);
  return { steps, learningRate, l2, temperature, rank: Number(match[2] || 0), diagonal: match[1] === 'd' };
};
/** The adapter of a setting: the full matrix, or the factored one (and its factors, as stored). */
function train(examples: readonly AdapterExample[], setting: Setting): { adapter: QuestionAdapter; factored?: FactoredAdapter } {
  if (setting.rank === undefined) return { adapter: trainAdapter(examples, base.dimensions, setting) };
  const factored = trainFactoredAdapter(examples, base.dimensions, setting);
  return { adapter: expandFactored(factored), factored };
}

/**
 * The index with its vector ranking replaced (experiment): a·(best line's cosine) + (1 − a)·(passage cosine) over the
 * question's meeting's passages (within a meeting only).
 */
function lineScored(index: PassageIndex, byMeeting: ReadonlyMap<string, Question>, a: number): Pick<PassageIndex, 'matchWords' | 'nearest'> {
  if (a === 0) return index;
  return {
    matchWords: (query) => index.matchWords(query),
    nearest: async ({ vector, meetingIds, limit }) => {
      const hits: ScoredPassage[] = [];
      for (const id of meetingIds) {
        const q = byMeeting.get(id)!;
        const lines = q.turnVectors.map((t) => dot(t, vector));
        q.passages.forEach((p, i) => {
          let best = -Infinity;
          for (let t = p.firstTurn; t <= p.lastTurn; t += 1) best = Math.max(best, lines[t]);
          hits.push({ passage: p, score: a * best + (1 - a) * dot(q.example.passages[i], vector) });
        });
      }
      return hits.sort((x, y) => y.score - x.score || x.passage.position - y.passage.position).slice(0, limit);
    },
  };
}
const parseWeights = (text: string): FusionWeights => {
  const [words, vectors, k, neighbours = 0] = text.split(',').map(Number);
  return { words, vectors, k, neighbours };
};

/** Pseudo-relevance feedback settings, each question's rank under each, and each fold's choice made on the other folds. */
async function feedbackGrid(grid: readonly string[]) {
  const { meetings, questions, folds } = await trainingData();
  const { passages: index, dispose } = await directIndex(meetings, base, { windowing: { window: 12, stride: 6 }, cacheDir });
  const rows: Array<{ label: string; ranks: Array<number | undefined> }> = [];
  try {
    for (const label of grid) {
      const [weight, passages, terms] = label.split(',').map(Number);
      const ranks: Array<number | undefined> = [];
      for (const q of questions) {
        const r = await rankPassages({ passages: index, embedder }, q.query, [q.meeting], { reranker: null, adapter: null,
          weights: { ...FUSION, feedback: weight }, feedback: { passages, terms, minPassages: 2 } });
        ranks.push(firstRank(distinctPassages(r.fused.map((h) => h.passage), 10), (p) => overlaps([p.firstTurn, p.lastTurn], q.spans)));
      }
      rows.push({ label, ranks });
      console.log(formatRecall(`feedback ${label}`, recall(ranks)));
    }
  } finally {
    await dispose();
  }
  const chosen: Array<number | undefined> = [];
  for (let f = 0; f < folds; f += 1) {
    const mrr = (row: (typeof rows)[number]) => recall(row.ranks.filter((_, i) => questions[i].fold !== f)).mrr;
    const best = rows.reduce((a, b) => (mrr(b) > mrr(a) ? b : a));
    console.log(`fold ${f}: feedback ${best.label} chosen on the other folds`);
    questions.forEach((q, i) => { if (q.fold === f) chosen.push(best.ranks[i]); });
  }
  console.log(formatRecall('feedback chosen in folds', recall(chosen)));
}

interface Trained { readonly setting: string; readonly cv: Recall; readonly adapters: QuestionAdapter[] }

/**
 * Each setting's held-out adapters in the hybrid at each fusion (and line mix). Returns the one with the best hybrid MRR among
 * those the product can rank (line mix 0); the best with the lines' cosines is printed beside it.
 */
async function hybridGrid(meetings: readonly EvalMeeting[], questions: readonly Question[], trained: readonly Trained[]) {
  console.log('== cross-validated hybrid (BM25 + adapted vectors, fused as the product fuses), held-out folds, within meeting');
  const { passages: index, dispose } = await directIndex(meetings, base, { windowing: { window: 12, stride: 6 }, cacheDir });
  const byMeeting = new Map(questions.map((q) => [q.meeting, q]));
  type Row = { setting: Trained; weights: string; mix: number; cv: Recall; words: Recall; unadapted: Recall };
  let best: Row | undefined;
  let bestAny: Row | undefined;
  try {
    const good = (q: Question) => (p: PassageDoc) => overlaps([p.firstTurn, p.lastTurn], q.spans);
    const top = (list: ReadonlyArray<{ passage: PassageDoc }>) => distinctPassages(list.map((h) => h.passage), 10);
    for (const mix of values['line-mix']!.split(';').map(Number)) {
      const passages = lineScored(index, byMeeting, mix);
      for (const w of values.weights!.split(';')) {
        const options = { weights: parseWeights(w), reranker: null };
        const words: Array<number | undefined> = [];
        const unadapted: Array<number | undefined> = [];
        for (const q of questions) {
          const r = await rankPassages({ passages, embedder }, q.query, [q.meeting], { ...options, adapter: null });
          words.push(firstRank(top(r.words), good(q)));
          unadapted.push(firstRank(top(r.fused), good(q)));
        }
        console.log(formatRecall(`unadapted ${w} line ${mix}`, recall(unadapted)));
        for (const setting of trained) {
          const ranks: Array<number | undefined> = [];
          for (const q of questions) {
            const r = await rankPassages({ passages, embedder }, q.query, [q.meeting], { ...options, adapter: setting.adapters[q.fold] });
            ranks.push(firstRank(top(r.fused), good(q)));
          }
          const cv = recall(ranks);
          console.log(formatRecall(`hybrid ${w} line ${mix} ${setting.setting}`, cv));
          const row = { setting, weights: w, mix, cv, words: recall(words), unadapted: recall(unadapted) };
          if (mix === 0 && (!best || cv.mrr > best.cv.mrr)) best = row;
          if (!bestAny || cv.mrr > bestAny.cv.mrr) bestAny = row;
        }
      }
    }
  } finally {
    await dispose();
  }
  if (bestAny!.mix !== 0) {
    console.log(formatRecall(`best with the lines' cosines: ${bestAny!.setting.setting} ${bestAny!.weights} line ${bestAny!.mix}`, bestAny!.cv));
  }
  if (!best) throw new Error('--line-mix must include 0 (the ranking the product has).');
  return best;
}

async function main() {
  if (values['feedback-grid']) return feedbackGrid(values['feedback-grid'].split(';'));
  const { meetings, questions, folds, sha256 } = await trainingData();
  const identity = identityAdapter(base.dimensions);
  console.log(`== cross-validated by meeting (${folds} folds), held-out folds, within meeting, vectors alone`);
  const raw = recall(questions.map((q) => vectorRank(q, identity)));
  console.log(formatRecall('vectors (USE Lite)', raw));
  const trained: Trained[] = [];
  for (const setting of values.grid!.split(';')) {
    const started = performance.now();
    const adapters = Array.from({ length: folds }, (_, f) =>
      train(questions.filter((q) => q.fold !== f).map((q) => q.example), parseSetting(setting)).adapter);
    const cv = recall(questions.map((q) => vectorRank(q, adapters[q.fold])));
    console.log(`${formatRecall(`adapted ${setting}`, cv)}  ${((performance.now() - started) / 1000).toFixed(0)} s`);
    trained.push({ setting, cv, adapters });
  }

  const best = await hybridGrid(meetings, questions, trained);
  const chosen = best.setting;
  const bestFusion = best;
  console.log(formatRecall('BM25 alone', bestFusion.words));
  console.log(`best (without the lines' cosines): setting ${chosen.setting}, fusion ${bestFusion.weights}`);

  // The answer threshold on the adapted cosine: as many training questions turned away (held-out adapters) as the unadapted 0.2 turns away.
  const topCosine = (q: Question, a: QuestionAdapter) => Math.max(...q.example.passages.map((p) => dot(p, adaptQuestion(a, q.example.question))));
  const away = questions.filter((q) => topCosine(q, identity) < ANSWER_THRESHOLD).length;
  const adaptedTops = questions.map((q) => topCosine(q, chosen.adapters[q.fold])).sort((a, b) => a - b);
  const threshold = Math.floor((away === 0 ? adaptedTops[0] : (adaptedTops[away - 1] + adaptedTops[away]) / 2) * 1000) / 1000;
  console.log(`answer threshold: unadapted ${ANSWER_THRESHOLD} turns away ${away} of ${questions.length}; adapted ${threshold}`);

  const enabled = chosen.cv.mrr >= raw.mrr + MIN_GAIN && bestFusion.cv.mrr >= bestFusion.unadapted.mrr;
  console.log(enabled ? 'adapter on' : `adapter off: vectors gain under ${MIN_GAIN} MRR or hybrid worse than unadapted in cross-validation`);
  const final = train(questions.map((q) => q.example), parseSetting(chosen.setting));
  if (values.dry) return;
  // A factored adapter is stored as its factors (d + 2·d·r numbers), expanded when read.
  const matrix = final.factored ? factoredBytes(final.factored).toString('base64') : encodeAdapter(final.adapter);
  const data = {
    command: `npm run train:ask-adapter -- --text ${values.text} --grid '${values.grid}' --weights '${values.weights}'`
      + (values['line-mix'] === '0' ? '' : ` --line-mix '${values['line-mix']}'`),
    trainedAt: new Date().toISOString().slice(0, 10),
    data: { meetings: meetings.length, questions: questions.length, sha256 },
    training: parseSetting(chosen.setting),
    crossValidated: { folds, vectors: fig(raw), adapted: fig(chosen.cv), words: fig(bestFusion.words), hybridUnadapted: fig(bestFusion.unadapted),
      hybrid: fig(bestFusion.cv) },
    enabled,
    fusion: parseWeights(bestFusion.weights),
    answerThreshold: threshold,
    embedder: base.name,
    dimensions: final.adapter.dimensions,
    ...(final.factored ? { rank: final.factored.rank } : {}),
    sha256: adapterDigest(matrix),
  };
  const json = JSON.stringify(data, null, 1);
  await writeFile(OUT, `${HEADER}export const ASK_ADAPTER = {${json.slice(1, -2)},\n "matrix":\n  '${matrix}',\n} as const satisfies AdapterFile;\n`);
  console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
}

const HEADER = `/* eslint-disable max-len */
/**
 * Ask's question adapter (core/ask/adapter.ts): written by \`npm run train:ask-adapter\` (scripts/train-ask-adapter.ts; do not edit by hand).
 * The matrix is row-major float32, little-endian, base64 (with \`rank\`: the factors s, U, V of core/ask/factored-adapter.ts instead),
 * checked against sha256 when read (once per container, retrieval.ts).
 */
import type { AdapterFile } from './adapter.js';

`;

await main();
