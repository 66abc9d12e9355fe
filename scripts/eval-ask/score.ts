/**
 * Scoring of the Ask evaluation: for each question, the rank (1-based) of the first passage overlapping its
 * evidence turns, within its meeting and across all meetings of the set; R@1, R@5 and MRR over questions.
 */
export type TurnRange = readonly [number, number];

/** Does the passage's turn range overlap one of the evidence spans (all inclusive)? */
export const overlaps = (passage: TurnRange, spans: readonly TurnRange[]): boolean =>
  spans.some(([a, b]) => passage[0] <= b && a <= passage[1]);

/** Rank (from 1) of the first hit for which `good` holds; undefined when none of the list. */
export function firstRank<T>(list: readonly T[], good: (item: T) => boolean): number | undefined {
  const i = list.findIndex(good);
  return i < 0 ? undefined : i + 1;
}

export interface Recall { readonly questions: number; readonly r1: number; readonly r5: number; readonly mrr: number }

/** R@1, R@5 and MRR (reciprocal rank counted within the first 10; 0 beyond) of a list of ranks. */
export function recall(ranks: ReadonlyArray<number | undefined>): Recall {
  const n = ranks.length || 1;
  const within = (k: number) => ranks.filter((r) => r !== undefined && r <= k).length / n;
  const mrr = ranks.reduce<number>((s, r) => s + (r !== undefined && r <= 10 ? 1 / r : 0), 0) / n;
  return { questions: ranks.length, r1: within(1), r5: within(5), mrr };
}

export const formatRecall = (label: string, r: Recall): string =>
  `${label.padEnd(24)} R@1 ${r.r1.toFixed(3)}  R@5 ${r.r5.toFixed(3)}  MRR ${r.mrr.toFixed(3)}  (${r.questions} questions)`;

/** p-th percentile (0..100) of a list of numbers; NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
