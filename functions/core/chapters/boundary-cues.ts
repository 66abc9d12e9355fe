/**
 * How a turn opens a new topic, as a meeting's chair does ("okay, next item", "moving on to", "thank you. Now…"): a small
 * logistic model over the first words of the turn, its length, whether the most talkative speaker says it and whether
 * it follows a short turn. Its log-odds, above the base rate of a boundary, is the turn's bonus in the topic-shift
 * dynamic programme (topic-shifts.ts). Weights are trained on QMSum train/ by `npm run train:chapter-cues`
 * (boundary-cues-data.ts; docs/insights.md, Chapters).
 */

export interface CueWeights {
  readonly bias: number;
  /** Per feature name (see turnFeatures): its weight. */
  readonly weights: Readonly<Record<string, number>>;
  /** The base rate of a boundary in the training turns, as log-odds. */
  readonly prior: number;
}

export interface CueTurn { readonly speaker: string; readonly text: string }

/** Words of a turn's opening that are its features. */
const OPENING_WORDS = 8;

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) ?? [];

/**
 * The features of each turn: `o:word` and `o:word_word` for its opening words, `t:word` for every word it says, `len` (log of its word count / 5),
 * `chair` (the meeting's most talkative speaker), `after_short` (the turn before had at most 3 words), `first_long`
 * (the first turn after 3 or more short ones). Each feature present has the value 1 unless given.
 */
export function turnFeatures(turns: readonly CueTurn[]): Array<Map<string, number>> {
  const said = new Map<string, number>();
  const counts = turns.map((t) => wordsOf(t.text).length);
  turns.forEach((t, i) => said.set(t.speaker, (said.get(t.speaker) ?? 0) + counts[i]));
  const chair = [...said.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return turns.map((turn, i) => {
    const features = new Map<string, number>();
    const words = wordsOf(turn.text).slice(0, OPENING_WORDS);
    words.forEach((w, j) => { features.set(`o:${w}`, 1); if (j > 0) features.set(`o:${words[j - 1]}_${w}`, 1); });
    for (const w of wordsOf(turn.text)) features.set(`t:${w}`, 1);
    features.set('len', Math.log(1 + counts[i]) / 5);
    if (turn.speaker === chair) features.set('chair', 1);
    if (i > 0 && counts[i - 1] <= 3) features.set('after_short', 1);
    if (i >= 3 && counts[i] > 3 && counts.slice(i - 3, i).every((c) => c <= 3)) features.set('first_long', 1);
    return features;
  });
}

/** Log-odds of a boundary at a turn with these features. */
export function cueLogOdds(model: CueWeights, features: ReadonlyMap<string, number>): number {
  let z = model.bias;
  for (const [name, value] of features) z += (model.weights[name] ?? 0) * value;
  return z;
}

/** Each turn's bonus for opening a chapter: `scale` × (its log-odds − the base rate's). */
export function cueBonuses(model: CueWeights, turns: readonly CueTurn[], scale: number): number[] {
  if (scale === 0) return turns.map(() => 0);
  return turnFeatures(turns).map((f) => scale * (cueLogOdds(model, f) - model.prior));
}
