/** Spoken-word hits (spec §2, §9): 10 a page, the passage with matched words highlighted by prefix; a click opens the recording there. */
import { useState } from 'react';
import { VOICE_SEARCH_PAGE_SIZE } from '@contracts/search.js';
import { useAudioSearch } from '../../../api/search/search-audio.js';
import { ErrorMessage } from '../../../components/message.js';
import { Pagination } from '../../../components/pagination.js';
import { hitCaption } from '../../../components/search-hit-context.js';
import { formatClock, formatDate } from '../../../lib/time.js';
import { HighlightedText } from './highlighted-text.js';
import type { Moment } from './recording-at.js';
import { nothingMatched, SEARCH_ERROR } from './text-search-results.js';

/** "Speech at 1:15, Dana": where in the recording, and who said it when known. */
const spokenAt = (hit: { timestamp: number; speaker_name?: string | null }) =>
  `Speech at ${formatClock(hit.timestamp)}${hit.speaker_name ? `, ${hit.speaker_name}` : ''}`;

export function VoiceSearchResults({ query, meetingId, onOpen }: { query: string; meetingId?: string; onOpen: (moment: Moment) => void }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useAudioSearch({ query, meetingId, page });
  if (isLoading && !data) return <p className="empty-state">Loading...</p>;
  if (error) return <ErrorMessage>{SEARCH_ERROR}</ErrorMessage>;
  if (!data || data.total_matches === 0) return <p className="empty-state">{nothingMatched(query)}</p>;
  return (
    <>
      <p className="search-count">{data.total_matches} {data.total_matches === 1 ? 'match' : 'matches'}</p>
      <ul className="search-hits voice-hits" aria-label="Voice search results">
        {data.matched_data.map((hit) => (
          <li key={`${hit.meeting_id}-${hit.timestamp}`}>
            <button type="button" className="search-hit"
              onClick={() => onOpen({ meetingId: hit.meeting_id, meetingName: hit.meeting_name, timestamp: hit.timestamp })}>
              <span className="search-hit-title">{hit.meeting_name}</span>
              <span className="search-hit-time">{hitCaption(formatDate(hit.meeting_start_time), spokenAt(hit))}</span>
              <span className="search-hit-content"><HighlightedText text={hit.matched_content} query={query} /></span>
            </button>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={Math.ceil(data.total_matches / VOICE_SEARCH_PAGE_SIZE)} onChange={setPage} label="Voice search result pages" />
    </>
  );
}
