/**
 * Generated meeting notes (spec §3 "Notes") and the engine seam that drafts them. Two engines implement
 * NotesEngine: the on-box extractive one (extractive-engine.ts, default everywhere) and Amazon Bedrock
 * (functions/adapters/bedrock). Both pass the shared contract test (test/unit/notes/engine-contract.ts).
 */
import type { Sentence } from '../insights/transcript.js';

export interface NotesInput {
  /** The transcript's sentences in meeting order. */
  readonly sentences: readonly Sentence[];
}

/** A point of the notes with the time span (seconds) of the words it comes from. */
export interface DraftPoint { readonly text: string; readonly start: number; readonly end: number }

export interface NotesDraft {
  /** One or two sentences. */
  readonly overview: string;
  /** Key points in meeting order. */
  readonly summary: readonly DraftPoint[];
  readonly actionItems: readonly DraftPoint[];
}

/** Port: drafts notes from a transcript. Throws when it cannot (the notes stage is then marked failed). */
export interface NotesEngine {
  readonly name: string;
  draft(input: NotesInput): Promise<NotesDraft>;
}

export interface TimestampRange { readonly start_time: number; readonly end_time: number }

export interface ActionItem {
  readonly number: number;
  readonly content: string;
  readonly timestamp_range: TimestampRange;
  readonly id: string;
  readonly stored_in_todoist: boolean;
}

/** The answer of `GET meetings/{id}/generated_notes/`. `timestamp_ranges[i]` is the span of `summary[i]`. */
export interface MeetingNotes {
  readonly notes_id: string;
  readonly overview: string;
  readonly summary: string[];
  readonly action_items: ActionItem[];
  readonly timestamp_ranges: TimestampRange[];
}
