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

/** POST meetings/{id}/transcript_import/?file_name= (issue 27): the largest transcript file taken (a 4-hour meeting is well under 1 MB). */
export const TRANSCRIPT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** File name endings the import reads (the upload control's accept list adds them beside .mp4 and .m4a). */
export const TRANSCRIPT_IMPORT_EXTENSIONS = ['.vtt', '.srt', '.txt', '.json'] as const;

/** Answer of a transcript import: the file was read in full and processing of the meeting started. */
export interface TranscriptImportStarted { status: 'started' }

/** The import's refusals (docs/meetings.md "Transcript import"); malformed files get `Line N: …` details. */
export const TRANSCRIPT_IMPORT_MESSAGES = {
  tooLarge: `The transcript file is larger than ${TRANSCRIPT_IMPORT_MAX_BYTES / (1024 * 1024)} MB. `
    + 'A transcript of a four-hour meeting is well under 1 MB: check that this is a transcript file.',
  empty: 'The transcript file is empty.',
  noText: 'The transcript file has no spoken text in it.',
  unknownFormat: 'MeetScribe cannot tell what kind of transcript this is. Import a WebVTT (.vtt), SubRip (.srt), '
    + 'text (.txt, one "Name: words" line per turn) or JSON (.json, a list of {speaker, text} turns) file.',
  unsupportedType: (type: string) =>
    `Transcripts of type '${type}' cannot be imported. Import a WebVTT (.vtt), SubRip (.srt), text (.txt) or JSON (.json) file.`,
  alreadyHasRecording: 'This meeting already has a recording or a transcript. Create a new meeting to import a transcript.',
} as const;

/** GET meetings/{id}/speaker_name_suggestions/ (ours, issue 30): names said in the meeting, host only, never stored. */
export interface NameSuggestionsAnswer {
  suggestions: { speaker: string; name: string; line: string; start: number; said_by: string }[];
}

/** PUT meetings/{id}/dismiss_speaker_name_suggestion/ (ours, issue 30): the suggestion the host dismissed; answers the ones left. */
export const dismissNameSuggestionRequest = z.object({
  speaker: z.string('speaker is required.').trim().min(1, 'speaker is required.').max(64, 'speaker must be a speaker label.'),
  name: z.string('name is required.').trim().min(1, 'name is required.').max(100, 'name may not be longer than 100 characters.'),
});
export type DismissNameSuggestionRequest = z.infer<typeof dismissNameSuggestionRequest>;

/**
 * GET meetings/{id}/speaker_name_options/ (ours, issue 30): names to pick from when renaming, host only — the meeting's
 * (its speakers' and attendees' names) first, then the host's recently typed names, most recent first.
 */
export interface NameOptionsAnswer {
  names: { name: string; source: 'meeting' | 'recent' }[];
}
