/** POST /api/search/ (form-encoded `query`) — meeting-name hits, the whole list at once (paged on the client). */
import useSWR from 'swr';
import type { MeetingSearchHit as NameSearchHit } from '@contracts/search.js';
import { apiRequest } from '../api-client.js';

export const SEARCH_KEY = '/api/search/';

/** Searches meeting names; throws ApiError. */
export function searchMeetings(query: string): Promise<NameSearchHit[]> {
  return apiRequest<NameSearchHit[]>(SEARCH_KEY, { method: 'POST', form: { query } });
}

/** The hits for `query`, or nothing while the query is empty. */
export function useMeetingSearch(query: string) {
  const trimmed = query.trim();
  return useSWR(trimmed ? [SEARCH_KEY, trimmed] : null, () => searchMeetings(trimmed));
}
