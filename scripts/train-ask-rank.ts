/**
 * Trains Ask's reranker (issue 29) on QMSum-format meetings: `npm run train:ask-rank -- [--text DIR] [--cache DIR] [--folds 5]
 * [--line-cosine] [--dry]`.
 *
 * 1. Question words: learned from the folder's questions and passages (core/ask/question-words.ts; no relevance labels).
 * 2. Each meeting indexed as eval:ask --direct indexes it (only meetings whose turn vectors are already cached under --cache,
 *    default $TMPDIR/meetscribe-eval-ask, unless --embed), every question ranked within its meeting by BM25, vectors and
 *    their fusion (core/ask/retrieval.ts, no reranker); the fused list's first RERANK_DEPTH passages are the candidates,
 *    relevant when they overlap the question's evidence.
 * 3. Cross-validation by meeting (meetings in file-name order, fold = index mod --folds): R@1, R@5, MRR of the first relevant
 *    distinct passage, within the meeting, for BM25, vectors, fused and reranked on the held-out folds.
 * 4. The reranker trained on every meeting, written with the command, data hash, date and CV figures to
 *    functions/core/ask/rank-model-data.ts (unless --dry).
 *
 * --line-cosine adds an experimental feature the index does not hold (the best cosine between the question and one line
 * of the passage, from the cached line vectors) and reports its CV only; it is never written.
 */
import { createHash } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { useLiteEmbedder } from '../functions/adapters/embeddings/use-lite.js';
import type { SentenceEmbedder } from '../functions/core/embeddings/model.js';
import { distinctPassages } from '../functions/core/ask/ask.js';
import type { FusedPassage } from '../functions/core/ask/fusion.js';
import { passageText, type PassageDoc } from '../functions/core/ask/model.js';
import { speechPassages } from '../functions/core/ask/passages.js';
import { learnQuestionWords, QUESTION_WORD_RULE } from '../functions/core/ask/question-words.js';
import { RANK_FEATURES, rankFeatures } from '../functions/core/ask/rank-features.js';
import { rankOrder, trainRanker, type LinearRanker, type RankGroup } from '../functions/core/ask/rank-model.js';
import { ADAPTER, rankPassages, type Rankings } from '../functions/core/ask/retrieval.js';
import { BASE_QUESTION_WORDS, questionTerms } from '../functions/core/ask/terms.js';
import { directIndex, timedTurns } from './eval-ask/direct.js';
import { cachedFile, cachedVectors } from './eval-ask/embedding-cache.js';
import { readMeetings, type EvalMeeting } from './eval-ask/qmsum.js';
import { firstRank, formatRecall, overlaps, recall, type Recall, type TurnRange } from './eval-ask/score.js';

const { values } = parseArgs({ options: {
  text: { type: 'string', default: '../shared/data/meetings-text/qmsum/train' }, cache: { type: 'string' }, folds: { type: 'string', default: '5' },
  'line-cosine': { type: 'boolean', default: false }, dry: { type: 'boolean', default: false }, embed: { type: 'boolean', default: false },
} });

/** Candidates the reranker may reorder (the head of the fused list): features are made for the first RERANK_DEPTH, depths tried in CV. */
const RERANK_DEPTH = 30;
const RERANK_DEPTHS = [5, 10, 30];
/** Cross-validated MRR gain over the fused list below which the reranker stays off (depth 0). */
const MIN_GAIN = 0.005;
const OUT = path.resolve('functions/core/ask/rank-model-data.ts');
const cacheDir = values.cache ?? path.join(os.tmpdir(), 'meetscribe-eval-ask');
const seen = new Map<string, Promise<Float32Array[]>>();
const embedder = memoised(useLiteEmbedder());

/** The embedder with each distinct single text (a question) embedded once per run (or read from the cache, `seen`). */
function memoised(e: SentenceEmbedder): SentenceEmbedder {
  return { ...e, embed: (texts) => {
    if (texts.length !== 1) return e.embed(texts);
    let v = seen.get(texts[0]);
    if (!v) seen.set(texts[0], (v = e.embed(texts)));
    return v;
  } };
}
const cos = (a: Float32Array, b: Float32Array) => {
  let dot = 0; let na = 0; let nb = 0;
  for (let i = 0; i < a.length; i += 1) { dot += a[i] * b[i]; na += a[i] * a[i]; nb += b[i] * b[i]; }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
};

interface Question {
  readonly meeting: string;
  readonly rankings: Rankings;
  readonly terms: string[];
  readonly candidates: FusedPassage[];
  readonly rows: number[][];
  readonly relevant: boolean[];
  readonly good: (p: PassageDoc) => boolean;
}

