/**
 * Where the notes model's items turn into suggestions (issue 27 item 6): from the held-out items of the
 * cross-validation, each with its score and whether the reference scorer matched it, the score under which an item
 * is shown to the host as a suggestion to keep or drop rather than as a note.
 */
export interface ItemOutcome { readonly confidence: number; readonly right: boolean }

/** The band of held-out items under a cut must be at most this share as precise as the items at or over it. */
const MUCH_WORSE = 0.5;
const CANDIDATE_QUANTILES = [0.5, 0.25] as const;
const MIN_ITEMS_UNDER = 10;

const precision = (items: readonly ItemOutcome[]) => (items.length === 0 ? 0 : items.filter((i) => i.right).length / items.length);

/**
 * The highest candidate cut (the median, then the lower quartile of the held-out scores) under which the items are
 * much less precise than over it; undefined when no band is (then nothing is drafted as a suggestion).
 */
export function suggestionCut(outcomes: readonly ItemOutcome[]): number | undefined {
  const sorted = [...outcomes].sort((a, b) => a.confidence - b.confidence);
  for (const q of CANDIDATE_QUANTILES) {
    const cut = sorted[Math.floor(q * sorted.length)]?.confidence;
    if (cut === undefined) continue;
    const under = sorted.filter((o) => o.confidence < cut);
    const over = sorted.filter((o) => o.confidence >= cut);
    if (under.length >= MIN_ITEMS_UNDER && precision(under) <= MUCH_WORSE * precision(over)) return cut;
  }
  return undefined;
}

/** Held-out precision by quartile of score, for the training log: "0.90–0.93: 4/40 (10 %)". */
export function precisionByQuartile(outcomes: readonly ItemOutcome[]): string[] {
  const sorted = [...outcomes].sort((a, b) => a.confidence - b.confidence);
  const lines: string[] = [];
  for (let q = 0; q < 4; q++) {
    const band = sorted.slice(Math.floor((q * sorted.length) / 4), Math.floor(((q + 1) * sorted.length) / 4));
    if (band.length === 0) continue;
    const right = band.filter((o) => o.right).length;
    lines.push(`${band[0]!.confidence.toFixed(3)}–${band.at(-1)!.confidence.toFixed(3)}: ${right}/${band.length} (${Math.round((100 * right) / band.length)} %)`);
  }
  return lines;
}
