/** POST /api/search/search_content/ {query, meeting_id, page, page_size} — on-screen text hits, 12 a page (spec §7, §9). */
import useSWR from 'swr';
import { TEXT_SEARCH_PAGE_SIZE, type ContentHit, type SearchPage } from '@contracts/search.js';
import { apiRequest } from '../api-client.js';

export const SEARCH_CONTENT_KEY = '/api/search/search_content/';

export interface PagedSearch { query: string; meetingId?: string; page: number }

/** One page of frames showing every query word; throws ApiError. */
export function searchContent({ query, meetingId, page }: PagedSearch): Promise<SearchPage<ContentHit>> {
  return apiRequest<SearchPage<ContentHit>>(SEARCH_CONTENT_KEY, {
    method: 'POST', json: { query, meeting_id: meetingId ?? null, page, page_size: TEXT_SEARCH_PAGE_SIZE },
  });
}

/** The page of text hits for a search, or nothing while the query is empty. */
export function useContentSearch(search: PagedSearch) {
  const query = search.query.trim();
  return useSWR(query ? [SEARCH_CONTENT_KEY, query, search.meetingId ?? '', search.page] : null,
    () => searchContent({ ...search, query }), { keepPreviousData: true });
}
