/** PUT /api/meetings/{id}/update_transcript_line/ {line, text} — host only: corrects the words of one line (issue 17). */
import { apiRequest } from '../api-client.js';

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
