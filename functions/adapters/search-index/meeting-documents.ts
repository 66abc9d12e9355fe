import type { FrameDoc, SegmentDoc } from '../../core/search/model.js';
import type { RankKey } from '../../core/search/ranking.js';

/** What ranking needs of a document (all but the match count) without rebuilding its words. */
export type RankFields = Omit<RankKey, 'exact'>;

const splitSpaces = (text: string): string[] => (text ? text.split(' ') : []);
const SEGMENT_HEAD = 3; // start, end, position
const FRAME_HEAD = 4; // timestamp, position, width, height
const BOX = 5; // left, top, width, height, confidence

/**
 * One meeting's spoken segments, held column-wise: a meeting-hour has ~9,000 spoken words, and an
 * object (or typed array) per word or per segment would dominate the embedded index's memory. Words
 * are kept as written, space-joined per segment; numbers in Float64Arrays, so every value comes back
 * exactly as stored. All segments of a meeting carry the meeting's id and creation time.
 */
export class SegmentColumns {
  readonly count: number;
  private readonly createdAt: string;
  private readonly words: string[];
  private readonly heads: Float64Array;
  private readonly speakers: string[] = [];
  private readonly speakerOf: Uint16Array;
  private readonly wordOffsets: Uint32Array;
  private readonly wordStarts: Float64Array;

  constructor(readonly meetingId: string, segments: readonly SegmentDoc[]) {
    this.count = segments.length;
    this.createdAt = segments[0]?.createdAt ?? '';
    this.words = segments.map((s) => s.words.map((w) => w.text).join(' '));
    this.heads = Float64Array.from(segments.flatMap((s) => [s.start, s.end, s.position]));
    this.speakerOf = Uint16Array.from(segments, (s) => this.speakerNumber(s.speaker));
    this.wordOffsets = offsets(segments.map((s) => s.words.length));
    this.wordStarts = Float64Array.from(segments.flatMap((s) => s.words.map((w) => w.start)));
  }

  /** The words of each segment as written, space-joined, in order (what gets indexed). */
  texts(): readonly string[] { return this.words; }

  rank(i: number): RankFields {
    return { meetingId: this.meetingId, createdAt: this.createdAt, time: this.heads[SEGMENT_HEAD * i], position: this.heads[SEGMENT_HEAD * i + 2] };
  }

  get(i: number): SegmentDoc {
    const first = this.wordOffsets[i];
    return {
      meetingId: this.meetingId, createdAt: this.createdAt, position: this.heads[SEGMENT_HEAD * i + 2],
      start: this.heads[SEGMENT_HEAD * i], end: this.heads[SEGMENT_HEAD * i + 1], speaker: this.speakers[this.speakerOf[i]],
      words: splitSpaces(this.words[i]).map((text, w) => ({ text, start: this.wordStarts[first + w] })),
    };
  }

  all(): SegmentDoc[] { return Array.from({ length: this.count }, (_, i) => this.get(i)); }

  private speakerNumber(speaker: string): number {
    const known = this.speakers.indexOf(speaker);
    return known >= 0 ? known : this.speakers.push(speaker) - 1;
  }
}

/** One meeting's frames with their OCR words and boxes, held column-wise like SegmentColumns. */
export class FrameColumns {
  readonly count: number;
  private readonly createdAt: string;
  private readonly words: string[];
  private readonly heads: Float64Array;
  private readonly keys: string[];
  private readonly boxOffsets: Uint32Array;
  private readonly boxes: Float64Array;

  constructor(readonly meetingId: string, frames: readonly FrameDoc[]) {
    this.count = frames.length;
    this.createdAt = frames[0]?.createdAt ?? '';
    this.words = frames.map((f) => f.words.map((w) => w.text).join(' '));
    this.heads = Float64Array.from(frames.flatMap((f) => [f.timestamp, f.position, f.width, f.height]));
    this.keys = frames.flatMap((f) => [f.imageKey, f.thumbnailKey]);
    this.boxOffsets = offsets(frames.map((f) => f.words.length));
    this.boxes = Float64Array.from(frames.flatMap((f) => f.words.flatMap((w) => [w.box.left, w.box.top, w.box.width, w.box.height, w.confidence])));
  }

  texts(): readonly string[] { return this.words; }

  rank(i: number): RankFields {
    return { meetingId: this.meetingId, createdAt: this.createdAt, time: this.heads[FRAME_HEAD * i], position: this.heads[FRAME_HEAD * i + 1] };
  }

  get(i: number): FrameDoc {
    const first = this.boxOffsets[i];
    const at = (w: number, k: number) => this.boxes[BOX * (first + w) + k];
    return {
      meetingId: this.meetingId, createdAt: this.createdAt, position: this.heads[FRAME_HEAD * i + 1],
      timestamp: this.heads[FRAME_HEAD * i], imageKey: this.keys[2 * i], thumbnailKey: this.keys[2 * i + 1],
      width: this.heads[FRAME_HEAD * i + 2], height: this.heads[FRAME_HEAD * i + 3],
      words: splitSpaces(this.words[i]).map((text, w) => ({
        text, box: { left: at(w, 0), top: at(w, 1), width: at(w, 2), height: at(w, 3) }, confidence: at(w, 4),
      })),
    };
  }

  all(): FrameDoc[] { return Array.from({ length: this.count }, (_, i) => this.get(i)); }
}

/** Start offsets of consecutive runs of the given lengths, with the total at the end. */
function offsets(lengths: readonly number[]): Uint32Array {
  const result = new Uint32Array(lengths.length + 1);
  lengths.forEach((length, i) => { result[i + 1] = result[i] + length; });
  return result;
}
