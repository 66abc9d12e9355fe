/**
 * Generated meeting notes (spec §3 "Notes") and the engine seam that drafts them. Two engines implement
 * NotesEngine: the on-box extractive one (extractive-engine.ts, default everywhere) and Amazon Bedrock
 * (functions/adapters/bedrock). Both pass the shared contract test (test/unit/notes/engine-contract.ts).
 */
import type { Chapter } from '../chapters/model.js';
import type { Sentence } from '../insights/transcript.js';

export interface NotesInput {
  /** The transcript's sentences in meeting order. */
  readonly sentences: readonly Sentence[];
  /** Names the host gave the speakers, by label (`spk_0` → "Alice"); unnamed speakers read "Speaker N". */
  readonly speakerNames?: Readonly<Record<string, string>>;
}

/** A point of the notes with the time span (seconds) of the words it comes from. */
export interface DraftPoint { readonly text: string; readonly start: number; readonly end: number }

/** An action item of a draft: its text ("Alice: send the deck"), owner (a name; null for the whole team) and due text. */
export interface DraftActionItem extends DraftPoint {
  readonly owner?: string | null;
  readonly due?: string | null;
}

export interface NotesDraft {
  /** One or two sentences. */
  readonly overview: string;
  /** Key points in meeting order. */
  readonly summary: readonly DraftPoint[];
  readonly actionItems: readonly DraftActionItem[];
  /** Agreements reached, in meeting order (engines that cannot tell give none). */
  readonly decisions?: readonly DraftPoint[];
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
  /** Who does it: a speaker's labelled name or a name said in the meeting; null when nobody was named. */
  readonly owner: string | null;
  /** When it is due, as said ("Friday", "end of the month"); null when nobody said. */
  readonly due: string | null;
}

/** An agreement reached in the meeting. */
export interface NotesDecision {
  readonly content: string;
  readonly timestamp_range: TimestampRange;
}

/**
 * The answer of `GET meetings/{id}/generated_notes/`. `timestamp_ranges[i]` is the span of `summary[i]`.
 * `decisions` sits beside the spec's keys (notes stored before it existed have none).
 */
export interface MeetingNotes {
  readonly notes_id: string;
  readonly overview: string;
  readonly summary: string[];
  readonly action_items: ActionItem[];
  readonly timestamp_ranges: TimestampRange[];
  readonly decisions: NotesDecision[];
  /** Beside the spec's keys (core/chapters): built with the notes, slides added when the frames are read. */
  readonly chapters?: readonly Chapter[];
}
