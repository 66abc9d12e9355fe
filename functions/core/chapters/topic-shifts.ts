/**
 * Topic shifts in a transcript by lexical cohesion: a meeting stays on a topic while it keeps using the same words.
 * The turns are cut into a number of segments (one per `wordsPerChapter` content words) so that the words of each
 * segment are as likely as possible under that segment's own word distribution (Laplace-smoothed unigrams; Utiyama
 * & Isahara 2001), found exactly by dynamic programming. Tried first, TextTiling's depth scores between
 * neighbouring windows placed boundaries less well on QMSum train/ (docs/insights.md, Chapters).
 */
import { contentWords } from '../notes/text.js';
import { CHOSEN } from './boundary-cues-data.js';

export interface TopicShiftOptions {
  /**
   * About one chapter per this many content words in a meeting of COUNT_REFERENCE_WORDS content words (a meeting with
   * fewer than 1.5 times this has one chapter); see chapterCount.
   */
  readonly wordsPerChapter: number;
  /**
   * How the count grows with the meeting's length: chapters ∝ content words ^ this (1 or absent: one chapter per
   * `wordsPerChapter` content words at any length; 0.5: with the square root, so longer meetings get longer chapters).
   */
  readonly countExponent?: number;
  /** No chapter holds fewer content words than this. */
  readonly minWords: number;
  /** Laplace smoothing of the segments' word distributions. */
  readonly smoothing: number;
  /** Weight of the boundary cue model's log-odds (boundary-cues.ts) against the words' likelihood; 0 or absent: none. */
  readonly cueScale?: number;
}

/**
 * Smoothing chosen on QMSum train/ with `npm run eval:chapters -- --direct`; words per chapter, the count exponent, the
 * least chapter and the cue scale by cross-validation by meeting inside train/ with `npm run train:chapter-cues`
 * (docs/insights.md, Chapters).
 */
export const TOPIC_SHIFT_DEFAULTS: TopicShiftOptions = {
  wordsPerChapter: CHOSEN.wordsPerChapter, countExponent: CHOSEN.countExponent, minWords: CHOSEN.minWords, smoothing: 2, cueScale: CHOSEN.cueScale,
};
/** At most this many units enter the dynamic programme (its table grows with their square): longer meetings join turns. */
const MAX_UNITS = 1000;

interface Unit { readonly turn: number; readonly ids: number[]; readonly turns: number[] }

/** Turns as units of word ids; turns without content words join the next unit; short turns join up to MAX_UNITS units. */
function unitsOf(texts: readonly string[]): { units: Unit[]; vocabulary: number; total: number } {
  const ids = new Map<string, number>();
  const idOf = (w: string) => { let id = ids.get(w); if (id === undefined) { id = ids.size; ids.set(w, id); } return id; };
  const perTurn = texts.map((text) => contentWords(text).map(idOf));
  const total = perTurn.reduce((sum, t) => sum + t.length, 0);
  const least = Math.ceil(total / MAX_UNITS);
  const units: Unit[] = [];
  let open: Unit | undefined;
  perTurn.forEach((words, turn) => {
    open ??= { turn, ids: [], turns: [] };
    open.ids.push(...words); open.turns.push(turn);
    if (open.ids.length >= least && open.ids.length > 0) { units.push(open); open = undefined; }
  });
  if (open?.ids.length) { if (units.length) { units.at(-1)!.ids.push(...open.ids); units.at(-1)!.turns.push(...open.turns); } else units.push(open); }
  return { units, vocabulary: ids.size, total };
}

/** likelihood[i][j]: log likelihood of units i..j-1 as one segment, built incrementally per start. */
function segmentLikelihoods(units: readonly Unit[], vocabulary: number, alpha: number): Float64Array[] {
  const counts = new Float64Array(vocabulary);
  return units.map((_, i) => {
    const row = new Float64Array(units.length + 1).fill(-Infinity);
    const touched: number[] = [];
    let sum = 0; let length = 0;
    for (let j = i; j < units.length; j += 1) {
      for (const w of units[j].ids) {
        const c = counts[w];
        if (c === 0) touched.push(w);
        sum += (c + 1) * Math.log(c + 1 + alpha) - c * Math.log(c + alpha);
        counts[w] = c + 1; length += 1;
      }
      row[j + 1] = sum - length * Math.log(length + alpha * vocabulary);
    }
    for (const w of touched) counts[w] = 0;
    return row;
  });
}

