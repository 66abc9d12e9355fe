/** POST /api/search/search_audio/ {query, meeting_id, page, page_size} — spoken-word hits, 10 a page (spec §7, §9). */
import useSWR from 'swr';
import { VOICE_SEARCH_PAGE_SIZE, type AudioHit, type SearchPage } from '@contracts/search.js';
import { apiRequest } from '../api-client.js';
import type { PagedSearch } from './search-content.js';

export const SEARCH_AUDIO_KEY = '/api/search/search_audio/';

/** One page of spoken passages holding every query word; throws ApiError. */
export function searchAudio({ query, meetingId, page }: PagedSearch): Promise<SearchPage<AudioHit>> {
  return apiRequest<SearchPage<AudioHit>>(SEARCH_AUDIO_KEY, {
    method: 'POST', json: { query, meeting_id: meetingId ?? null, page, page_size: VOICE_SEARCH_PAGE_SIZE },
  });
}

/** The page of voice hits for a search, or nothing while the query is empty. */
export function useAudioSearch(search: PagedSearch) {
  const query = search.query.trim();
  return useSWR(query ? [SEARCH_AUDIO_KEY, query, search.meetingId ?? '', search.page] : null,
    () => searchAudio({ ...search, query }), { keepPreviousData: true });
}
