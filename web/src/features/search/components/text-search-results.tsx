/** On-screen text hits (spec §2, §9): 12 a page, each frame with the matched words boxed; a click opens the recording there. */
import { useState } from 'react';
import { TEXT_SEARCH_PAGE_SIZE } from '@contracts/search.js';
import { useContentSearch } from '../../../api/search/search-content.js';
import { ErrorMessage } from '../../../components/message.js';
import { Pagination } from '../../../components/pagination.js';
import { hitCaption } from '../../../components/search-hit-context.js';
import { formatClock, formatDate } from '../../../lib/time.js';
import { groupStaticFrames } from '../static-frames.js';
import { FrameWithBoxes } from './frame-with-boxes.js';
import type { Moment } from './recording-at.js';

export const SEARCH_ERROR = 'There was an error searching your meetings. Please try again later.';
export const nothingMatched = (query: string): string => `Nothing matched for "${query}".`;

interface ResultsProps { query: string; meetingId?: string; onOpen: (moment: Moment) => void }

export function TextSearchResults({ query, meetingId, onOpen }: ResultsProps) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useContentSearch({ query, meetingId, page });
  if (isLoading && !data) return <p className="empty-state">Loading...</p>;
  if (error) return <ErrorMessage>{SEARCH_ERROR}</ErrorMessage>;
  if (!data || data.total_matches === 0) return <p className="empty-state">{nothingMatched(query)}</p>;
  return (
    <>
      <p className="search-count">{data.total_matches} {data.total_matches === 1 ? 'match' : 'matches'}</p>
      <ul className="search-hits text-hits" aria-label="Text search results">
        {/* A slide on screen for minutes is one card with each time it was seen, not one identical thumbnail a minute. */}
        {groupStaticFrames(data.matched_data).map(({ hit, timestamps }) => (
          <li key={`${hit.meetingId}-${hit.timestamp}-${hit.imageUrl.split('?')[0]}`} className="text-hit">
            <button type="button" className="search-hit"
              onClick={() => onOpen({ meetingId: hit.meetingId, meetingName: hit.meetingName, timestamp: hit.timestamp })}>
              <FrameWithBoxes hit={hit} alt={`${hit.meetingName} at ${formatClock(hit.timestamp)}`} />
              <span className="search-hit-title">{hit.meetingName}</span>
              <span className="search-hit-time">{hitCaption(formatDate(hit.meetingStartTime), `Slide text at ${formatClock(hit.timestamp)}`)}</span>
              <span className="search-hit-words">{hit.words.map((w) => w.text).join(' ')}</span>
            </button>
            {timestamps.length > 1 && (
              <p className="search-hit-also">
                On screen at{' '}
                {timestamps.map((t) => (
                  <button key={t} type="button" className="time-chip" aria-label={`${hit.meetingName} at ${formatClock(t)}`}
                    onClick={() => onOpen({ meetingId: hit.meetingId, meetingName: hit.meetingName, timestamp: t })}>
                    {formatClock(t)}
                  </button>
                ))}
              </p>
            )}
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={Math.ceil(data.total_matches / TEXT_SEARCH_PAGE_SIZE)} onChange={setPage} label="Text search result pages" />
    </>
  );
}