/** The folder's meetings whose turn vectors are cached (all with --embed), and a hash of their files. */
async function trainingMeetings(): Promise<{ meetings: EvalMeeting[]; questionCount: number; sha256: string }> {
  const all = await readMeetings(values.text!);
  const meetings: EvalMeeting[] = [];
  for (const m of all) {
    const file = cachedFile(cacheDir, m.id, m.turns.map((t) => t.text), embedder);
    if (values.embed || await stat(file).then(() => true, () => false)) meetings.push(m);
  }
  const questionCount = meetings.reduce((s, m) => s + m.questions.length, 0);
  console.log(`${meetings.length} of ${all.length} meetings (turn vectors cached), ${questionCount} questions from ${values.text}`);
  const dataHash = createHash('sha256');
  for (const m of meetings) dataHash.update(m.id).update(await readFile(path.join(values.text!, `${m.id}.json`)));
  return { meetings, questionCount, sha256: dataHash.digest('hex').slice(0, 16) };
}

async function main() {
  refuseWithAdapter();
  const { meetings, questionCount, sha256 } = await trainingMeetings();

  const questions = meetings.flatMap((m) => m.questions.map((q) => q.query));
  const passages = meetings.flatMap((m) => speechPassages(m.id, timedTurns(m.turns)).map((p) => passageText(p)));
  const learned = learnQuestionWords(questions, passages);
  const rule = `${QUESTION_WORD_RULE.minShare} of questions, ${QUESTION_WORD_RULE.ratio}× their share of passages`;
  console.log(`learned question words (${rule}): ${learned.join(' ')}`);
  const dropped = new Set([...BASE_QUESTION_WORDS, ...learned]);

  await primeQuestionVectors(meetings);
  const { passages: index, turnVectors, dispose } = await directIndex(meetings, embedder, { windowing: { window: 12, stride: 6 }, cacheDir });
  const ask = async (m: EvalMeeting, words: ReadonlySet<string>) => {
    const out: Question[] = [];
    for (const q of m.questions) {
      const rankings = await rankPassages({ passages: index, embedder }, q.query, [m.id], { reranker: null, questionWords: words });
      const terms = questionTerms(q.query, words);
      const candidates = rankings.fused.slice(0, RERANK_DEPTH);
      const good = (p: PassageDoc) => overlaps([p.firstTurn, p.lastTurn], q.spans as readonly TurnRange[]);
      let rows = rankFeatures(terms, rankings, candidates);
      if (values['line-cosine']) {
        const [qv] = await embedder.embed([q.query]);
        const lines = turnVectors.get(m.id)!;
        rows = rows.map((row, i) => {
          const p = candidates[i].passage;
          let best = -1;
          for (let t = p.firstTurn; t <= p.lastTurn; t += 1) if (m.turns[t].text) best = Math.max(best, cos(lines[t], qv));
          return [...row, best];
        });
      }
      out.push({ meeting: m.id, rankings, terms, candidates, rows, relevant: candidates.map((c) => good(c.passage)), good });
    }
    return out;
  };
  try {
    const base: Question[] = [];
    const withLearned: Question[] = [];
    for (const m of meetings) {
      base.push(...await ask(m, BASE_QUESTION_WORDS));
      withLearned.push(...await ask(m, dropped));
    }
    const rank = (list: ReadonlyArray<{ passage: PassageDoc }>, good: Question['good']) => firstRank(distinctPassages(list.map((h) => h.passage), 10), good);
    const report = (label: string, ranks: Array<number | undefined>): Recall => {
      const r = recall(ranks);
      console.log(formatRecall(label, r));
      return r;
    };
    console.log('== within meeting, every train question (no reranker)');
    for (const [label, qs] of [['written question words', base], ['+ learned question words', withLearned]] as const) {
      for (const name of ['words', 'vectors', 'fused'] as const) {
        report(`${name} (${label})`, qs.map((q) => rank(q.rankings[name], q.good)));
      }
    }

    const features = values['line-cosine'] ? [...RANK_FEATURES, 'lineCosine'] : [...RANK_FEATURES];
    const { folds, cvFused, best, depth } = crossValidate(meetings, withLearned, features, rank, report);
    const final = trainRanker(features, withLearned.map((q) => head(q, best.depth)));
    console.log(`weights (standardised features, top ${best.depth}):`);
    final.features.forEach((f, j) => console.log(`  ${f.padEnd(17)} ${final.weights[j].toFixed(3)}`));
    if (values.dry || values['line-cosine']) return;
    const fig = (r: Recall) => ({ r1: round(r.r1), r5: round(r.r5), mrr: round(r.mrr), questions: r.questions });
    const data = {
      command: `npm run train:ask-rank -- --text ${values.text}${values.folds === '5' ? '' : ` --folds ${values.folds}`}`,
      trainedAt: new Date().toISOString().slice(0, 10),
      data: { meetings: meetings.length, questions: questionCount, sha256 },
      crossValidated: { folds, fused: fig(cvFused), reranked: fig(best.cv), depth: best.depth },
      depth,
      questionWords: learned,
      ranker: final,
    };
    await writeFile(OUT, `${HEADER}export const ASK_RANK_MODEL = ${JSON.stringify(data, null, 1)} as const satisfies RankModelFile;\n`);
    console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
  } finally {
    await dispose();
  }
}


