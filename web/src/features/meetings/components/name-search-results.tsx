/**
 * Meeting-name search hits, 12 per page on the client (spec §7, §9); each opens the meeting's own view and says the
 * meeting's date and where the query matched: its name, or text on one of its slides (issue 35).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMeetingSearch } from '../../../api/search/search-meetings.js';
import { hitCaption, matchedWhere } from '../../../components/search-hit-context.js';
import { formatDate } from '../../../lib/time.js';
import { ErrorMessage } from '../../../components/message.js';
import { pageCount } from '../../../components/page-window.js';
import { LOAD_ERROR, nothingMatched } from '../list-messages.js';
import { Pagination } from '../../../components/pagination.js';

const SEARCH_PAGE_SIZE = 12;

export function NameSearchResults({ query }: { query: string }) {
  const { data, error, isLoading } = useMeetingSearch(query);
  const [page, setPage] = useState(1);
  if (isLoading) return <p className="empty-state">Loading...</p>;
  if (error) return <ErrorMessage>{LOAD_ERROR}</ErrorMessage>;
  const hits = data ?? [];
  if (hits.length === 0) return <p className="empty-state">{nothingMatched(query)}</p>;
  const shown = hits.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE);
  return (
    <>
      <ul className="search-hits" aria-label="Search results">
        {shown.map((hit) => (
          <li key={hit.meeting_id}>
            <Link className="search-hit-title" to={`/home/meeting/${encodeURIComponent(hit.meeting_id)}`}>{hit.meeting_name}</Link>
            <span className="search-hit-time">{hitCaption(formatDate(hit.start_time), matchedWhere(hit.matched_in, hit.timestamp))}</span>
            {hit.matches.length > 0 && <span className="search-hit-words">Matched: {hit.matches.join(', ')}</span>}
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={pageCount(hits.length, SEARCH_PAGE_SIZE)} onChange={setPage} label="Search result pages" />
    </>
  );
}
