/**
 * `eval:ask --direct`: the retrieval core run straight on a folder's turns, no local edition. Each meeting's
 * turns become passages (core/ask/passages.ts) with the vectors the product gives them (turn vectors from the
 * product's embedder, cached on disk, averaged per passage) in an embedded passage index in a temporary
 * folder; questions are ranked by core/ask/retrieval.ts. Fast enough to tune window, stride and fusion.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { BM25Params } from 'minisearch';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedPassageIndex } from '../../functions/adapters/passage-index/embedded.js';
import { answers, distinctPassages } from '../../functions/core/ask/ask.js';
import type { FusionWeights } from '../../functions/core/ask/fusion.js';
import type { PassageDoc, PassageIndex } from '../../functions/core/ask/model.js';
import { speechPassages, type TimedTurn, type Windowing } from '../../functions/core/ask/passages.js';
import { rankPassages } from '../../functions/core/ask/retrieval.js';
import { withTurnVectors } from '../../functions/core/ask/vectors.js';
import type { SentenceEmbedder } from '../../functions/core/embeddings/model.js';
import { cachedVectors } from './embedding-cache.js';
import type { EvalMeeting, EvalTurn } from './qmsum.js';

/** The rankings POST search/ask/ offers (`retrieval`); the direct run also prints `fused` (before the reranker). */
export const RANKINGS = ['words', 'vectors', 'hybrid'] as const;
export const DIRECT_RANKINGS = ['words', 'vectors', 'fused', 'hybrid'] as const;
export type RankingName = (typeof DIRECT_RANKINGS)[number];

/** What one question got: per ranking, the top passages (distinct) within its meeting and across the set, and the time. */
export interface Asked {
  readonly within: Partial<Record<RankingName, PassageDoc[]>>;
  readonly across: Partial<Record<RankingName, PassageDoc[]>>;
  readonly ms: number;
  readonly topCosine: number;
}

/** Turns with times as the transcript import gives turns without any: back to back, 0.4 s a word (150 words a minute). */
export function timedTurns(turns: readonly EvalTurn[]): TimedTurn[] {
  let at = 0;
  return turns.map((t) => {
    const start = at;
    at += Math.max(1, t.text.split(' ').length) * 0.4;
    return { speaker: t.speaker, text: t.text, start, end: at };
  });
}

export interface DirectOptions { readonly windowing: Windowing; readonly weights: FusionWeights; readonly cacheDir: string; readonly top: number;
  readonly bm25?: BM25Params }

/**
 * The meetings' passages in an embedded passage index in a fresh temporary folder (removed by `dispose`), with
 * each meeting's turn vectors (from the cache, else embedded and cached).
 */
export async function directIndex(meetings: readonly EvalMeeting[], embedder: SentenceEmbedder, o: Pick<DirectOptions, 'windowing' | 'cacheDir' | 'bm25'>):
  Promise<{ passages: PassageIndex; turnVectors: Map<string, Float32Array[]>; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eval-ask-'));
  const passages = openEmbeddedPassageIndex(dir, o.bm25);
  const turnVectors = new Map<string, Float32Array[]>();
  for (const m of meetings) {
    const vectors = await cachedVectors(o.cacheDir, m.id, m.turns.map((t) => t.text), embedder);
    turnVectors.set(m.id, vectors);
    await passages.replacePassages(m.id, 'speech', withTurnVectors(speechPassages(m.id, timedTurns(m.turns), o.windowing), vectors));
  }
  return { passages, turnVectors, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Indexes every meeting and asks each of its questions within it and across the set, ranked as the product ranks
 * (core/ask/retrieval.ts) and answered as it answers: a question below the answer threshold (ask.ts `answers`)
 * gets no passages, as POST search/ask/ gives none.
 */
export async function runDirect(meetings: readonly EvalMeeting[], embedder: SentenceEmbedder, o: DirectOptions): Promise<Map<string, Asked[]>> {
  const { passages, dispose } = await directIndex(meetings, embedder, o);
  try {
    const all = meetings.map((m) => m.id);
    const results = new Map<string, Asked[]>();
    for (const m of meetings) {
      const asked: Asked[] = [];
      for (const q of m.questions) {
        const started = performance.now();
        const within = await rankPassages({ passages, embedder }, q.query, [m.id], { weights: o.weights });
        const ms = performance.now() - started;
        const across = await rankPassages({ passages, embedder }, q.query, all, { weights: o.weights });
        const top = (r: typeof within) => Object.fromEntries(DIRECT_RANKINGS.map((name) =>
          [name, answers(r) ? distinctPassages((r[name] as ReadonlyArray<{ passage: PassageDoc }>).map((h) => h.passage), o.top) : []]));
        asked.push({ within: top(within), across: top(across), ms, topCosine: within.vectors[0]?.score ?? 0 });
      }
      results.set(m.id, asked);
    }
    return results;
  } finally {
    await dispose();
  }
}
