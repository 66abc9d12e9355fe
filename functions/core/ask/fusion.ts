import { passageKey, type PassageDoc, type ScoredPassage } from './model.js';

/** A passage ranked by both retrievers: its fused score and what each gave it (undefined: not in its list). */
export interface FusedPassage {
  readonly passage: PassageDoc;
  readonly score: number;
  readonly words?: number;
  readonly vector?: number;
}

export interface FusionWeights {
  /** Weight of the BM25 ranking and of the vector ranking. */
  readonly words: number;
  readonly vectors: number;
  /** Reciprocal-rank constant: larger flattens the head of each list. */
  readonly k: number;
  /**
   * Share of the two adjacent passages' fused scores (same meeting and kind, position ± 1) added to a passage's own:
   * an answer spoken over several passages lifts each of them. @default 0
   */
  readonly neighbours?: number;
  /** Weight of the feedback ranking (BM25 of the question's terms and the feedback terms, retrieval.ts). @default 0 */
  readonly feedback?: number;
}

/**
 * Weighted reciprocal-rank fusion: score = Σ weight / (k + rank) over the two rankings (rank from 1).
 * Rank-based, so BM25 scores and cosines need no common scale. Ties keep the BM25 order. An optional third ranking
 * (`feedback`, weighted by `weights.feedback`) adds to the scores the same way.
 */
export function fuse(words: readonly ScoredPassage[], vectors: readonly ScoredPassage[], weights: FusionWeights,
  feedback: readonly ScoredPassage[] = []): FusedPassage[] {
  const fused = new Map<string, { passage: PassageDoc; score: number; words?: number; vector?: number; order: number }>();
  const add = (list: readonly ScoredPassage[], weight: number, field?: 'words' | 'vector') => list.forEach((hit, i) => {
    const key = passageKey(hit.passage);
    const entry = fused.get(key) ?? { passage: hit.passage, score: 0, order: fused.size };
    entry.score += weight / (weights.k + i + 1);
    if (field) entry[field] = hit.score;
    fused.set(key, entry);
  });
  add(words, weights.words, 'words');
  add(vectors, weights.vectors, 'vector');
  if ((weights.feedback ?? 0) > 0) add(feedback, weights.feedback!);
  const share = weights.neighbours ?? 0;
  if (share > 0) {
    const own = new Map([...fused].map(([key, e]) => [key, e.score]));
    const at = (p: PassageDoc, delta: number) => own.get(passageKey({ ...p, position: p.position + delta })) ?? 0;
    for (const e of fused.values()) e.score += share * (at(e.passage, -1) + at(e.passage, 1));
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ passage, score, words: w, vector }) => ({ passage, score, words: w, vector }));
}
