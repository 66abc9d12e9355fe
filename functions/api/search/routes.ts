import { askRequest } from '../../contracts/ask.js';
import { searchRequest } from '../../contracts/meetings.js';
import { searchAudioRequest, searchContentRequest } from '../../contracts/search.js';
import { askMeetings, type AskPorts } from '../../core/ask/ask.js';
import type { RetrievalPorts } from '../../core/ask/retrieval.js';
import { searchAudio, searchContent, searchMeetings, type SearchPorts } from '../../core/search/search-calls.js';
import { route, type Route } from '../http/router.js';

/**
 * Search across the caller's meetings (spec §7 "Search"): POST search/ (form-encoded `query`, names and
 * on-screen text), search/search_content/ (on-screen text), search/search_audio/ (spoken words), and
 * search/ask/ (a question answered with the passages it comes from, docs/search.md "Ask").
 */
export function searchRoutes(d: SearchPorts & RetrievalPorts & Pick<AskPorts, 'llm' | 'onExtractiveFallback' | 'chapters'>): Route<any>[] {
  return [
    route({ method: 'POST', path: 'search/search_content/', auth: 'user', body: searchContentRequest,
      handle: ({ principal, body }) => searchContent(d, principal,
        { query: body.query, meetingId: body.meeting_id, page: body.page, pageSize: body.page_size }) }),
    route({ method: 'POST', path: 'search/search_audio/', auth: 'user', body: searchAudioRequest,
      handle: ({ principal, body }) => searchAudio(d, principal,
        { query: body.query, meetingId: body.meeting_id, page: body.page, pageSize: body.page_size }) }),
    route({ method: 'POST', path: 'search/ask/', auth: 'user', body: askRequest,
      handle: ({ principal, body }) => askMeetings(d, principal,
        { question: body.question, meetingId: body.meeting_id, maxCitations: body.max_citations, retrieval: body.retrieval }) }),
    route({ method: 'POST', path: 'search/', auth: 'user', body: searchRequest,
      handle: ({ principal, body }) => searchMeetings(d, principal, body.query) }),
  ];
}