/**
 * The question adapter's cosines on the meetings it was trained on are in-sample (train CV vectors R@1 0.44, in-sample 0.73): a
 * reranker trained on them would trust the vectors far more than they deserve on new meetings.
 */
function refuseWithAdapter() {
  if (!ADAPTER) return;
  throw new Error('The question adapter (adapter-data.ts) is on and was trained on these meetings, so its cosines here are in-sample; ' +
    'training the reranker needs held-out adapters per fold (not built). Switch the adapter off (enabled: false) to train the reranker.');
}

/** The questions' vectors from the cache (`{meeting}.questions.{hash}.f32`), else embedded and cached, for the memoised embedder. */
async function primeQuestionVectors(meetings: readonly EvalMeeting[]) {
  for (const m of meetings) {
    const queries = m.questions.map((q) => q.query);
    const vectors = await cachedVectors(cacheDir, `${m.id}.questions`, queries, embedder);
    queries.forEach((q, i) => seen.set(q, Promise.resolve([vectors[i]])));
  }
}

type Ranker = (list: ReadonlyArray<{ passage: PassageDoc }>, good: Question['good']) => number | undefined;

/** The fused list and the reranker at each depth, cross-validated by meeting; the depth to use (0: off). */
function crossValidate(meetings: readonly EvalMeeting[], withLearned: readonly Question[], features: readonly string[], rank: Ranker,
  report: (label: string, ranks: Array<number | undefined>) => Recall) {
  const folds = Number(values.folds);
  const foldOf = new Map(meetings.map((m, i) => [m.id, i % folds]));
  const reranked = (model: LinearRanker, q: Question, depth: number) => {
    const order = rankOrder(model, q.rows.slice(0, depth));
    return [...order.map((i) => q.candidates[i]), ...q.rankings.fused.slice(depth)];
  };
  console.log(`== cross-validated by meeting (${folds} folds), held-out folds, within meeting`);
  const cvFused = report('fused', withLearned.map((q) => rank(q.rankings.fused, q.good)));
  let best: { depth: number; cv: Recall } | undefined;
  for (const depth of RERANK_DEPTHS) {
    const ranks: Array<number | undefined> = [];
    for (let f = 0; f < folds; f += 1) {
      const model = trainRanker(features, withLearned.filter((q) => foldOf.get(q.meeting) !== f).map((q) => head(q, depth)));
      for (const q of withLearned.filter((x) => foldOf.get(x.meeting) === f)) ranks.push(rank(reranked(model, q, depth), q.good));
    }
    const cv = report(`reranked top ${depth}${values['line-cosine'] ? ' (+ line cosine)' : ''}`, ranks);
    if (!best || cv.mrr > best.cv.mrr) best = { depth, cv };
  }
  // The reranker is used only when it beats the fused list on held-out meetings by more than noise.
  const chosen = best!;
  const depth = chosen.cv.mrr >= cvFused.mrr + MIN_GAIN ? chosen.depth : 0;
  console.log(depth ? `reranker on: top ${depth}` : `reranker off: no depth gains ${MIN_GAIN} MRR over fused in cross-validation`);
  return { folds, cvFused, best: chosen, depth };
}

const head = (q: Question, depth: number): RankGroup => ({ rows: q.rows.slice(0, depth), relevant: q.relevant.slice(0, depth) });

const round = (n: number) => Math.round(n * 1000) / 1000;

const HEADER = `/**
 * Ask's learned reranker and question words: written by \`npm run train:ask-rank\` (scripts/train-ask-rank.ts; do not edit by hand).
 * A JSON object as a module, so it is bundled with the code that ranks and read once per container.
 */
import type { RankModelFile } from './rank-model.js';

`;

await main();
