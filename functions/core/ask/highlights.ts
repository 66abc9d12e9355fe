import type { Highlight } from '../../contracts/ask.js';
import { passageTerms } from './terms.js';

/** At most this many sentences of a passage are highlighted. */
export const MAX_HIGHLIGHTS = 2;

const SENTENCE = /[^.?!\n]+[.?!]*/g;

/** Sentences of a text as [start, end) ranges, without their leading and trailing spaces. */
export function sentenceRanges(text: string): Highlight[] {
  const ranges: Highlight[] = [];
  for (const match of text.matchAll(SENTENCE)) {
    const raw = match[0];
    const start = match.index + (raw.length - raw.trimStart().length);
    const end = match.index + raw.trimEnd().length;
    if (end > start) ranges.push([start, end]);
  }
  return ranges;
}

/**
 * The sentences of a passage that answer best: the most question terms shared (each term once), at
 * least one; ties go to the earlier sentence. Returned in text order. Sentences are cut at . ? ! and
 * line ends; a "Speaker:" label is part of its line's first sentence.
 */
export function highlightSentences(text: string, terms: readonly string[]): Highlight[] {
  const wanted = new Set(terms);
  if (wanted.size === 0) return [];
  return sentenceRanges(text)
    .map((range, order) => ({ range, order, shared: new Set(passageTerms(text.slice(range[0], range[1]))) }))
    .map((s) => ({ ...s, count: [...s.shared].filter((t) => wanted.has(t)).length }))
    .filter((s) => s.count > 0)
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .slice(0, MAX_HIGHLIGHTS)
    .sort((a, b) => a.order - b.order)
    .map((s) => s.range);
}
