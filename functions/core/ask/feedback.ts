import type { ScoredPassage } from './model.js';
import { passageTerms } from './terms.js';

/**
 * Pseudo-relevance feedback for the words (RM3-like, issue 29): the terms most shared by the question's first BM25
 * passages, added to its terms for a second BM25 ranking that fusion weighs (`weights.feedback`, fusion.ts) beside
 * the first. BM25's idf keeps a common feedback term from counting much.
 */
export interface FeedbackOptions {
  /** First BM25 passages read. */
  readonly passages: number;
  /** Feedback terms added. */
  readonly terms: number;
  /** A feedback term is in at least this many of those passages. */
  readonly minPassages: number;
}

export const FEEDBACK: FeedbackOptions = { passages: 3, terms: 5, minPassages: 2 };

/**
 * The feedback terms: not among the question's, in at least `minPassages` of the first `passages` BM25 passages, the
 * ones in most of them first, then the most frequent there, then alphabetical (deterministic).
 */
export function feedbackTerms(questionTerms: readonly string[], words: readonly ScoredPassage[], o: FeedbackOptions = FEEDBACK): string[] {
  const asked = new Set(questionTerms);
  const seen = new Map<string, { passages: number; count: number }>();
  for (const hit of words.slice(0, o.passages)) {
    const terms = hit.passage.lines.flatMap((l) => passageTerms(`${l.text}`));
    const counts = new Map<string, number>();
    for (const t of terms) if (!asked.has(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [t, n] of counts) {
      const s = seen.get(t) ?? { passages: 0, count: 0 };
      seen.set(t, { passages: s.passages + 1, count: s.count + n });
    }
  }
  return [...seen].filter(([, s]) => s.passages >= o.minPassages)
    .sort(([a, x], [b, y]) => y.passages - x.passages || y.count - x.count || a.localeCompare(b))
    .slice(0, o.terms).map(([t]) => t);
}
