/**
 * Where the notes model's items turn into suggestions (issue 27 item 6): from the held-out items of the
 * cross-validation, each with its score and whether the reference scorer matched it, the score under which an item
 * is shown to the host as a suggestion to keep or drop rather than as a note.
 */
export interface ItemOutcome { readonly confidence: number; readonly right: boolean }

/** An item is a note when the held-out items scoring at least as high were right this often; under that, a suggestion. */
export const NOTE_PRECISION = 0.4;
/** The fewest held-out items a cut may rest on. */
const MIN_ITEMS = 10;
/** A cut above every score: all items are suggestions. */
export const ALL_SUGGESTED = 1.01;

/**
 * The lowest score whose held-out items at or over it are at least NOTE_PRECISION right (over at least MIN_ITEMS
 * items); ALL_SUGGESTED when no such score exists, and undefined when there are too few items to tell.
 */
export function suggestionCut(outcomes: readonly ItemOutcome[], notePrecision = NOTE_PRECISION): number | undefined {
  if (outcomes.length < MIN_ITEMS) return undefined;
  const sorted = [...outcomes].sort((a, b) => b.confidence - a.confidence);
  let cut = ALL_SUGGESTED;
  let right = 0;
  for (let i = 0; i < sorted.length; i++) {
    right += sorted[i]!.right ? 1 : 0;
    const tiedWithNext = i + 1 < sorted.length && sorted[i + 1]!.confidence === sorted[i]!.confidence;
    if (!tiedWithNext && i + 1 >= MIN_ITEMS && right / (i + 1) >= notePrecision) cut = sorted[i]!.confidence;
  }
  return cut;
}

/** Held-out precision by quartile of score, for the training log: "0.90–0.93: 4/40 (10 %)". */
export function precisionByQuartile(outcomes: readonly ItemOutcome[]): string[] {
  const sorted = [...outcomes].sort((a, b) => a.confidence - b.confidence);
  const lines: string[] = [];
  for (let q = 0; q < 4; q++) {
    const band = sorted.slice(Math.floor((q * sorted.length) / 4), Math.floor(((q + 1) * sorted.length) / 4));
    if (band.length === 0) continue;
    const right = band.filter((o) => o.right).length;
    const range = `${band[0]!.confidence.toFixed(3)}–${band.at(-1)!.confidence.toFixed(3)}`;
    lines.push(`${range}: ${right}/${band.length} (${Math.round((100 * right) / band.length)} %)`);
  }
  return lines;
}
