/**
 * Summary bullets: 3–8 sentences chosen for coverage and not redundancy. Relevance mixes TextRank
 * centrality with the keyphrases a sentence carries; the best sentence for each leading topic is taken
 * first, then Maximal Marginal Relevance (λ = 0.7) fills up; a sentence too similar to one already chosen
 * (cosine ≥ 0.6) is never taken. Questions, fragments and sentences still holding a filler are not candidates.
 */
import { hasFiller, isBroken } from './disfluency.js';
import type { Keyphrase } from './keyphrases.js';
import { cosine, textRank, tfidf } from './similarity.js';
import { contentWords } from './text.js';

export interface SummaryOptions { readonly minPoints?: number; readonly maxPoints?: number }

const LAMBDA = 0.7;
const REDUNDANT = 0.6;
const wordCount = (text: string) => (text.match(/[\p{L}\p{N}']+/gu) ?? []).length;

/** Whether a cleaned sentence can be a summary bullet. */
export function canSummarise(text: string): boolean {
  return !/\?\s*$/.test(text) && !isBroken(text) && !hasFiller(text) && wordCount(text) >= 6 && contentWords(text).length >= 3;
}

/**
 * Indexes (into `texts`, in meeting order) of the summary sentences. `penalised`: sentences that already
 * appear elsewhere in the notes (action items, decisions), ranked lower.
 */
export function chooseSummary(texts: readonly string[], topics: readonly Keyphrase[], penalised: ReadonlySet<number>, options: SummaryOptions = {}): number[] {
  const minPoints = options.minPoints ?? 3;
  const maxPoints = options.maxPoints ?? 8;
  let pool = texts.map((_, i) => i).filter((i) => canSummarise(texts[i]!));
  if (pool.length < minPoints) {
    const fallback = texts.map((_, i) => i).filter((i) => !pool.includes(i) && !isBroken(texts[i]!) && !hasFiller(texts[i]!) && !/\?\s*$/.test(texts[i]!));
    pool = [...pool, ...fallback].sort((a, b) => a - b);
  }
  if (pool.length === 0) return [];
  const vectors = tfidf(pool.map((i) => texts[i]!));
  const ranks = textRank(vectors);
  const maxRank = Math.max(...ranks);
  const leading = topics.slice(0, 10);
  const topScore = leading[0]?.score ?? 1;
  const topicsOf = pool.map((i) => leading.filter((t) => t.sentences.includes(i)));
  const relevance = pool.map((i, p) => {
    const topic = Math.min(1, topicsOf[p]!.reduce((s, t) => s + t.score / topScore, 0));
    const words = wordCount(texts[i]!);
    const lengthFactor = words > 40 ? 0.7 : words < 8 ? 0.8 : 1;
    // A sentence opening on a pronoun leans on the one before it ("It was…"): less able to stand alone.
    const standAlone = /^(?:it|that|this|they|these|those|he|she|which)\b/i.test(texts[i]!) ? 0.8 : 1;
    return (0.5 * (ranks[p]! / maxRank) + 0.5 * topic) * lengthFactor * standAlone * (penalised.has(i) ? 0.6 : 1);
  });
  const wanted = Math.min(pool.length, Math.max(minPoints, Math.min(maxPoints, Math.round(pool.length / 4))));
  const chosen: number[] = [];
  const mmr = (p: number) => LAMBDA * relevance[p]! - (1 - LAMBDA) * Math.max(0, ...chosen.map((c) => cosine(vectors[p]!, vectors[c]!)));
  const admissible = (p: number) => !chosen.includes(p) && chosen.every((c) => cosine(vectors[p]!, vectors[c]!) < REDUNDANT);
  const best = (candidates: number[]) => candidates.filter(admissible).sort((a, b) => mmr(b) - mmr(a) || a - b)[0];
  // One bullet per leading topic first, then the most relevant remaining sentences.
  for (const topic of leading.slice(0, wanted)) {
    if (chosen.length >= wanted) break;
    if (chosen.some((c) => topicsOf[c]!.includes(topic))) continue;
    const pick = best(pool.map((_, p) => p).filter((p) => topicsOf[p]!.includes(topic)));
    if (pick !== undefined) chosen.push(pick);
  }
  while (chosen.length < wanted) {
    const pick = best(pool.map((_, p) => p));
    if (pick === undefined) break;
    chosen.push(pick);
  }
  return chosen.map((p) => pool[p]!).sort((a, b) => a - b);
}
