/**
 * Ask across meetings: the passage index. A passage is a few consecutive transcript turns (speech) or one
 * distinct slide's on-screen text (slide), with its place in the recording; each has one dense vector
 * (unit length) beside its words. The PassageIndex port is implemented by the embedded index (local
 * edition) and OpenSearch (cloud, a k-NN field beside the text); one contract suite runs against both.
 * As with search, access is not the index's job: every query names the meetings the caller may read.
 */

export type PassageKind = 'speech' | 'slide';

/** One speaker turn of a passage, as cited. */
export interface PassageLine {
  readonly speaker: string;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export interface PassageDoc {
  readonly meetingId: string;
  readonly kind: PassageKind;
  /** Position among the meeting's passages of this kind (0-based). */
  readonly position: number;
  /** Transcript turns covered (inclusive); a slide has the turn spoken at its time, or -1 without a transcript. */
  readonly firstTurn: number;
  readonly lastTurn: number;
  /** Seconds from the start of the recording. */
  readonly start: number;
  readonly end: number;
  readonly lines: readonly PassageLine[];
  /** The slide's image (media bucket key); speech passages have none. */
  readonly imageKey?: string;
}

/** A passage with its vector, as written. */
export interface IndexedPassage extends PassageDoc { readonly vector: Float32Array }

export interface ScoredPassage { readonly passage: PassageDoc; readonly score: number }

interface ScopedQuery { readonly meetingIds: readonly string[]; readonly limit: number }

/** Words (normalised, see text.ts terms) to rank by BM25: any may match (OR). */
export interface WordQuery extends ScopedQuery { readonly terms: readonly string[] }

/** A unit query vector: passages ranked by cosine similarity. */
export interface VectorQuery extends ScopedQuery { readonly vector: Float32Array }

export interface PassageIndex {
  /** Replaces the meeting's passages of one kind (the others stay). */
  replacePassages(meetingId: string, kind: PassageKind, passages: readonly IndexedPassage[]): Promise<void>;
  /** Removes every passage of the meeting; nothing happens for an unknown id. */
  removePassages(meetingId: string): Promise<void>;
  /** BM25 over the passages' words (speaker names included), best first, only in `meetingIds`. */
  matchWords(query: WordQuery): Promise<ScoredPassage[]>;
  /** Nearest passages by cosine similarity, best first, only in `meetingIds`. */
  nearest(query: VectorQuery): Promise<ScoredPassage[]>;
}

/** The text a passage is matched by: each line as "Speaker: words". */
export const passageText = (passage: Pick<PassageDoc, 'lines'>): string =>
  passage.lines.map((l) => (l.speaker ? `${l.speaker}: ${l.text}` : l.text)).join('\n');

/** Identity of a passage across both rankings. */
export const passageKey = (p: Pick<PassageDoc, 'meetingId' | 'kind' | 'position'>): string => `${p.meetingId}:${p.kind}:${p.position}`;
