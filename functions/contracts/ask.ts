/**
 * POST search/ask/: a question asked of the caller's meetings (docs/search.md, "Ask"; the spec is silent).
 * Imported by the API handler and by the SPA, so the two cannot drift.
 */
import { z } from 'zod';
import { strictNumber } from './numbers.js';

export const ASK_QUESTION_MAX = 500;
export const ASK_CITATIONS_DEFAULT = 3;
export const ASK_CITATIONS_MAX = 10;
export const NOTHING_ANSWERS = 'Nothing in your meetings answers that.';

export const ASK_MESSAGES = {
  required: 'Ask a question.',
  tooLong: `Keep the question under ${ASK_QUESTION_MAX} characters.`,
  citations: `Ask for 1 to ${ASK_CITATIONS_MAX} citations.`,
} as const;

/** Which ranking answers: both fused (the product), or one alone (for evaluation). */
export const ASK_RETRIEVALS = ['hybrid', 'words', 'vectors'] as const;

export const askRequest = z.object({
  question: z.string(ASK_MESSAGES.required).trim().min(1, ASK_MESSAGES.required).max(ASK_QUESTION_MAX, ASK_MESSAGES.tooLong),
  /** Empty or missing: every meeting the caller may read. */
  meeting_id: z.string().trim().max(64).optional().nullable().transform((v) => (v ? v : undefined)),
  max_citations: strictNumber(ASK_MESSAGES.citations)
    .pipe(z.number().int(ASK_MESSAGES.citations).min(1, ASK_MESSAGES.citations).max(ASK_CITATIONS_MAX, ASK_MESSAGES.citations))
    .default(ASK_CITATIONS_DEFAULT),
  retrieval: z.enum(ASK_RETRIEVALS, `retrieval must be one of ${ASK_RETRIEVALS.join(', ')}.`).default('hybrid'),
});
export type AskRequest = z.infer<typeof askRequest>;

/** A character range [start, end) of a citation's `text`: a sentence that answers the question. */
export type Highlight = [number, number];

export interface AskCitation {
  meeting_id: string;
  meeting_name: string;
  /** Seconds from the start of the recording. */
  start_time: number;
  end_time: number;
  /** Who speaks first in the passage ('' for a slide). */
  speaker: string;
  /** The passage: one "Speaker: words" line per turn, or the slide's text. */
  text: string;
  highlights: Highlight[];
  /** Transcript turns covered, inclusive (line numbers of the transcript). */
  turns: [number, number];
  /** A slide's image (presigned, 1 hour). */
  image_url?: string;
  /** The meeting's chapter the passage begins in (docs/insights.md, Chapters); absent when the meeting has no chapters. */
  chapter?: { title: string; start_time: number };
}

export type AskMode = 'extractive' | 'generated';

export interface AskAnswer {
  /**
   * extractive: the highlighted sentences of the best citation, verbatim; NOTHING_ANSWERS when no citation.
   * generated: a language model's short answer written from the citations, each sentence citing `[n]` (citations[n - 1]).
   */
  answer: string;
  mode: AskMode;
  citations: AskCitation[];
}
