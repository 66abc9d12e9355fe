/**
 * How close recognised word times are to a reference that gives times per turn (the fixtures have no
 * per-word times): words are aligned to the reference text (Levenshtein, after WER normalisation), and
 * each matched word is checked against the time of the turn its reference word belongs to.
 */
import type { RecognizedWord } from './types.js';
import { normalizeWords } from './wer.js';

export interface TimedTurn { start: number; end: number; text: string }

export interface WordTimeAccuracy {
  /** Reference words matched by a recognised word. */
  matched: number;
  /** Share of matched words whose middle lies inside their turn (± `tolerance`). */
  insideShare: number;
  /** Mean |start of the first matched word − turn start| and |end of the last − turn end|, seconds, over turns with matches. */
  meanBoundaryError: number;
}

/** Index pairs [reference, hypothesis] of the exact matches on one cheapest alignment. */
export function alignMatches(reference: readonly string[], hypothesis: readonly string[]): Array<[number, number]> {
  const n = reference.length;
  const m = hypothesis.length;
  const cost = Array.from({ length: n + 1 }, (_, i) => Int32Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      cost[i]![j] = Math.min(cost[i - 1]![j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1), cost[i - 1]![j]! + 1, cost[i]![j - 1]! + 1);
    }
  }
  const pairs: Array<[number, number]> = [];
  for (let i = n, j = m; i > 0 && j > 0;) {
    const same = reference[i - 1] === hypothesis[j - 1];
    if (cost[i]![j] === cost[i - 1]![j - 1]! + (same ? 0 : 1)) {
      if (same) pairs.push([i - 1, j - 1]);
      i--; j--;
    } else if (cost[i]![j] === cost[i - 1]![j]! + 1) i--;
    else j--;
  }
  return pairs.reverse();
}

export function measureWordTimes(turns: readonly TimedTurn[], words: readonly RecognizedWord[], tolerance = 0.25): WordTimeAccuracy {
  const reference: Array<{ token: string; turn: number }> = [];
  turns.forEach((t, k) => { for (const token of normalizeWords(t.text)) reference.push({ token, turn: k }); });
  const hypothesis: Array<{ token: string; word: number }> = [];
  words.forEach((w, k) => { for (const token of normalizeWords(w.text)) hypothesis.push({ token, word: k }); });
  const pairs = alignMatches(reference.map((r) => r.token), hypothesis.map((h) => h.token));
  let inside = 0;
  const perTurn = new Map<number, { first: RecognizedWord; last: RecognizedWord }>();
  for (const [r, h] of pairs) {
    const turn = turns[reference[r]!.turn]!;
    const word = words[hypothesis[h]!.word]!;
    const middle = (word.start + word.end) / 2;
    if (middle >= turn.start - tolerance && middle <= turn.end + tolerance) inside++;
    const seen = perTurn.get(reference[r]!.turn);
    if (seen) seen.last = word;
    else perTurn.set(reference[r]!.turn, { first: word, last: word });
  }
  let boundary = 0;
  for (const [k, { first, last }] of perTurn) boundary += (Math.abs(first.start - turns[k]!.start) + Math.abs(last.end - turns[k]!.end)) / 2;
  return { matched: pairs.length, insideShare: pairs.length ? inside / pairs.length : 0, meanBoundaryError: perTurn.size ? boundary / perTurn.size : 0 };
}
