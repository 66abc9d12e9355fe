/** PUT /api/meetings/{id}/update_transcript_line/ {line, text} — host only: corrects the words of one line (issue 17). */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiRequest } from '../api-client.js';
import { notesKey } from '../insights/get-notes.js';
import { transcriptKey, transcriptWordsKey } from './get-transcript.js';

export interface TranscriptLineUpdated {
  line: number;
  turn: { speaker: string; start: number; end: number; text: string; words: Array<{ text: string; start: number; end: number }> };
  url: string;
  expiration_time: string;
}

/** Throws ApiError (400 with {text|line: [..]} or {detail}, 403 not host, 404 not visible). */
export function updateTranscriptLine(meetingId: string, line: number, text: string): Promise<TranscriptLineUpdated> {
  return apiRequest<TranscriptLineUpdated>(`/api/meetings/${encodeURIComponent(meetingId)}/update_transcript_line/`, { method: 'PUT', json: { line, text } });
}

/**
 * Saves a corrected line, then reads again the transcript, its words' times and the notes (which now carry
 * `transcript_edited_at`, so the notes modal offers to regenerate them); a failed read leaves that cache as it was.
 * The call throws ApiError.
 */
export function useUpdateTranscriptLine(meetingId: string): (line: number, text: string) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async (line: number, text: string) => {
    await updateTranscriptLine(meetingId, line, text);
    await Promise.allSettled([transcriptKey(meetingId), transcriptWordsKey(meetingId), notesKey(meetingId)].map((key) => mutate(key)));
  }, [meetingId, mutate]);
}
