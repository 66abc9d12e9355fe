/** PUT /api/meetings/{id}/dismiss_speaker_name_suggestion/ {speaker, name} — host only: hides a suggestion for this meeting (issue 30). */
import { dismissNameSuggestionRequest, type NameSuggestionsAnswer } from '@contracts/transcripts.js';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiRequest } from '../api-client.js';
import { nameSuggestionsKey } from './get-name-suggestions.js';

/** Answers the suggestions left. Throws ApiError. */
export function dismissNameSuggestion(meetingId: string, speaker: string, name: string): Promise<NameSuggestionsAnswer> {
  return apiRequest<NameSuggestionsAnswer>(`/api/meetings/${encodeURIComponent(meetingId)}/dismiss_speaker_name_suggestion/`, {
    method: 'PUT', json: dismissNameSuggestionRequest.parse({ speaker, name }),
  });
}

/** Dismisses a suggestion and puts the suggestions left into the cache. The call throws ApiError. */
export function useDismissNameSuggestion(meetingId: string): (speaker: string, name: string) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async (speaker: string, name: string) => {
    await mutate(nameSuggestionsKey(meetingId), await dismissNameSuggestion(meetingId, speaker, name), { revalidate: false });
  }, [meetingId, mutate]);
}
