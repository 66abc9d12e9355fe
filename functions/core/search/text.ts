/**
 * The one normaliser of search: index and query split text the same way, so "Agenda," matches "agen".
 * Words are runs of letters and digits; case and diacritics are folded.
 */
const WORD = /[\p{L}\p{N}]+/gu;
const MAX_QUERY_TERMS = 8;

/** Lower-cased, diacritic-free tokens of a text, in order (repeats kept). */
export function tokenize(text: string): string[] {
  return (text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().match(WORD) ?? []);
}

/** The distinct query terms (at most 8, longest kept when more are given); empty when nothing searchable. */
export function queryTerms(query: string): string[] {
  const distinct = [...new Set(tokenize(query))];
  if (distinct.length <= MAX_QUERY_TERMS) return distinct;
  return [...distinct].sort((a, b) => b.length - a.length).slice(0, MAX_QUERY_TERMS);
}

/** Does some token of `text` start with `term`? */
export const hasPrefix = (tokens: readonly string[], term: string): boolean => tokens.some((t) => t.startsWith(term));

/** Every term starts some token: the "all words within one hit" rule. */
export const matchesAll = (tokens: readonly string[], terms: readonly string[]): boolean => terms.every((q) => hasPrefix(tokens, q));

/** How many terms equal a whole token (exact word), the first ranking key. */
export const exactCount = (tokens: readonly string[], terms: readonly string[]): number => terms.filter((q) => tokens.includes(q)).length;

/** Does this word (as written, e.g. "Agenda,") start with one of the terms? Used to pick words to highlight. */
export function wordMatches(word: string, terms: readonly string[]): boolean {
  return tokenize(word).some((token) => terms.some((q) => token.startsWith(q)));
}
