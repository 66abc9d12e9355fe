import MiniSearch from 'minisearch';
import type { FrameDoc, SegmentDoc } from '../../core/search/model.js';

/** What one MiniSearch search found: the document's position and how many terms matched a whole word. */
export interface PartitionMatch { readonly position: number; readonly exact: number }

type TextIndex = MiniSearch<{ id: number; text: string }>;

// Text is indexed already normalised (core/search/text.ts), so MiniSearch only splits on spaces.
const splitSpaces = (text: string): string[] => (text ? text.split(' ') : []);
const keep = (term: string) => term;

function textIndex(texts: readonly string[]): TextIndex {
  const index: TextIndex = new MiniSearch({
    fields: ['text'], storeFields: [], tokenize: splitSpaces, processTerm: keep,
    searchOptions: { prefix: true, fuzzy: false, combineWith: 'AND', tokenize: splitSpaces, processTerm: keep },
  });
  index.addAll(texts.map((text, id) => ({ id, text })));
  return index;
}

function search(index: TextIndex, terms: readonly string[]): PartitionMatch[] {
  if (terms.length === 0) return [];
  return index.search(terms.join(' ')).map((r) => ({ position: r.id as number, exact: terms.filter((q) => r.terms.includes(q)).length }));
}

/*
 * Documents are held compactly (words joined into one string, times and boxes in typed arrays) and
 * rebuilt on a hit: a meeting-hour has ~9,000 spoken words, and an object per word would dominate memory.
 */
interface Packed<Meta> { meta: Meta; words: string; numbers: Float64Array }
type SegmentMeta = Omit<SegmentDoc, 'words'>;
type FrameMeta = Omit<FrameDoc, 'words'>;

const packSegment = ({ words, ...meta }: SegmentDoc): Packed<SegmentMeta> =>
  ({ meta, words: words.map((w) => w.text).join(' '), numbers: Float64Array.from(words, (w) => w.start) });
const unpackSegment = ({ meta, words, numbers }: Packed<SegmentMeta>): SegmentDoc =>
  ({ ...meta, words: splitSpaces(words).map((text, i) => ({ text, start: numbers[i] })) });
const packFrame = ({ words, ...meta }: FrameDoc): Packed<FrameMeta> =>
  ({ meta, words: words.map((w) => w.text).join(' '), numbers: Float64Array.from(words.flatMap((w) => [w.box.left, w.box.top, w.box.width, w.box.height, w.confidence])) });
const unpackFrame = ({ meta, words, numbers }: Packed<FrameMeta>): FrameDoc => ({
  ...meta,
  words: splitSpaces(words).map((text, i) => ({
    text, box: { left: numbers[5 * i], top: numbers[5 * i + 1], width: numbers[5 * i + 2], height: numbers[5 * i + 3] }, confidence: numbers[5 * i + 4],
  })),
});

/**
 * One meeting's spoken segments and frames with a MiniSearch index over each, built on first search.
 * A meeting per partition keeps a query's work proportional to the caller's own meetings, and a write
 * rewrites one file.
 */
export class Partition {
  private readonly segments: Packed<SegmentMeta>[];
  private readonly frames: Packed<FrameMeta>[];
  private segmentIndex?: TextIndex;
  private frameIndex?: TextIndex;

  constructor(segments: readonly SegmentDoc[], frames: readonly FrameDoc[], private readonly tokenize: (t: string) => string[]) {
    this.segments = segments.map(packSegment);
    this.frames = frames.map(packFrame);
  }

  get isEmpty(): boolean { return this.segments.length === 0 && this.frames.length === 0; }
  get segmentCount(): number { return this.segments.length; }
  get frameCount(): number { return this.frames.length; }
  segment(position: number): SegmentDoc { return unpackSegment(this.segments[position]); }
  frame(position: number): FrameDoc { return unpackFrame(this.frames[position]); }
  /** Only the rank fields of a document, without rebuilding its words. */
  segmentMeta(position: number): SegmentMeta { return this.segments[position].meta; }
  frameMeta(position: number): FrameMeta { return this.frames[position].meta; }
  allSegments(): SegmentDoc[] { return this.segments.map(unpackSegment); }
  allFrames(): FrameDoc[] { return this.frames.map(unpackFrame); }

  matchSegments(terms: readonly string[]): PartitionMatch[] {
    this.segmentIndex ??= textIndex(this.segments.map((s) => this.tokenize(s.words).join(' ')));
    return search(this.segmentIndex, terms);
  }

  matchFrames(terms: readonly string[]): PartitionMatch[] {
    this.frameIndex ??= textIndex(this.frames.map((f) => this.tokenize(f.words).join(' ')));
    return search(this.frameIndex, terms);
  }
}
