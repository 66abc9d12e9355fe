/**
 * Answers of the transcript calls (spec §7: meetings/{id}/transcript/, speaker_names/, update_speaker_names/),
 * shared by the API and the SPA.
 */
import { z } from 'zod';

/** Processing state of the transcript as the calls report it; 'not_uploaded' when nothing was ever processed. */
export type TranscriptStatus = 'not_uploaded' | 'queued' | 'processing' | 'ready' | 'failed';

/**
 * GET meetings/{id}/transcript/. While not ready, url and expiration_time are null (spec §4: missing content
 * after a successful fetch means "not ready"); reason says why a failed one failed.
 */
export interface TranscriptLink {
  url: string | null;
  expiration_time: string | null;
  status: TranscriptStatus;
  reason: string | null;
}

/** GET meetings/{id}/speaker_names/ — label ('Speaker N') → name; empty while the transcript is not ready. */
export interface SpeakerNamesAnswer {
  speakerNames: Record<string, string>;
  status: TranscriptStatus;
}

/** PUT meetings/{id}/update_speaker_names/ answer: the names now in force and a link to the rewritten file. */
export interface SpeakerNamesUpdated {
  speakerNames: Record<string, string>;
  url: string;
  expiration_time: string;
}

/** PUT meetings/{id}/update_speaker_names/ body. */
export const updateSpeakerNamesRequest = z.object({
  speakerNames: z.record(z.string().max(64), z.string('Every speaker needs a name.'), 'speakerNames must map speaker labels to names.')
    .refine((names) => Object.keys(names).length <= 50, 'Too many speakers.'),
});
export type UpdateSpeakerNamesRequest = z.infer<typeof updateSpeakerNamesRequest>;

export const TRANSCRIPT_URL_SECONDS = 60 * 60;

/** PUT meetings/{id}/update_transcript_line/ body (issue 17): the 0-based line of the txt file and its corrected text. */
export const updateTranscriptLineRequest = z.object({
  line: z.number('line must be the number of a line.').int('line must be the number of a line.').min(0, 'line must be the number of a line.'),
  text: z.string('text is required.').max(20_000, 'A line may not be longer than 5000 characters.'),
});

/** GET meetings/{id}/speaker_name_suggestions/ (ours, issue 30): names said in the meeting, host only, never stored. */
export interface NameSuggestionsAnswer {
  suggestions: { speaker: string; name: string; line: string; start: number; said_by: string }[];
}
