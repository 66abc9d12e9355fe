import { contentWords } from '../notes/text.js';
import type { FusedPassage } from './fusion.js';
import { passageKey, type PassageDoc, type ScoredPassage } from './model.js';

/**
 * Features of a (question, candidate passage) pair for the learned reranker (rank-model.ts): what the two
 * rankings and their fusion gave the passage, normalised within the question, and what its words share with
 * the question's terms. Computed from what the passage index returns (documents, BM25 scores, cosines to the
 * passage's mean vector), so the product and `eval:ask` rank with the same numbers.
 */
export const RANK_FEATURES = [
  'words', 'wordsRank', 'inWords', 'cosine', 'cosineGap', 'vectorsRank', 'fused', 'fusedRank',
  'coverage', 'lineCoverage', 'proximity', 'speaker', 'neighbours', 'neighbourWords', 'neighbourCoverage', 'length',
] as const;
export type RankFeature = (typeof RANK_FEATURES)[number];

/** Tokens within which question terms count as close together (the `proximity` feature). */
export const PROXIMITY_WINDOW = 20;

export interface RankingLists {
  readonly words: readonly ScoredPassage[];
  readonly vectors: readonly ScoredPassage[];
  readonly fused: readonly FusedPassage[];
}

/** A passage's terms, per line, and its speakers' name terms. */
interface PassageTerms { readonly lines: string[][]; readonly speakers: string[][]; readonly all: string[] }

const termsOf = (p: PassageDoc): PassageTerms => {
  const lines = p.lines.map((l) => contentWords(l.text));
  return { lines, speakers: p.lines.map((l) => contentWords(l.speaker)), all: lines.flat() };
};

/** IDF of each question term among the candidates (a term in every candidate weighs little): log((n + 1) / (df + 0.5)). */
function localIdf(terms: readonly string[], candidates: readonly PassageTerms[]): Map<string, number> {
  const sets = candidates.map((c) => new Set(c.all));
  return new Map(terms.map((t) => [t, Math.log((candidates.length + 1) / (sets.filter((s) => s.has(t)).length + 0.5))]));
}

/** IDF-weighted share of the question's terms found in `tokens` (each once). */
function coverage(tokens: Iterable<string>, idf: ReadonlyMap<string, number>, total: number): number {
  if (total <= 0) return 0;
  const seen = new Set(tokens);
  let sum = 0;
  for (const [t, w] of idf) if (seen.has(t)) sum += w;
  return sum / total;
}

/** Best coverage of any run of `window` consecutive tokens: question terms said close together. */
function proximity(tokens: readonly string[], idf: ReadonlyMap<string, number>, total: number, window = PROXIMITY_WINDOW): number {
  if (total <= 0 || tokens.length === 0) return 0;
  const counts = new Map<string, number>();
  let sum = 0;
  let best = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i];
    if (idf.has(t)) {
      const n = counts.get(t) ?? 0;
      if (n === 0) sum += idf.get(t)!;
      counts.set(t, n + 1);
    }
    const out = i - window;
    if (out >= 0 && idf.has(tokens[out])) {
      const n = counts.get(tokens[out])! - 1;
      counts.set(tokens[out], n);
      if (n === 0) sum -= idf.get(tokens[out])!;
    }
    best = Math.max(best, sum);
  }
  return best / total;
}

const logRank = (rank: number | undefined, depth: number): number => Math.log2(1 + (rank ?? depth + 1));

/**
 * One feature row per candidate (in `candidates` order), RANK_FEATURES order. `candidates` are the head of
 * `lists.fused`; `terms` the question's terms (terms.ts questionTerms).
 */
export function rankFeatures(terms: readonly string[], lists: RankingLists, candidates: readonly FusedPassage[]): number[][] {
  const wordRank = new Map(lists.words.map((h, i) => [passageKey(h.passage), { rank: i + 1, score: h.score }]));
  const vectorRank = new Map(lists.vectors.map((h, i) => [passageKey(h.passage), { rank: i + 1, score: h.score }]));
  const fusedScore = new Map(lists.fused.map((h) => [passageKey(h.passage), h.score]));
  const topWords = lists.words[0]?.score || 1;
  const topCosine = lists.vectors[0]?.score ?? 0;
  const lowCosine = lists.vectors.at(-1)?.score ?? 0;
  const topFused = lists.fused[0]?.score || 1;
  const depth = Math.max(lists.words.length, lists.vectors.length);
  const passageTerms = candidates.map((c) => termsOf(c.passage));
  const idf = localIdf(terms, passageTerms);
  const total = [...idf.values()].reduce((s, w) => s + w, 0);
  const questionTerms = new Set(terms);
  const docs = new Map(lists.fused.map((h) => [passageKey(h.passage), h.passage]));
  const termCache = new Map(candidates.map((c, i) => [passageKey(c.passage), passageTerms[i]]));
  const termsAt = (key: string): PassageTerms | undefined => {
    if (!termCache.has(key) && docs.has(key)) termCache.set(key, termsOf(docs.get(key)!));
    return termCache.get(key);
  };
  return candidates.map((c, i) => {
    const key = passageKey(c.passage);
    const w = wordRank.get(key);
    const v = vectorRank.get(key);
    const pt = passageTerms[i];
    const cosine = v?.score ?? lowCosine;
    const named = pt.speakers.filter((s) => s.some((t) => questionTerms.has(t))).length;
    const near = (delta: number) => passageKey({ ...c.passage, position: c.passage.position + delta });
    const neighbour = (delta: number) => fusedScore.get(near(delta)) ?? 0;
    const neighbourCoverage = (delta: number) => { const t = termsAt(near(delta)); return t ? coverage(t.all, idf, total) : 0; };
    const row: Record<RankFeature, number> = {
      words: (w?.score ?? 0) / topWords,
      wordsRank: logRank(w?.rank, depth),
      inWords: w ? 1 : 0,
      cosine,
      cosineGap: cosine - topCosine,
      vectorsRank: logRank(v?.rank, depth),
      fused: c.score / topFused,
      fusedRank: logRank(i + 1, depth),
      coverage: coverage(pt.all, idf, total),
      lineCoverage: Math.max(0, ...pt.lines.map((l) => coverage(l, idf, total))),
      proximity: proximity(pt.all, idf, total),
      speaker: pt.speakers.length > 0 ? named / pt.speakers.length : 0,
      neighbours: (neighbour(-1) + neighbour(1)) / (2 * topFused),
      neighbourWords: ((wordRank.get(near(-1))?.score ?? 0) + (wordRank.get(near(1))?.score ?? 0)) / (2 * topWords),
      neighbourCoverage: Math.max(neighbourCoverage(-1), neighbourCoverage(1)),
      length: Math.log1p(pt.all.length),
    };
    return RANK_FEATURES.map((f) => row[f]);
  });
}
