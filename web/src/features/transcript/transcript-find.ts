/**
 * The transcript's find box (issue 35 item 9): where a typed text occurs in the lines (case and accents ignored), the
 * "3 of 12" count, and the parts of a text to mark, so the lines can highlight the matches and the current one.
 */

/** One occurrence: the line's index and the characters [start, end) of that line's text. */
export interface FindMatch { readonly line: number; readonly start: number; readonly end: number }

/** A run of a text: plain, a match, or the current match. */
export interface TextPart { readonly text: string; readonly mark: 'none' | 'match' | 'current' }

/** Lower case without accents, one character for one (so offsets in the folded text are offsets in the original). */
function fold(text: string): string {
  return [...text].map((c) => {
    const plain = c.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    return plain.length === c.length ? plain : c;
  }).join('');
}

/** Every occurrence of `query` (trimmed; case and accents ignored) in `texts`, in reading order; none for a blank query. */
export function findMatches(texts: readonly string[], query: string): FindMatch[] {
  const needle = fold(query.trim());
  if (needle === '') return [];
  const matches: FindMatch[] = [];
  texts.forEach((text, line) => {
    const hay = fold(text);
    for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) {
      matches.push({ line, start: at, end: at + needle.length });
    }
  });
  return matches;
}

/** "3 of 12", "No matches", or '' for a blank query (what the live region reads). */
export function matchCount(query: string, total: number, current: number): string {
  if (query.trim() === '') return '';
  return total === 0 ? 'No matches' : `${current + 1} of ${total}`;
}

/** The index after `current` (forwards or backwards), wrapping round; 0 when there is none yet. */
export function stepMatch(current: number, total: number, direction: 1 | -1): number {
  if (total === 0) return 0;
  return (((current + direction) % total) + total) % total;
}

/**
 * `text` (which starts at `offset` of its line's text) cut into plain and marked runs for the line's `matches`;
 * `current` is the current match when it is on this line.
 */
export function markedParts(text: string, offset: number, matches: readonly FindMatch[], current?: FindMatch): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const m of matches) {
    const start = Math.max(0, m.start - offset);
    const end = Math.min(text.length, m.end - offset);
    if (end <= start || start < at) continue;
    if (start > at) parts.push({ text: text.slice(at, start), mark: 'none' });
    parts.push({ text: text.slice(start, end), mark: m === current ? 'current' : 'match' });
    at = end;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at), mark: 'none' });
  return parts;
}

/** What find searches in each line: its timed words joined by spaces when known (what the line shows), else its text. */
export function searchableTexts(lines: readonly { text: string }[], words?: readonly (readonly { text: string }[])[]): string[] {
  const timed = words !== undefined && words.length === lines.length;
  return lines.map((line, i) => (timed && words[i]!.length > 0 ? words[i]!.map((w) => w.text).join(' ') : line.text));
}
