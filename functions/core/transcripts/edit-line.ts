/**
 * Correcting the words of one transcript line (host only): the words the host kept keep their times, the words
 * changed or added get times spread evenly between the kept words around them, inside the line's own span.
 */
import type { SpeakerTurn } from './turns.js';

export const LINE_TEXT_MAX = 5000;

export const LINE_EDIT_MESSAGES = {
  empty: 'A line cannot be empty. Put back at least one word.',
  tooLong: `A line may not be longer than ${LINE_TEXT_MAX} characters.`,
  unchanged: 'Please edit the line before saving.',
  noLine: (line: number) => `There is no line ${line} in this transcript.`,
} as const;

type Word = SpeakerTurn['words'][number];

/** A word compared loosely: case and surrounding punctuation do not count as a change of time. */
const key = (text: string) => text.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** Pairs of (old index, new index) of the longest common subsequence of the two token lists (by key). */
function commonWords(before: readonly string[], after: readonly string[]): Array<[number, number]> {
  const n = before.length;
  const m = after.length;
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      table[i]![j] = key(before[i]!) === key(after[j]!) && key(before[i]!) !== ''
        ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const pairs: Array<[number, number]> = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (key(before[i]!) === key(after[j]!) && key(before[i]!) !== '') { pairs.push([i, j]); i += 1; j += 1; }
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return pairs;
}

/**
 * The new words of a line with times: a kept word (same word, maybe with other case or punctuation) keeps its start
 * and end; the others share evenly the gap between the kept words around them (the line's start or end at the edges).
 */
export function retimeLine(turn: Pick<SpeakerTurn, 'start' | 'end' | 'words'>, text: string): Word[] {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  const old = turn.words;
  const pairs = commonWords(old.map((w) => w.text), tokens);
  const kept = new Map(pairs.map(([i, j]) => [j, old[i]!]));
  const words: Word[] = [];
  let j = 0;
  while (j < tokens.length) {
    const anchor = kept.get(j);
    if (anchor) {
      words.push({ text: tokens[j]!, start: anchor.start, end: anchor.end, confidence: anchor.confidence });
      j += 1;
      continue;
    }
    // A run of changed words up to the next kept one.
    let k = j;
    while (k < tokens.length && !kept.has(k)) k += 1;
    const from = words.at(-1)?.end ?? turn.start;
    const to = k < tokens.length ? kept.get(k)!.start : Math.max(turn.end, from);
    const step = Math.max(0, to - from) / (k - j);
    for (let t = j; t < k; t += 1) {
      const start = from + (t - j) * step;
      words.push({ text: tokens[t]!, start: round(start), end: round(start + step), confidence: null });
    }
    j = k;
  }
  return words;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The line with the corrected words: text and words replaced, its span kept (widened only if a kept word lies outside). */
export function editedTurn(turn: SpeakerTurn, text: string): SpeakerTurn {
  const words = retimeLine(turn, text);
  return {
    ...turn,
    text: words.map((w) => w.text).join(' '),
    words,
    start: Math.min(turn.start, words[0]?.start ?? turn.start),
    end: Math.max(turn.end, words.at(-1)?.end ?? turn.end),
  };
}
