/** PUT /api/meetings/{id}/dismiss_speaker_name_suggestion/ {speaker, name} — host only: hides a suggestion for this meeting (issue 30). */
import { dismissNameSuggestionRequest, type NameSuggestionsAnswer } from '@contracts/transcripts.js';
import { apiRequest } from '../api-client.js';

/** Answers the suggestions left. Throws ApiError. */
export function dismissNameSuggestion(meetingId: string, speaker: string, name: string): Promise<NameSuggestionsAnswer> {
  return apiRequest<NameSuggestionsAnswer>(`/api/meetings/${encodeURIComponent(meetingId)}/dismiss_speaker_name_suggestion/`, {
    method: 'PUT', json: dismissNameSuggestionRequest.parse({ speaker, name }),
  });
}
