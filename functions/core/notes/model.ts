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

/**
 * A point of the notes with the time span (seconds) of the words it comes from. `confidence` (0..1): how sure
 * the engine is of an action item or decision (the model engine gives it; the rule engine gives none).
 */
export interface DraftPoint {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly confidence?: number;
  /** The engine is unsure (its confidence is in the band where held-out precision was lowest): shown to the host as a suggestion. */
  readonly suggested?: boolean;
}

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
  /** How sure the engine is that this is an action item (0..1); absent when the engine gives none. */
  readonly confidence?: number;
  /** A low-confidence item the host has not kept yet (shown as a suggestion to keep or drop); absent otherwise. */
  readonly suggested?: true;
  /** The host kept it (from a suggestion, or by editing it): a regenerate never drafts it as a suggestion again nor drops it. */
  readonly kept?: true;
  /** The ledger's state of the item (docs/insights.md, "Action items ledger"); absent means open. */
  readonly status?: ActionItemStatus;
  /** ISO time of the last change of `status` (here or in Todoist); older Todoist events are ignored. */
  readonly status_changed_at?: string;
  /** A due date the host picked (YYYY-MM-DD); absent: read from `due` and the meeting's date. null: the host cleared it. */
  readonly due_date?: string | null;
  /** The fields the host changed; a regenerate keeps them. */
  readonly edited?: readonly EditableActionItemField[];
  /** The Todoist task made from this item. */
  readonly todoist_task_id?: string;
}

export type ActionItemStatus = 'open' | 'done';
export type EditableActionItemField = 'content' | 'owner' | 'due';

/** An action item the host deleted: kept so that a regenerate does not draft it again. */
export interface DeletedActionItem {
  readonly id: string;
  readonly content: string;
  readonly timestamp_range: TimestampRange;
}

/** An agreement reached in the meeting. */
export interface NotesDecision {
  readonly content: string;
  readonly timestamp_range: TimestampRange;
  /** How sure the engine is that this was decided (0..1); absent when the engine gives none. */
  readonly confidence?: number;
  /** A low-confidence decision: shown marked as possible. */
  readonly suggested?: true;
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
  /** Items the host deleted (never shown; a regenerate does not bring them back). */
  readonly deleted_action_items?: DeletedActionItem[];
  /** Beside the spec's keys (core/chapters): built with the notes, slides added when the frames are read. */
  readonly chapters?: readonly Chapter[];
  /**
   * The speaker names (display label → name) the text was written with; reads show it under the current names
   * (core/speakers/named-reads.ts). Absent in notes made before it existed: then each speaker was its own label.
   */
  readonly speaker_names?: Readonly<Record<string, string>>;
}
