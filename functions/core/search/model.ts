/**
 * The search domain: what the index holds (meetings, spoken segments, frames) and the one SearchIndex
 * port both adapters implement (embedded MiniSearch locally, OpenSearch in the cloud). Access is not
 * the index's job: every query names the meetings the caller may see, resolved from the meetings
 * repository at query time, so sharing, removing and deleting take effect at once.
 */
import type { FrameRef } from '../pipeline/run-state.js';

/** A meeting as the index knows it: its name (searched) and who may see it (kept for audit and reindexing). */
export interface MeetingDoc {
  readonly meetingId: string;
  readonly name: string;
  /** ISO; newer meetings rank first on ties. */
  readonly createdAt: string;
  readonly emails: readonly string[];
}

export interface SpokenWord { readonly text: string; readonly start: number }

/** A spoken passage: consecutive words of one speaker, split at long pauses and at a size bound. */
export interface SegmentDoc {
  readonly meetingId: string;
  readonly createdAt: string;
  /** Position in the meeting (0-based); with meetingId it is the document's identity. */
  readonly position: number;
  readonly start: number;
  readonly end: number;
  readonly speaker: string;
  readonly words: readonly SpokenWord[];
}

/** Textract's relative box: 0..1 of the image width (left, width) and height (top, height). */
export interface RelativeBox { readonly left: number; readonly top: number; readonly width: number; readonly height: number }

export interface FrameWord { readonly text: string; readonly box: RelativeBox; readonly confidence: number }

/** One extracted video frame with the words OCR found on it. */
export interface FrameDoc extends FrameRef {
  readonly meetingId: string;
  readonly createdAt: string;
  readonly words: readonly FrameWord[];
}

/** Query terms (normalised, see text.ts) and the meetings to look in; an empty list finds nothing. */
export interface IndexQuery {
  readonly terms: readonly string[];
  readonly meetingIds: readonly string[];
}

export interface PagedQuery extends IndexQuery { readonly from: number; readonly size: number }

export interface IndexPage<T> { readonly total: number; readonly hits: readonly T[] }

/**
 * Matching everywhere: every term must start some word of the document (case-insensitive word prefix).
 * Ranking everywhere: more terms matching a whole word first, then newer meetings, then meetingId,
 * then earlier in the recording (timestamp/start, then position).
 */
export interface SearchIndex {
  upsertMeeting(doc: MeetingDoc): Promise<void>;
  /** Removes the meeting with its segments and frames; nothing happens for an unknown id. */
  removeMeeting(meetingId: string): Promise<void>;
  /** Replaces every spoken segment of the meeting. */
  replaceSegments(meetingId: string, segments: readonly SegmentDoc[]): Promise<void>;
  /** Replaces every frame of the meeting. */
  replaceFrames(meetingId: string, frames: readonly FrameDoc[]): Promise<void>;
  /** Meeting documents of the given ids that the index holds, any order. */
  findMeetings(meetingIds: readonly string[]): Promise<MeetingDoc[]>;
  /** Meetings whose name matches, ranked, all of them. */
  matchMeetingNames(query: IndexQuery): Promise<MeetingDoc[]>;
  /** The best-ranked matching frame of each meeting, ranked, at most `limit`. */
  bestFramePerMeeting(query: IndexQuery & { readonly limit: number }): Promise<FrameDoc[]>;
  searchFrames(query: PagedQuery): Promise<IndexPage<FrameDoc>>;
  searchSegments(query: PagedQuery): Promise<IndexPage<SegmentDoc>>;
}
