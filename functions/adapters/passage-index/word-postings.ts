/**
 * One meeting's words for BM25, held on its distinct lines rather than on its passages: a speech line sits in
 * two overlapping passages (core/ask/passages.ts), so postings by line are half as many, and a passage's term
 * frequency is the sum over its lines. All in typed arrays (compressed sparse rows): a Map per term and
 * document, as MiniSearch keeps them, took ~100 MB for 500 meeting-hours.
 */
export interface WordPostings {
  readonly passageCount: number;
  /** The meeting's distinct term ids, ascending; `termStart[k]…termStart[k+1]` index its postings. */
  readonly termIds: Uint32Array;
  readonly termStart: Uint32Array;
  /** How many of the meeting's passages hold term k (its share of the document frequency). */
  readonly termPassages: Uint32Array;
  /** Postings: a line holding the term, and how often. */
  readonly postingLines: Uint32Array;
  readonly postingFreqs: Uint16Array;
  /** Passages holding line l: `linePassages[linePassageStart[l]…linePassageStart[l+1]]`. */
  readonly linePassageStart: Uint32Array;
  readonly linePassages: Uint32Array;
  /** Each passage's length: its distinct terms (MiniSearch 7's field length). */
  readonly passageLength: Uint32Array;
}

/** A passage's lines: `count` lines from `first` in the meeting's line table. */
export interface LineRange { readonly first: number; readonly count: number }

/** Postings of a meeting whose lines have the given term ids (repeats kept) and whose passages cover the given line ranges. */
export function buildPostings(lineTerms: readonly (readonly number[])[], passages: readonly LineRange[]): WordPostings {
  const lineCount = lineTerms.length;
  const linePassageStart = new Uint32Array(lineCount + 1);
  for (const p of passages) for (let l = p.first; l < p.first + p.count; l += 1) linePassageStart[l + 1] += 1;
  for (let l = 0; l < lineCount; l += 1) linePassageStart[l + 1] += linePassageStart[l];
  const linePassages = new Uint32Array(linePassageStart[lineCount]);
  const filled = linePassageStart.slice(0, lineCount);
  passages.forEach((p, i) => { for (let l = p.first; l < p.first + p.count; l += 1) linePassages[filled[l]++] = i; });
  const passageLength = new Uint32Array(passages.length);

  const byTerm = new Map<number, Array<[line: number, freq: number]>>();
  lineTerms.forEach((terms, line) => {
    const freqs = new Map<number, number>();
    for (const t of terms) freqs.set(t, (freqs.get(t) ?? 0) + 1);
    for (const [t, freq] of freqs) {
      let list = byTerm.get(t);
      if (!list) byTerm.set(t, (list = []));
      list.push([line, Math.min(freq, 0xffff)]);
    }
  });
  const termIds = Uint32Array.from([...byTerm.keys()].sort((a, b) => a - b));
  const termStart = new Uint32Array(termIds.length + 1);
  termIds.forEach((t, k) => { termStart[k + 1] = termStart[k] + byTerm.get(t)!.length; });
  const postingLines = new Uint32Array(termStart[termIds.length]);
  const postingFreqs = new Uint16Array(postingLines.length);
  const termPassages = new Uint32Array(termIds.length);
  const seenBy = new Int32Array(passages.length).fill(-1);
  termIds.forEach((t, k) => {
    byTerm.get(t)!.forEach(([line, freq], j) => {
      postingLines[termStart[k] + j] = line;
      postingFreqs[termStart[k] + j] = freq;
      for (let q = linePassageStart[line]; q < linePassageStart[line + 1]; q += 1) {
        const p = linePassages[q];
        if (seenBy[p] !== k) { seenBy[p] = k; termPassages[k] += 1; passageLength[p] += 1; }
      }
    });
  });
  return { passageCount: passages.length, termIds, termStart, termPassages, postingLines, postingFreqs, linePassageStart, linePassages, passageLength };
}

/** Index of `termId` in the meeting's sorted term ids, −1 when the meeting does not hold it. */
export function findTerm(postings: WordPostings, termId: number): number {
  let low = 0;
  let high = postings.termIds.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = postings.termIds[mid];
    if (at === termId) return mid;
    if (at < termId) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}
