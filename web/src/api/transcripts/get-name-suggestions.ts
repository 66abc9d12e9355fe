/** GET /api/meetings/{id}/speaker_name_suggestions/ — host only: names said in the meeting, less the dismissed ones (issue 30). */
import useSWR from 'swr';
import type { NameSuggestionsAnswer } from '@contracts/transcripts.js';
import { apiRequest } from '../api-client.js';

export type NameSuggestion = NameSuggestionsAnswer['suggestions'][number];

export const nameSuggestionsKey = (meetingId: string) => `/api/meetings/${encodeURIComponent(meetingId)}/speaker_name_suggestions/`;

/** Fetches the suggestions; throws ApiError (403 for a participant). */
export function getNameSuggestions(meetingId: string): Promise<NameSuggestionsAnswer> {
  return apiRequest<NameSuggestionsAnswer>(nameSuggestionsKey(meetingId));
}

/** The suggestions, fetched only when `enabled` (the host, with a ready transcript). */
export function useNameSuggestions(meetingId: string, enabled: boolean) {
  return useSWR(enabled ? nameSuggestionsKey(meetingId) : null, () => getNameSuggestions(meetingId), { revalidateOnFocus: false, shouldRetryOnError: false });
}
