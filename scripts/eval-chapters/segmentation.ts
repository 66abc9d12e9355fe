/**
 * Segmentation figures of eval:chapters. A segmentation of n turns is given by its boundaries: the turns
 * (1..n-1) where a new segment begins.
 *
 * Pk (Beeferman et al. 1999): the share of turn pairs k apart that one segmentation puts in the same segment and the
 * other does not. WindowDiff (Pevzner & Hearst 2002): the share of windows of k turns in which the two segmentations
 * count a different number of boundaries. k is half the mean reference segment length. Lower is better; both 0..1.
 */

/** Segment index of every turn. */
function labels(n: number, boundaries: readonly number[]): number[] {
  const set = new Set(boundaries);
  const out: number[] = [];
  let segment = 0;
  for (let i = 0; i < n; i += 1) { if (set.has(i)) segment += 1; out.push(segment); }
  return out;
}

/** Half the mean segment length of the reference, at least 2 turns. */
export function windowSize(n: number, reference: readonly number[]): number {
  return Math.max(2, Math.round(n / (reference.length + 1) / 2));
}

export function pk(n: number, reference: readonly number[], hypothesis: readonly number[], k = windowSize(n, reference)): number {
  const ref = labels(n, reference); const hyp = labels(n, hypothesis);
  let errors = 0; let count = 0;
  for (let i = 0; i + k < n; i += 1, count += 1) if ((ref[i] === ref[i + k]) !== (hyp[i] === hyp[i + k])) errors += 1;
  return count ? errors / count : 0;
}

export function windowDiff(n: number, reference: readonly number[], hypothesis: readonly number[], k = windowSize(n, reference)): number {
  const ref = labels(n, reference); const hyp = labels(n, hypothesis);
  let errors = 0; let count = 0;
  for (let i = 0; i + k < n; i += 1, count += 1) if (ref[i + k] - ref[i] !== hyp[i + k] - hyp[i]) errors += 1;
  return count ? errors / count : 0;
}

/** `count` boundaries spread evenly over n turns (the baseline). */
export function evenBoundaries(n: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.round(((i + 1) * n) / (count + 1))).filter((b) => b > 0 && b < n);
}

export interface QmsumTopic { readonly topic: string; readonly relevant_text_span: ReadonlyArray<readonly [string, string]> }

/**
 * The reference boundaries of a QMSum meeting: every turn where a topic span begins whose topic differs from the
 * topic of the turn before (turns outside every span belong to the topic before them; those before the first, to the first).
 */
export function topicBoundaries(n: number, topics: readonly QmsumTopic[]): number[] {
  const topicOf: Array<number | undefined> = new Array(n).fill(undefined);
  topics.forEach((t, index) => {
    for (const [from, to] of t.relevant_text_span) for (let i = Number(from); i <= Math.min(n - 1, Number(to)); i += 1) topicOf[i] ??= index;
  });
  const boundaries: number[] = [];
  let current = topicOf.find((t) => t !== undefined);
  for (let i = 1; i < n; i += 1) {
    const t = topicOf[i];
    if (t !== undefined && t !== current) { boundaries.push(i); current = t; }
  }
  return boundaries;
}
