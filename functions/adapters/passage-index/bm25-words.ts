import type { BM25Params } from 'minisearch';
import { findTerm, type WordPostings } from './word-postings.js';

/** A passage found by words: its owner (a meeting's passages), its index there, its score. */
export interface WordHit<Owner> { readonly owner: Owner; readonly index: number; readonly score: number }

/**
 * BM25+ over every meeting's passages, scored as MiniSearch scores one field (so the rankings tuned with it
 * stay): idf from the passages holding the term among all indexed passages, length from the average over all,
 * each query term's scores summed, and the sum multiplied by the number of query terms the passage holds.
 * Terms are interned once here; each meeting holds its postings by term id (WordPostings).
 */
export class Bm25Words {
  private readonly ids = new Map<string, number>();
  private documentFrequency = new Uint32Array(1024);
  private documents = 0;
  private totalLength = 0;

  constructor(private readonly params: BM25Params) {}

  /** The id of a term, interned on first sight. */
  intern(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(term, id);
      if (id >= this.documentFrequency.length) {
        const grown = new Uint32Array(this.documentFrequency.length * 2);
        grown.set(this.documentFrequency);
        this.documentFrequency = grown;
      }
    }
    return id;
  }

  /** Counts a meeting's passages into the collection's statistics. */
  add(postings: WordPostings): void { this.count(postings, 1); }

  /** Takes a meeting's passages out of the statistics (after add). */
  remove(postings: WordPostings): void { this.count(postings, -1); }

  /** Passages of the given owners holding any of `terms`, with their scores (unsorted). */
  search<Owner>(terms: readonly string[], owners: ReadonlyArray<{ owner: Owner; postings: WordPostings }>): WordHit<Owner>[] {
    const query = terms.map((t, i) => ({ id: this.ids.get(t), first: terms.indexOf(t) === i }))
      .filter((q): q is { id: number; first: boolean } => q.id !== undefined && this.documentFrequency[q.id] > 0);
    if (query.length === 0 || this.documents === 0) return [];
    const average = this.totalLength / this.documents;
    const hits: WordHit<Owner>[] = [];
    for (const { owner, postings } of owners) {
      const n = postings.passageCount;
      const scores = new Float64Array(n);
      const matched = new Uint8Array(n);
      const freq = new Float64Array(n);
      for (const { id, first } of query) {
        const k = findTerm(postings, id);
        if (k < 0) continue;
        const touched: number[] = [];
        for (let i = postings.termStart[k]; i < postings.termStart[k + 1]; i += 1) {
          const line = postings.postingLines[i];
          for (let q = postings.linePassageStart[line]; q < postings.linePassageStart[line + 1]; q += 1) {
            const p = postings.linePassages[q];
            if (freq[p] === 0) touched.push(p);
            freq[p] += postings.postingFreqs[i];
          }
        }
        for (const p of touched) {
          scores[p] += this.score(freq[p], this.documentFrequency[id], postings.passageLength[p], average);
          if (first) matched[p] += 1;
          freq[p] = 0;
        }
      }
      for (let p = 0; p < n; p += 1) if (matched[p] > 0) hits.push({ owner, index: p, score: scores[p] * matched[p] });
    }
    return hits;
  }

  /** MiniSearch's BM25+ for one term of one passage. */
  private score(termFreq: number, matching: number, length: number, average: number): number {
    const { k, b, d } = this.params;
    const idf = Math.log(1 + (this.documents - matching + 0.5) / (matching + 0.5));
    return idf * (d + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * length) / average)));
  }

  private count(postings: WordPostings, sign: 1 | -1): void {
    this.documents += sign * postings.passageCount;
    for (const length of postings.passageLength) this.totalLength += sign * length;
    postings.termIds.forEach((id, k) => { this.documentFrequency[id] += sign * postings.termPassages[k]; });
  }
}
