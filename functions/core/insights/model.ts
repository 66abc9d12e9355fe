/**
 * Insights of a processed meeting: the sentiment series (spec §3 "Sentiment item") and the ports the
 * sentiment use cases need. Adapters implement the ports; tests use in-memory ones.
 */
import type { DetectedSentiment, SentimentClass } from './scoring.js';
import type { SpeakerSentiment } from './speaker-trends.js';

export interface SentimentItem {
  /** Seconds from the start of the recording. */
  readonly start_time: number;
  readonly end_time: number;
  /** Positive − Negative, −1..1. */
  readonly sentiment_score: number;
  readonly sentiment: SentimentClass;
  /** `spk_N`. */
  readonly speaker_label: string;
  /** Emotion categories from the lexicon in emotions.ts, most matched first (may be empty). */
  readonly emotions: string[];
  readonly content: string;
}

/** What the sentiment stage stores and the API serves. */
export interface SentimentsDocument {
  readonly sentiments_data: SentimentItem[];
  readonly speakers: SpeakerSentiment[];
}

export interface BatchItemError { readonly index: number; readonly code: string; readonly message: string }

/** One BatchDetectSentiment call's answer, by index into the texts sent. */
export interface BatchOutcome {
  readonly results: readonly { readonly index: number; readonly detected: DetectedSentiment }[];
  readonly errors: readonly BatchItemError[];
}

/** Port: a sentiment service taking at most 25 texts of at most 5,000 UTF-8 bytes each (Comprehend's limits). */
export interface SentimentDetector { detectBatch(texts: readonly string[]): Promise<BatchOutcome> }

export type InsightKind = 'sentiments' | 'notes';
export type InsightStatus = 'ready' | 'failed';

export interface InsightState {
  readonly status: InsightStatus;
  /** ISO time of the last change. */
  readonly updatedAt: string;
  readonly reason?: string;
}

/** Port: where the insights of a meeting are kept, with their status. */
export interface InsightsStore<Notes = unknown> {
  state(meetingId: string, kind: InsightKind): Promise<InsightState | undefined>;
  saveSentiments(meetingId: string, document: SentimentsDocument): Promise<void>;
  loadSentiments(meetingId: string): Promise<SentimentsDocument | undefined>;
  saveNotes(meetingId: string, notes: Notes): Promise<void>;
  loadNotes(meetingId: string): Promise<Notes | undefined>;
  /** Marks the artefact failed unless it is already ready (a failed re-run never hides finished work). */
  markFailed(meetingId: string, kind: InsightKind, reason: string): Promise<void>;
}
