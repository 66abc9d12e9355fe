import { WORDS_BY_FREQUENCY } from './word-commonness-data.js';

let ranks: Map<string, number> | undefined;

/** 1-based frequency rank of a word in spoken English (SUBTLEX-US); undefined past the 30,000 most common. */
export function frequencyRank(word: string): number | undefined {
  ranks ??= new Map(WORDS_BY_FREQUENCY.split(' ').map((w, i) => [w, i + 1]));
  return ranks.get(word.toLowerCase());
}

const SCALE = Math.log(30_001);

/**
 * How specific a word is, 0..1: log(rank) / log(30,001), so "you" ≈ 0, "time" ≈ 0.4, "budget" ≈ 0.8 and
 * any word rarer than the 30,000 most common is 1. A topic made of specific words says more about a meeting.
 */
export function specificity(word: string): number {
  const rank = frequencyRank(word);
  return rank === undefined ? 1 : Math.log(rank) / SCALE;
}