/** A meeting's turns prepared for segmenting: its units and the likelihood of every span of them as one segment. */
export interface PreparedTurns {
  readonly units: readonly Unit[];
  readonly total: number;
  /** Content words before each unit (prefix sums, length units + 1). */
  readonly before: readonly number[];
  readonly likelihood: readonly Float64Array[];
}

/** The units and span likelihoods of a meeting's turns (the costly part; independent of the count and the bonuses). */
export function prepareTurns(texts: readonly string[], smoothing: number): PreparedTurns {
  const { units, vocabulary, total } = unitsOf(texts);
  const before = [0]; for (const u of units) before.push(before.at(-1)! + u.ids.length);
  return { units, total, before, likelihood: segmentLikelihoods(units, vocabulary, smoothing) };
}

/**
 * The best cut of prepared turns into `k` segments of at least `minWords` content words each, a segment starting at a
 * unit gaining that unit's bonus (in log-likelihood units; `bonus[turn]`, the best of the unit's turns, where the cut is
 * then placed). Turn indexes > 0, ascending; none when no such cut exists.
 */
export function segmentPrepared(prepared: PreparedTurns, k: number, minWords: number, bonus?: readonly number[]): number[] {
  const { units, before, likelihood } = prepared;
  const n = units.length;
  if (k < 2 || n < k) return [];
  // Where a segment opening at each unit begins, and what that gains.
  const opening = units.map((u) => (bonus ? u.turns.reduce((b, t) => (bonus[t] > bonus[b] ? t : b), u.turns[0]) : u.turn));
  const gain = opening.map((t, i) => (bonus && i > 0 ? bonus[t] ?? 0 : 0));
  // best[m][j]: best score of units 0..j-1 in m segments; from[m][j]: where its last segment starts.
  const best = Array.from({ length: k + 1 }, () => new Float64Array(n + 1).fill(-Infinity));
  const from = Array.from({ length: k + 1 }, () => new Int32Array(n + 1).fill(-1));
  best[0][0] = 0;
  for (let m = 1; m <= k; m += 1) for (let j = 1; j <= n; j += 1) for (let i = m - 1; i < j; i += 1) {
    if (best[m - 1][i] === -Infinity || before[j] - before[i] < minWords) continue;
    const value = best[m - 1][i] + likelihood[i][j] + gain[i];
    if (value > best[m][j]) { best[m][j] = value; from[m][j] = i; }
  }
  if (best[k][n] === -Infinity) return [];
  const cuts: number[] = [];
  for (let m = k, j = n; m > 1; m -= 1) { j = from[m][j]; cuts.push(opening[j]); }
  return cuts.reverse();
}

/** The meeting length (content words; about 40 minutes of talk on QMSum) at which `wordsPerChapter` holds whatever the exponent. */
export const COUNT_REFERENCE_WORDS = 2000;

/**
 * How many chapters a meeting of `total` content words gets: 1 under 1.5 × `wordsPerChapter`, else
 * (COUNT_REFERENCE_WORDS / wordsPerChapter) × (total / COUNT_REFERENCE_WORDS) ^ countExponent, rounded, at least 2 and
 * no more than `minWords` allows.
 */
export function chapterCount(total: number, options: TopicShiftOptions): number {
  if (total < 1.5 * options.wordsPerChapter) return 1;
  const exponent = options.countExponent ?? 1;
  const count = (COUNT_REFERENCE_WORDS / options.wordsPerChapter) * (total / COUNT_REFERENCE_WORDS) ** exponent;
  return Math.min(Math.max(2, Math.round(count)), Math.floor(total / options.minWords));
}

/**
 * The turns where a new topic begins (indexes > 0, ascending), from the turns' texts and, when given, each turn's
 * bonus for opening a chapter (boundary-cues.ts). A meeting of fewer than 1.5 chapters' worth of content words has none.
 */
export function topicShifts(texts: readonly string[], options: TopicShiftOptions = TOPIC_SHIFT_DEFAULTS, bonus?: readonly number[]): number[] {
  const prepared = prepareTurns(texts, options.smoothing);
  return segmentPrepared(prepared, chapterCount(prepared.total, options), options.minWords, bonus);
}
