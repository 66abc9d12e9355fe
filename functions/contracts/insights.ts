/**
 * Answers of the insights calls (spec §3 "Notes", "Sentiment item"; §7; §8; §9): sentiment series and
 * generated notes. Imported by the API and by the SPA, so the two cannot drift.
 */
export type SentimentClass = 'positive' | 'negative' | 'neutral';

export interface SentimentItemView {
  /** Seconds from the start of the recording. */
  start_time: number;
  end_time: number;
  sentiment_score: number;
  sentiment: SentimentClass;
  speaker_label: string;
  /** The speaker's name as it is now (beside the spec's keys, issue 30); `Speaker N` while unnamed. */
  speaker_name?: string;
  emotions: string[];
  content: string;
}

export interface SpeakerSentimentView {
  speaker_label: string;
  /** As on SentimentItemView. */
  speaker_name?: string;
  sentences: number;
  mean_score: number;
  first_quarter_mean: number | null;
  last_quarter_mean: number | null;
  trend: number | null;
}

/**
 * GET meetings/{id}/sentiments_data/. Not ready: 200 with an empty `sentiments_data` and status
 * 'processing' (spec §4: missing content after a successful fetch means "not ready"); failed: status 'failed'.
 */
export interface SentimentsResponse {
  sentiments_data: SentimentItemView[];
  speakers: SpeakerSentimentView[];
  status: 'ready' | 'processing' | 'failed';
}

export interface TimestampRangeView { start_time: number; end_time: number }

export interface ActionItemView {
  number: number;
  content: string;
  timestamp_range: TimestampRangeView;
  id: string;
  stored_in_todoist: boolean;
  /** Who does it (a labelled speaker name or a name said); null or absent when nobody was named (absent in notes made before owners existed). */
  owner?: string | null;
  /** When it is due, as said ("Friday"); null or absent when nobody said. */
  due?: string | null;
  /** The ledger's state (issue 33); absent means open. */
  status?: 'open' | 'done';
  /** A due date the host picked (YYYY-MM-DD); the ledger (`GET action_items/`) also reads one from `due`. */
  due_date?: string | null;
  /** Fields the host changed (a regenerate keeps them). */
  edited?: readonly ('content' | 'owner' | 'due')[];
  /** How sure the notes engine is (0..1); absent when the engine gives none (the rule engine) and in older notes. */
  confidence?: number;
  /** A low-confidence item the host has not kept yet: the notes show it as a suggestion to keep (PATCH kept) or drop (DELETE). */
  suggested?: true;
}

/** An agreement reached in the meeting (beside the spec's keys; absent in notes made before decisions existed). `confidence` as on action items. */
export interface DecisionView { content: string; timestamp_range: TimestampRangeView; confidence?: number; suggested?: true }

/** The slide on screen for most of a chapter: when it was first and last seen, its title, a 320 px picture (1 h link). */
export interface ChapterSlideView { start_time: number; end_time: number; title: string; thumbnail_url: string | null }

/**
 * A chapter of the meeting (beside the spec's keys; absent in notes made before chapters existed): its title, span
 * (seconds), the transcript lines it holds (`turns`: first and last index), its speakers' names, and its slide.
 */
export interface ChapterView {
  title: string;
  start_time: number;
  end_time: number;
  turns: [number, number];
  speakers: string[];
  slide: ChapterSlideView | null;
}

/** GET meetings/{id}/generated_notes/ (404 `{detail}` while generating). `timestamp_ranges[i]` spans `summary[i]`. */
export interface NotesResponse {
  notes_id: string;
  overview: string;
  summary: string[];
  action_items: ActionItemView[];
  timestamp_ranges: TimestampRangeView[];
  decisions?: DecisionView[];
  /** Beside the spec's keys: the note in BasicOps ('Open in BasicOps'), once stored there. */
  basicops_note_url?: string;
  /** Beside the spec's keys: what the host should know about storing these notes in Todoist or BasicOps. */
  delivery_notices?: string[];
  /** Beside the spec's keys (issue 17): when the host last corrected a transcript line after these notes were made. */
  transcript_edited_at?: string;
  chapters?: ChapterView[];
}

export const INSIGHTS_MESSAGES = {
  notesGenerating: 'Your meeting notes are being generated. You will get an e-mail when they are ready; it takes about 10 minutes per hour of recording.',
  notesFailed: 'There was an error fetching your meeting notes. Please contact support.',
  notesGenerationFailed: 'The notes of this meeting could not be generated.',
  sentimentsNotReady: 'Your sentiment analysis is being prepared. It takes about 15 minutes per hour of recording.',
  sentimentsFailed: 'There was an error fetching your sentiment analysis. Please contact support.',
  notesEmpty: 'Nothing was said in this recording, so there is nothing to summarise.',
  notesRegenerated: 'The notes were generated again from the current transcript and speaker names.',
  notesRegenerateFailed: 'The notes could not be generated again. Please try again later.',
  notesOutdatedHost: 'The transcript was corrected after these notes were made. Regenerate the notes to bring them up to date with the corrected text.',
  notesOutdatedReader: 'The host corrected the transcript after these notes were made, so the notes may not match it yet.',
} as const;

/** Spec §9 "Sentiment chart". */
export const SENTIMENT_CHART = {
  timePaddingSeconds: 10,
  scorePadding: 0.2,
  defaultScoreRange: [-0.8, 0.8] as const,
  defaultTimeRange: [10, 1990] as const,
  scoreRange: [-1, 1] as const,
  classes: ['positive', 'negative', 'neutral'] as const,
} as const;
