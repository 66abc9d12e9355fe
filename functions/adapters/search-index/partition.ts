import MiniSearch from 'minisearch';
import type { FrameDoc, SegmentDoc } from '../../core/search/model.js';

/** What one MiniSearch search found: the document's position and how many terms matched a whole word. */
export interface PartitionMatch { readonly position: number; readonly exact: number }

const SEARCH_OPTIONS = { prefix: true, fuzzy: false, combineWith: 'AND' } as const;
// Text is stored already normalised (core/search/text.ts), so MiniSearch only splits on spaces.
const splitSpaces = (text: string): string[] => (text ? text.split(' ') : []);

function textIndex(texts: readonly string[]): MiniSearch<{ id: number; text: string }> {
  const index = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'], storeFields: [], tokenize: splitSpaces, processTerm: (t) => t,
    searchOptions: { ...SEARCH_OPTIONS, tokenize: splitSpaces, processTerm: (t) => t },
  });
  index.addAll(texts.map((text, id) => ({ id, text })));
  return index;
}

function search(index: MiniSearch<{ id: number; text: string }>, terms: readonly string[]): PartitionMatch[] {
  if (terms.length === 0) return [];
  return index.search(terms.join(' ')).map((r) => ({
    position: r.id as number,
    exact: terms.filter((q) => r.terms.includes(q)).length,
  }));
}

/**
 * One meeting's spoken segments and frames with a MiniSearch index over each. A meeting per
 * partition keeps a query's work proportional to the caller's own meetings, and a write rewrites one file.
 */
export class Partition {
  private segmentIndex?: MiniSearch<{ id: number; text: string }>;
  private frameIndex?: MiniSearch<{ id: number; text: string }>;

  constructor(readonly segments: readonly SegmentDoc[], readonly frames: readonly FrameDoc[], private readonly tokenize: (t: string) => string[]) {}

  get isEmpty(): boolean { return this.segments.length === 0 && this.frames.length === 0; }

  matchSegments(terms: readonly string[]): PartitionMatch[] {
    this.segmentIndex ??= textIndex(this.segments.map((s) => this.tokenize(s.words.map((w) => w.text).join(' ')).join(' ')));
    return search(this.segmentIndex, terms);
  }

  matchFrames(terms: readonly string[]): PartitionMatch[] {
    this.frameIndex ??= textIndex(this.frames.map((f) => this.tokenize(f.words.map((w) => w.text).join(' ')).join(' ')));
    return search(this.frameIndex, terms);
  }
}
