/** Highlighting by word prefix (spec §9): a word is marked when it starts with one of the query's words. */

const WORD = /[\p{L}\p{N}]+/gu;
const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();

/** The query's words, folded (case and accents), as the server matches them. */
export const queryWords = (query: string): string[] => [...new Set(fold(query).match(WORD) ?? [])];

/** Does a written word ("Agenda,") start with one of the query words? */
function isMatch(word: string, terms: readonly string[]): boolean {
  return (fold(word).match(WORD) ?? []).some((token) => terms.some((t) => token.startsWith(t)));
}

/** Splits text into runs: each word that matches by prefix is its own run with match = true; spacing is kept. */
export function highlightParts(text: string, query: string): Array<{ text: string; match: boolean }> {
  const terms = queryWords(query);
  const parts: Array<{ text: string; match: boolean }> = [];
  for (const piece of text.split(/(\s+)/)) {
    if (!piece) continue;
    const match = piece.trim() !== '' && terms.length > 0 && isMatch(piece, terms);
    const last = parts.at(-1);
    if (last && !last.match && !match) last.text += piece;
    else parts.push({ text: piece, match });
  }
  return parts;
}
